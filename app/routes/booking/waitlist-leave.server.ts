import { webContext } from "../../../server/load-context";
import { pageLocale } from "../../utils/auth.server";
import { orNotFound } from "../../utils/http-errors.server";
import type { Route } from "./+types/waitlist-leave";

/** The signed link of a waitlist sign-up's confirmation (issue 32): shows what it names; a wrong link is the 404 page. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const entry = await orNotFound(web.services.readWaitlistLeave(params.token, locale));
  return { locale, ...entry };
}

/** Leaving takes a press of the button (a mail scanner following the link must not do it); pressed twice, it says so. */
export async function action({ url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { outcome } = await orNotFound(web.services.leaveWaitlist(params.token, pageLocale(url)));
  return { outcome };
}
