import { data } from "react-router";
import { resetRequestSchema } from "../../core/contracts/auth";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { translatorFor } from "../../core/i18n/i18n";
import { actionFailure } from "../utils/action-errors.server";
import { pageLocale } from "../utils/auth.server";
import type { Route } from "./+types/reset-password";
import { webContext } from "../../server/load-context";

export function loader({ request }: Route.LoaderArgs) {
  return { locale: pageLocale(request) };
}

/** Always the same answer: nobody learns from it whether an address has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(request);
  const parsed = resetRequestSchema.safeParse({ email: (await request.formData()).get("email") });
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error, locale), message: null, sent: null }, 422);
  try {
    await web.services.accounts.requestPasswordReset(parsed.data.email, locale, web.clientAddress);
    return { errors: {}, message: null, sent: translatorFor(locale)("api.resetSent") };
  } catch (error) {
    return actionFailure(error, locale);
  }
}
