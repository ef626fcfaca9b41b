import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { resetConfirmSchema } from "../../core/contracts/auth";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { translatorFor } from "../../core/i18n/i18n";
import { Button } from "../components/button";
import { FormMessage } from "../components/field";
import { NewPasswordFields } from "../components/new-password-fields";
import { PageCard } from "../components/page-card";
import { actionFailure } from "../utils/action-errors.server";
import { pageLocale } from "../utils/auth.server";
import { useFieldErrors } from "../utils/form-errors";
import { useLocalizedHref } from "../utils/locale";
import { pageMeta } from "../utils/meta";
import type { Route } from "./+types/new-password";

export function loader({ request }: Route.LoaderArgs) {
  return { locale: pageLocale(request) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = pageLocale(request);
  const form = await request.formData();
  const parsed = resetConfirmSchema.safeParse({ password: form.get("password"), password_confirmation: form.get("password_confirmation") });
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error, locale), message: null, done: null }, 422);
  try {
    await context.services.accounts.resetPassword(params.token, parsed.data.password, locale);
    return { errors: {}, message: null, done: translatorFor(locale)("api.resetDone") };
  } catch (error) {
    return actionFailure(error, locale);
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.newPassword.title")) : [];

export default function NewPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const submitting = useNavigation().state === "submitting";
  const { errors, clear } = useFieldErrors(actionData?.errors);
  const done = actionData && "done" in actionData ? actionData.done : null;
  return (
    <PageCard title={t("reset.newTitle")}>
      {done ? (
        <div className="space-y-5">
          <FormMessage tone="success">{done}</FormMessage>
          <Button to={href("/login")}>{t("login.submit")}</Button>
        </div>
      ) : (
        <Form method="post" className="space-y-5" noValidate>
          {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
          <NewPasswordFields errors={errors} onEdit={clear} />
          <p className="text-xs text-ink-soft">{t("form.requiredNote")}</p>
          <Button type="submit" size="lg" disabled={submitting}>
            {t("reset.newSubmit")}
          </Button>
        </Form>
      )}
    </PageCard>
  );
}
