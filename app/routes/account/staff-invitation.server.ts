import { translatorFor } from "../../../core/i18n/i18n";
import { webContext } from "../../../server/load-context";
import { setPasswordThroughLink } from "../../utils/account-forms.server";
import { pageLocale } from "../../utils/auth.server";
import type { Route } from "./+types/staff-invitation";

/**
 * `/staff-invitation/{token}` (+ /de): the link of an admin's invitation (decision 027). Looking does
 * not spend it; setting the password (the one policy, typed twice) does. The first login then sets up
 * the second factor.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const invited = await web.services.accounts.staffInvitationIsValid(params.token);
  return { locale: pageLocale(url), email: invited?.email ?? null };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  return setPasswordThroughLink(request, locale, {
    setPassword: (password) => web.services.accounts.acceptStaffInvitation({ token: params.token, password, locale }),
    done: translatorFor(locale)("staffInvitation.done"),
    extra: () => ({}),
  });
}
