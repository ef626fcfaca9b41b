import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { updateSettingsSchema } from "../../core/contracts/auth";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { translatorFor } from "../../core/i18n/i18n";
import { Button } from "../components/button";
import { Field, FormMessage } from "../components/field";
import { NewPasswordFields } from "../components/new-password-fields";
import { actionFailure } from "../utils/action-errors.server";
import { pageLocale, requireUser, sessionActor } from "../utils/auth.server";
import { useFieldErrors } from "../utils/form-errors";
import { useLocalizedHref } from "../utils/locale";
import { pageMeta } from "../utils/meta";
import { sessionCookies, withCookies } from "../utils/session.server";
import type { Route } from "./+types/settings";

type Intent = "profile" | "password";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { locale: pageLocale(request), user };
}

/** Both forms go through the same settings call as the API (`PUT api/settings/user/{uuid}`). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
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
    await context.services.accounts.updateUser(await sessionActor(request, context), user.uuid, parsed.data, locale, context.clientAddress);
    if (intent === "password") {
      // Changing the password ended every session, this one too: continue in a fresh one.
      const tokens = await context.services.accounts.startSession(user.uuid);
      return data({ intent, errors: {}, message: null, saved: true }, { headers: withCookies(sessionCookies(request, tokens)) });
    }
    return { intent, errors: {}, message: null, saved: true };
  } catch (error) {
    const failure = actionFailure(error, locale);
    return data({ intent, ...failure.data, saved: false }, failure.init ?? undefined);
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.settings.title")) : [];

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigation = useNavigation();
  const { user } = loaderData;
  const profile = useFieldErrors(actionData?.intent === "profile" ? actionData.errors : undefined);
  const password = useFieldErrors(actionData?.intent === "password" ? actionData.errors : undefined);
  const busy = (intent: Intent) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const sectionClass = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-8";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <h1 className="font-display text-3xl font-bold text-navy-900 sm:text-4xl">{t("settings.title")}</h1>
      <p className="mt-2 text-sm text-ink-soft">{t("form.requiredNote")}</p>

      <section aria-labelledby="profile-title" className={`mt-8 ${sectionClass}`}>
        <h2 id="profile-title" className="font-display text-2xl font-semibold text-navy-900">
          {t("settings.profileTitle")}
        </h2>
        <Form method="post" className="mt-5 space-y-5" noValidate>
          <input type="hidden" name="intent" value="profile" />
          {actionData?.intent === "profile" && actionData.saved && <FormMessage tone="success">{t("settings.profileSaved")}</FormMessage>}
          {actionData?.intent === "profile" && actionData.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
          <Field
            name="name"
            autoComplete="name"
            label={t("fields.name")}
            required
            defaultValue={user.name}
            error={profile.errors.name?.[0]}
            onEdit={profile.clear}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              name="first_name"
              autoComplete="given-name"
              label={t("fields.firstName")}
              defaultValue={user.first_name ?? ""}
              error={profile.errors.first_name?.[0]}
              onEdit={profile.clear}
            />
            <Field
              name="last_name"
              autoComplete="family-name"
              label={t("fields.lastName")}
              defaultValue={user.last_name ?? ""}
              error={profile.errors.last_name?.[0]}
              onEdit={profile.clear}
            />
          </div>
          <Field
            name="email"
            type="email"
            autoComplete="email"
            label={t("fields.email")}
            required
            defaultValue={user.email}
            error={profile.errors.email?.[0]}
            onEdit={profile.clear}
          />
          <Field
            name="old_password"
            type="password"
            autoComplete="current-password"
            label={t("fields.oldPassword")}
            hint={t("settings.emailChangeHint")}
            error={profile.errors.old_password?.[0]}
            onEdit={profile.clear}
          />
          <Button type="submit" disabled={busy("profile")}>
            {t("settings.profileSubmit")}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="password-title" className={`mt-8 ${sectionClass}`}>
        <h2 id="password-title" className="font-display text-2xl font-semibold text-navy-900">
          {t("settings.passwordTitle")}
        </h2>
        <Form method="post" className="mt-5 space-y-5" noValidate>
          <input type="hidden" name="intent" value="password" />
          {actionData?.intent === "password" && actionData.saved && <FormMessage tone="success">{t("settings.passwordSaved")}</FormMessage>}
          {actionData?.intent === "password" && actionData.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
          <Field
            name="old_password"
            type="password"
            autoComplete="current-password"
            label={t("fields.oldPassword")}
            required
            error={password.errors.old_password?.[0]}
            onEdit={password.clear}
          />
          <NewPasswordFields errors={password.errors} onEdit={password.clear} />
          <Button type="submit" variant="secondary" disabled={busy("password")}>
            {t("settings.passwordSubmit")}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="delete-title" className={`mt-8 ${sectionClass}`}>
        <h2 id="delete-title" className="font-display text-2xl font-semibold text-navy-900">
          {t("settings.deleteTitle")}
        </h2>
        <p className="mt-3 text-sm leading-relaxed text-ink-soft">{t("settings.deleteText")}</p>
        <Link to={href("/settings/delete-profile")} className="mt-4 inline-flex font-semibold text-danger-700 underline underline-offset-4">
          {t("settings.deleteLink")}
        </Link>
      </section>
    </div>
  );
}
