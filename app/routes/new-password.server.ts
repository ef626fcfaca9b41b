import { data } from "react-router";
import { resetConfirmSchema } from "../../core/contracts/auth";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { translatorFor } from "../../core/i18n/i18n";
import { actionFailure } from "../utils/action-errors.server";
import { pageLocale } from "../utils/auth.server";
import type { Route } from "./+types/new-password";
import { webContext } from "../../server/load-context";

export function loader({ request }: Route.LoaderArgs) {
  return { locale: pageLocale(request) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(request);
  const form = await request.formData();
  const parsed = resetConfirmSchema.safeParse({ password: form.get("password"), password_confirmation: form.get("password_confirmation") });
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error, locale), message: null, done: null }, 422);
  try {
    await web.services.accounts.resetPassword(params.token, parsed.data.password, locale);
    return { errors: {}, message: null, done: translatorFor(locale)("api.resetDone") };
  } catch (error) {
    return actionFailure(error, locale);
  }
}
