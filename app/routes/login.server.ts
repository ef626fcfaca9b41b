import { data, redirect } from "react-router";
import { loginRequestSchema } from "../../core/contracts/auth";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { localizePath } from "../../core/i18n/locales";
import { pageLocale, requireGuest, safeRedirectTarget } from "../utils/auth.server";
import { actionFailure } from "../utils/action-errors.server";
import { deviceCookie, deviceCookieOf, sessionCookies, withCookies } from "../utils/session.server";
import type { Route } from "./+types/login";
import { webContext } from "../../server/load-context";

export async function loader({ request, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  await requireGuest(request, web);
  return { locale: pageLocale(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(request);
  const form = await request.formData();
  const parsed = loginRequestSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error, locale), message: null }, 422);
  try {
    const { tokens, deviceCookie: device } = await web.services.accounts.login(parsed.data, locale, web.clientAddress, deviceCookieOf(request));
    return redirect(safeRedirectTarget(form.get("redirectTo"), localizePath("/", locale)), {
      headers: withCookies([...sessionCookies(request, tokens), deviceCookie(request, device)]),
    });
  } catch (error) {
    return actionFailure(error, locale);
  }
}
