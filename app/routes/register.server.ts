import { data } from "react-router";
import { registerRequestSchema } from "../../core/contracts/auth";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { actionFailure } from "../utils/action-errors.server";
import { pageLocale, requireGuest } from "../utils/auth.server";
import type { Route } from "./+types/register";
import { webContext } from "../../server/load-context";

export async function loader({ request, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  await requireGuest(request, web);
  return { locale: pageLocale(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = registerRequestSchema.safeParse({ ...form, locale });
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error, locale), message: null, sentTo: null }, 422);
  try {
    await web.services.accounts.register(parsed.data, locale, web.clientAddress);
    return { errors: {}, message: null, sentTo: parsed.data.email };
  } catch (error) {
    return actionFailure(error, locale);
  }
}
