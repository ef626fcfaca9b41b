import { webContext } from "../../../server/load-context";
import { actorOfSession } from "../../../server/http/web-session-actor";
import { pageLocale } from "../../utils/auth.server";
import { orNotFound, uuidOrNotFound } from "../../utils/http-errors.server";
import { goneResponse, manageFileCall } from "../../utils/manage-files.server";
import type { Route } from "./+types/my-booking-file";

/** `/my-booking/{token}/files/{upload}`: a file uploaded to the booking, for the holder of its link (never from the web root). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const uploadId = uuidOrNotFound(params.upload);
  const actor = actorOfSession(await web.session());
  const file = await manageFileCall(() => orNotFound(Promise.resolve(web.services.manage.uploadFile(actor, { token: params.token, uploadId }))));
  if ("gone" in file) return goneResponse(pageLocale(url), file.gone);
  return new Response(file.body, {
    headers: {
      // Served as a download only, never rendered by the browser (the type was sniffed at upload).
      "Content-Type": file.mediaType,
      "Content-Length": String(file.sizeBytes),
      "Content-Disposition": `attachment; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
