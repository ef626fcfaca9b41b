import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { resetRequestSchema } from "../../core/contracts/auth";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { translatorFor } from "../../core/i18n/i18n";
import { Button } from "../components/button";
import { Field, FormMessage } from "../components/field";
import { PageCard } from "../components/page-card";
import { actionFailure } from "../utils/action-errors.server";
import { pageLocale } from "../utils/auth.server";
import { useFieldErrors } from "../utils/form-errors";
import { useLocalizedHref } from "../utils/locale";
import { pageMeta } from "../utils/meta";
import type { Route } from "./+types/reset-password";

export function loader({ request }: Route.LoaderArgs) {
  return { locale: pageLocale(request) };
}

/** Always the same answer: nobody learns from it whether an address has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = pageLocale(request);
  const parsed = resetRequestSchema.safeParse({ email: (await request.formData()).get("email") });
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error, locale), message: null, sent: null }, 422);
  try {
    await context.services.accounts.requestPasswordReset(parsed.data.email, locale, context.clientAddress);
    return { errors: {}, message: null, sent: translatorFor(locale)("api.resetSent") };
  } catch (error) {
    return actionFailure(error, locale);
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.resetPassword.title")) : [];

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const submitting = useNavigation().state === "submitting";
  const { errors, clear } = useFieldErrors(actionData?.errors);
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <PageCard title={t("reset.title")} intro={sent ? undefined : <p>{t("reset.intro")}</p>}>
      {sent ? (
        <FormMessage tone="success">{sent}</FormMessage>
      ) : (
        <Form method="post" className="space-y-5" noValidate>
          {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
          <Field name="email" type="email" autoComplete="email" label={t("fields.email")} required error={errors.email?.[0]} onEdit={clear} />
          <p className="text-xs text-ink-soft">{t("form.requiredNote")}</p>
          <Button type="submit" size="lg" disabled={submitting}>
            {t("reset.submit")}
          </Button>
        </Form>
      )}
      <p className="mt-6 border-t border-navy-900/10 pt-5 text-sm">
        <Link to={href("/login")} className="font-semibold text-navy-700 underline underline-offset-4">
          {t("reset.backToLogin")}
        </Link>
      </p>
    </PageCard>
  );
}
