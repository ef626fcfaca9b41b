import { actorOfSession } from "../../../server/http/web-session-actor";
import { webContext } from "../../../server/load-context";
import { pageLocale } from "../../utils/auth.server";
import { orNotFound } from "../../utils/http-errors.server";
import { goneResponse, manageFileCall } from "../../utils/manage-files.server";
import { pdfDownload } from "../../utils/pdf-response.server";
import type { Route } from "./+types/waiver-pdf";

/** `/waiver/{token}/pdf`: the person's signed waiver as a PDF through their own sign link (decision 080); not signed yet: 404. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const actor = actorOfSession(await web.session());
  const file = await manageFileCall(() => orNotFound(web.services.waivers.pdf(actor, { access: { waiverToken: params.token }, locale: pageLocale(url) })));
  if ("gone" in file) return goneResponse(pageLocale(url), file.gone);
  return pdfDownload({ pdf: file.pdf, filename: file.fileName });
}
