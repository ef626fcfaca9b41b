import { translatorFor } from "../../../core/i18n/i18n";
import { AppError } from "../../../server/errors";
import { webContext } from "../../../server/load-context";
import { setPasswordThroughLink } from "../../utils/account-forms.server";
import { pageLocale } from "../../utils/auth.server";
import type { Route } from "./+types/new-password";

/** A used or expired link gets no form that can only fail: the page offers a new link instead. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const linkUsable = await context.get(webContext).services.accounts.resetLinkUsable(params.token);
  return { locale: pageLocale(url), linkUsable };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  return setPasswordThroughLink(request, locale, {
    setPassword: (password) => web.services.accounts.resetPassword({ token: params.token, password, locale }),
    done: translatorFor(locale)("api.resetDone"),
    // The link ran out (or was used in another tab) while the form was open.
    extra: (refusal) => ({ linkExpired: AppError.is(refusal) && refusal.messageKey === "linkInvalid" }),
  });
}
