import { actorOf } from "../../../server/auth/authorize";
import { webContext } from "../../../server/load-context";
import { pageLocale, requireUser, sessionActor } from "../../utils/auth.server";
import { orNotFound } from "../../utils/http-errors.server";
import { personalDataDownload } from "../../utils/personal-data-response.server";
import type { Route } from "./+types/personal-data";

/** `/settings/personal-data/{json|pdf}`: everything the site holds about the logged-in account (decision 076). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const user = await requireUser(url, web);
  const actor = actorOf(await sessionActor(url, web));
  const file = await orNotFound(web.services.privacy.exportData(actor, { subject: { account: user.uuid }, format: params.format, locale: pageLocale(url) }));
  return personalDataDownload(file);
}
