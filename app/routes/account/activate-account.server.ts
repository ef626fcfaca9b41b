import { translatorFor } from "../../../core/i18n/i18n";
import { webContext } from "../../../server/load-context";
import { setPasswordThroughLink } from "../../utils/account-forms.server";
import { pageLocale } from "../../utils/auth.server";
import type { Route } from "./+types/activate-account";

/**
 * `/activate-account/{token}`: the link of the "activate your account" mail sent when a customer
 * ticked "Create a customer account" while booking (decision 022). Looking does not spend the link
 * (mail scanners open links); setting the password does, under the same policy as registration.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  return { locale: pageLocale(url), linkValid: await web.services.accounts.activationLinkIsValid(params.token) };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  return setPasswordThroughLink(request, locale, {
    setPassword: (password) => web.services.accounts.activateAccount({ token: params.token, password, locale }),
    done: translatorFor(locale)("activation.done"),
    extra: () => ({}),
  });
}
