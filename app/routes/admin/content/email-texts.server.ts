import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/email-texts";

/** `/admin/email-texts` (+ /de): the e-mails staff may reword, and per language whether they did (decision 037). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  return { locale: pageLocale(url), templates: await web.services.staffEmailTexts.list(actor) };
}
