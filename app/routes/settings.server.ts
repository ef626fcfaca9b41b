import { data } from "react-router";
import { updateSettingsSchema } from "../../core/contracts/auth";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { translatorFor } from "../../core/i18n/i18n";
import { actionFailure } from "../utils/action-errors.server";
import { pageLocale, requireUser, sessionActor } from "../utils/auth.server";
import { sessionCookies, withCookies } from "../utils/session.server";
import type { Route } from "./+types/settings";
import { webContext } from "../../server/load-context";

export type Intent = "profile" | "password";

export async function loader({ request, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const user = await requireUser(request, web);
  return { locale: pageLocale(request), user };
}

/** Both forms go through the same settings call as the API (`PUT api/settings/user/{uuid}`). */
export async function action({ request, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const user = await requireUser(request, web);
  const locale = pageLocale(request);
  const form = await request.formData();
  const intent: Intent = form.get("intent") === "password" ? "password" : "profile";
  const input =
    intent === "profile"
      ? {
          name: form.get("name"),
          first_name: form.get("first_name"),
          last_name: form.get("last_name"),
          email: form.get("email"),
          // A new address needs the current password (the service says so per field when missing).
          old_password: form.get("old_password") || null,
        }
      : {
          name: user.name,
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          old_password: form.get("old_password") ?? "",
          password: form.get("password") || "",
          password_confirmation: form.get("password_confirmation") ?? "",
        };
  const parsed = updateSettingsSchema.safeParse(input);
  if (!parsed.success) return data({ intent, errors: fieldErrorsOf(parsed.error, locale), message: null, saved: false }, 422);
  if (intent === "password" && !parsed.data.password) {
    return data({ intent, errors: { password: [translatorFor(locale)("validation.required")] }, message: null, saved: false }, 422);
  }
  try {
    await web.services.accounts.updateUser(await sessionActor(request, web), user.uuid, parsed.data, locale, web.clientAddress);
    if (intent === "password") {
      // Changing the password ended every session, this one too: continue in a fresh one.
      const tokens = await web.services.accounts.startSession(user.uuid);
      return data({ intent, errors: {}, message: null, saved: true }, { headers: withCookies(sessionCookies(request, tokens)) });
    }
    return { intent, errors: {}, message: null, saved: true };
  } catch (error) {
    const failure = actionFailure(error, locale);
    return data({ intent, ...failure.data, saved: false }, failure.init ?? undefined);
  }
}
