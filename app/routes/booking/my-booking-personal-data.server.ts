import { webContext } from "../../../server/load-context";
import { actorOfSession } from "../../../server/http/web-session-actor";
import { pageLocale } from "../../utils/auth.server";
import { orNotFound } from "../../utils/http-errors.server";
import { goneResponse, manageFileCall } from "../../utils/manage-files.server";
import { personalDataDownload } from "../../utils/personal-data-response.server";
import type { Route } from "./+types/my-booking-personal-data";

/** `/my-booking/{token}/personal-data/{json|pdf}`: what the site holds about this booking, through the manage link (decision 076). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const actor = actorOfSession(await web.session());
  const file = await manageFileCall(() => orNotFound(web.services.privacy.exportData(actor, { subject: { manageToken: params.token }, format: params.format, locale })));
  if ("gone" in file) return goneResponse(locale, file.gone);
  return personalDataDownload(file);
}
