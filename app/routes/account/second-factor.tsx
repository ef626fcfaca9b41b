import { getFormProps } from "@conform-to/react";
import { useTranslation } from "../../utils/use-translation";
import { Form, useNavigation } from "react-router";
import { secondFactorCodeFormSchema, secondFactorEnrolFormSchema, secondFactorRecoveryFormSchema, type Enrolment } from "../../../core/contracts/second-factor";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import { Button } from "../../components/button";
import { Field, FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { useAccountForm } from "../../utils/account-forms";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/second-factor";

export { loader, action } from "./second-factor.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("secondFactor.title")), { name: "robots", content: "noindex" }] : [];

type ActionData = Route.ComponentProps["actionData"];
const lastResultFor = (actionData: ActionData, intent: string) => (actionData && actionData.intent === intent ? actionData.result : null);

/** The six-digit code from the authenticator app; `one-time-code` lets phones offer it. */
function CodeForm({ intent, locale, actionData, submitLabel }: { intent: "code" | "enrol"; locale: Locale; actionData: ActionData; submitLabel: string }) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const schema = intent === "code" ? secondFactorCodeFormSchema : secondFactorEnrolFormSchema;
  const [form, fields] = useAccountForm({ id: `second-factor-${intent}`, schema, locale, lastResult: lastResultFor(actionData, intent) });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
      <input type="hidden" name="intent" value={intent} />
      <Field
        field={fields.code}
        label={t("secondFactor.code")}
        hint={t("secondFactor.codeHint")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        required
        autoFocus
      />
      <Button type="submit" size="lg" disabled={submitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}

function RecoveryForm({ locale, actionData }: { locale: Locale; actionData: ActionData }) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const lastResult = lastResultFor(actionData, "recovery");
  const [form, fields] = useAccountForm({ id: "second-factor-recovery", schema: secondFactorRecoveryFormSchema, locale, lastResult });
  return (
    <details className="rounded-lg bg-navy-50 p-4" open={lastResult !== null}>
      <summary className="cursor-pointer text-sm font-semibold text-navy-800">{t("secondFactor.useRecovery")}</summary>
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
        <input type="hidden" name="intent" value="recovery" />
        <Field field={fields.recovery_code} label={t("secondFactor.recoveryCode")} hint={t("secondFactor.recoveryHint")} autoComplete="off" required />
        <Button type="submit" variant="secondary" disabled={submitting}>
          {t("secondFactor.submitRecovery")}
        </Button>
      </Form>
    </details>
  );
}

/** The secret in groups of four, as authenticator apps ask for it when typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function EnrolmentSteps({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useTranslation();
  return (
    <ol className="space-y-5 text-sm text-ink">
      <li>
        <p className="font-semibold text-navy-900">{t("secondFactor.stepApp")}</p>
        <p className="mt-1 text-ink-soft">{t("secondFactor.stepAppHelp")}</p>
      </li>
      <li>
        <p className="font-semibold text-navy-900">{t("secondFactor.stepScan")}</p>
        {/* The QR code is our own SVG markup (server/auth/totp.ts), made from the secret below. */}
        <div
          role="img"
          aria-label={t("secondFactor.qrLabel")}
          className="mt-3 h-48 w-48 rounded-lg bg-white p-1 ring-1 ring-navy-900/10 [&>svg]:h-full [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: enrolment.qr_svg }}
        />
        <p className="mt-3 text-ink-soft">{t("secondFactor.orType")}</p>
        <p className="mt-1 break-all font-mono text-base font-semibold tracking-wider text-navy-900" data-testid="totp-secret">
          {grouped(enrolment.secret)}
        </p>
      </li>
      <li>
        <p className="font-semibold text-navy-900">{t("secondFactor.stepConfirm")}</p>
      </li>
    </ol>
  );
}

function RecoveryCodes({ codes, target }: { codes: string[]; target: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5">
      <FormMessage tone="success">{t("secondFactor.enrolled")}</FormMessage>
      <p className="text-sm text-ink">{t("secondFactor.recoveryIntro")}</p>
      <ul className="grid grid-cols-2 gap-2 rounded-lg bg-navy-50 p-4 font-mono text-base text-navy-900" aria-label={t("secondFactor.recoveryListLabel")} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      {/* A full page load: the back office is its own layout with the session just set. */}
      <Button to={target} reloadDocument size="lg">
        {t("secondFactor.continue")}
      </Button>
    </div>
  );
}

export default function SecondFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { step, locale, target } = loaderData;
  if (actionData?.recoveryCodes) {
    return (
      <PageCard title={t("secondFactor.recoveryTitle")}>
        <RecoveryCodes codes={actionData.recoveryCodes} target={target} />
      </PageCard>
    );
  }
  if (step.done) {
    return (
      <PageCard title={t("secondFactor.doneTitle")}>
        <Button to={target} reloadDocument size="lg">
          {t("secondFactor.toBackOffice")}
        </Button>
      </PageCard>
    );
  }
  if (!step.enrolled) {
    return (
      <PageCard title={t("secondFactor.enrolTitle")} intro={<p>{t("secondFactor.enrolIntro")}</p>}>
        <div className="space-y-6">
          <EnrolmentSteps enrolment={step.enrolment} />
          <CodeForm intent="enrol" locale={locale} actionData={actionData} submitLabel={t("secondFactor.submitEnrol")} />
        </div>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("secondFactor.title")} intro={<p>{t("secondFactor.intro")}</p>}>
      <div className="space-y-6">
        <CodeForm intent="code" locale={locale} actionData={actionData} submitLabel={t("secondFactor.submit")} />
        <RecoveryForm locale={locale} actionData={actionData} />
      </div>
    </PageCard>
  );
}
