import { useTranslation } from "../../utils/use-translation";
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { deleteProfileSchema } from "../../../core/contracts/auth";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { Field, FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { useAccountForm } from "../../utils/account-forms";
import { useLocalizedHref, useRootData } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/delete-profile";

export { loader, action } from "./delete-profile.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.deleteProfile.title")) : [];

export default function DeleteProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useAccountForm({ id: "delete-profile", schema: deleteProfileSchema, locale: loaderData.locale, lastResult: actionData?.result });
  const href = useLocalizedHref();
  const supportEmail = useRootData()?.site.support_email ?? "";
  const submitting = useNavigation().state === "submitting";
  return (
    <PageCard title={t("deleteProfile.title")}>
      <p className="font-semibold text-danger-700">{t("deleteProfile.warning")}</p>
      <p className="mt-3 leading-relaxed text-ink">{t("deleteProfile.text", { email: supportEmail })}</p>
      <Form method="post" className="mt-6 space-y-5" {...getFormProps(form)}>
        {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
        <Field
          field={fields.password}
          type="password"
          autoComplete="current-password"
          label={t("fields.oldPassword")}
          hint={t("deleteProfile.passwordHint")}
          required
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={submitting}
            className="inline-flex items-center justify-center rounded-full bg-danger-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-danger-700/90 disabled:opacity-60"
          >
            {t("deleteProfile.confirm")}
          </button>
          <Button to={href("/settings")} variant="ghost">
            {t("deleteProfile.cancel")}
          </Button>
        </div>
      </Form>
    </PageCard>
  );
}
