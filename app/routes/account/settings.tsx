import { useTranslation } from "../../utils/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button, buttonClasses } from "../../components/button";
import { Field, FormMessage } from "../../components/field";
import { NewPasswordFields } from "../../components/new-password-fields";
import { getFormProps } from "@conform-to/react";
import { changePasswordSchema, profileFormSchema } from "../../../core/contracts/auth";
import { useAccountForm } from "../../utils/account-forms";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/settings";
import type { Intent } from "./settings.server";

export { loader, action } from "./settings.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.settings.title")) : [];

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigation = useNavigation();
  const { locale, user } = loaderData;
  const [profileForm, profile] = useAccountForm({
    id: "settings-profile",
    schema: profileFormSchema,
    locale,
    lastResult: actionData?.intent === "profile" ? actionData.result : null,
    defaultValue: { first_name: user.first_name ?? "", last_name: user.last_name ?? "", email: user.email },
  });
  const [passwordForm, password] = useAccountForm({
    id: "settings-password",
    schema: changePasswordSchema,
    locale,
    lastResult: actionData?.intent === "password" ? actionData.result : null,
  });
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
        <Form method="post" className="mt-5 space-y-5" {...getFormProps(profileForm)}>
          <input type="hidden" name="intent" value="profile" />
          {actionData?.intent === "profile" && actionData.saved && <FormMessage tone="success">{t("settings.profileSaved")}</FormMessage>}
          {profileForm.errors?.[0] && <FormMessage tone="error">{profileForm.errors[0]}</FormMessage>}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field field={profile.first_name} autoComplete="given-name" label={t("fields.firstName")} required />
            <Field field={profile.last_name} autoComplete="family-name" label={t("fields.lastName")} required />
          </div>
          <Field field={profile.email} type="email" autoComplete="email" label={t("fields.email")} required />
          <Field
            field={profile.old_password}
            type="password"
            autoComplete="current-password"
            label={t("fields.oldPassword")}
            hint={t("settings.emailChangeHint")}
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
        <Form method="post" className="mt-5 space-y-5" {...getFormProps(passwordForm)}>
          <input type="hidden" name="intent" value="password" />
          {actionData?.intent === "password" && actionData.saved && <FormMessage tone="success">{t("settings.passwordSaved")}</FormMessage>}
          {passwordForm.errors?.[0] && <FormMessage tone="error">{passwordForm.errors[0]}</FormMessage>}
          <Field field={password.old_password} type="password" autoComplete="current-password" label={t("fields.oldPassword")} required />
          <NewPasswordFields password={password.password} confirmation={password.password_confirmation} email={user.email} />
          <Button type="submit" variant="secondary" disabled={busy("password")}>
            {t("settings.passwordSubmit")}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="personal-data-title" className={`mt-8 ${sectionClass}`}>
        <h2 id="personal-data-title" className="font-display text-2xl font-semibold text-navy-900">
          {t("personalData.title")}
        </h2>
        <p className="mt-3 text-sm leading-relaxed text-ink-soft">{t("personalData.accountText")}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={href("/settings/personal-data/json")} download className={buttonClasses("secondary")}>
            {t("personalData.downloadJson")}
          </a>
          <a href={href("/settings/personal-data/pdf")} download className={buttonClasses("secondary")}>
            {t("personalData.downloadPdf")}
          </a>
        </div>
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
