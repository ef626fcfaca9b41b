import { useCallback, useState } from "react";
import { Form } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button, buttonClasses } from "../../components/button";
import { Field, FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { SignatureField } from "../../components/waivers/signature-field";
import { pageMeta } from "../../utils/meta";
import { useTranslation } from "../../utils/use-translation";
import type { Route } from "./+types/waiver";

export { loader, action } from "./waiver.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("waiver.page.metaTitle")), { name: "robots", content: "noindex" }] : [];

type Page = NonNullable<Route.ComponentProps["loaderData"]["page"]>;

/**
 * One person signs the event's waiver (decision 080): the text as it will be stored (version and
 * SHA-256 shown), then full name, date of birth, a drawn signature (with JavaScript) and the tick.
 * Without JavaScript the tick alone is the signature. Signed: says so, with the PDF.
 */
export default function WaiverPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, gone, justSigned } = loaderData;
  if (gone || !page)
    return (
      <PageCard title={t(gone === "expired" ? "manage.expiredTitle" : "manage.revokedTitle")}>
        <p className="text-ink">{t(gone === "expired" ? "manage.expiredBody" : "manage.revokedBody")}</p>
      </PageCard>
    );
  const intro = t("waiver.page.intro", { event: page.eventTitle, dates: page.dates, code: page.code });
  if (page.state === "signed" && page.signed)
    return (
      <PageCard title={t("waiver.page.signedTitle")} intro={intro} wide>
        {justSigned && (
          <div className="mb-4">
            <FormMessage tone="success">{t("waiver.page.thanks")}</FormMessage>
          </div>
        )}
        <p className="text-ink" data-testid="waiver-signed">
          {t("waiver.page.signedBody", { name: page.signed.fullName, date: page.signedOn ?? "", method: t(`waiver.methods.${page.signed.method}`) })}
        </p>
        <a href={page.pdfHref} download className={`mt-5 ${buttonClasses("primary")}`}>
          {t("waiver.page.downloadPdf")}
        </a>
      </PageCard>
    );
  if (page.state === "not_required" || !page.text)
    return (
      <PageCard title={t("waiver.page.notRequiredTitle")} intro={intro}>
        <p className="text-ink">{t("waiver.page.notRequiredBody")}</p>
      </PageCard>
    );
  return <SignForm page={page} text={page.text} intro={intro} result={actionData} />;
}

function SignForm({ page, text, intro, result }: { page: Page; text: NonNullable<Page["text"]>; intro: string; result: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState(false);
  const onDrawnChange = useCallback((value: boolean) => setDrawn(value), []);
  const errors: Record<string, string> = result?.errors ?? {};
  const field = (name: "full_name" | "date_of_birth") => ({
    id: `waiver-${name}`,
    name,
    errorId: `waiver-${name}-error`,
    errors: errors[name] ? [errors[name]] : undefined,
    initialValue: result?.values[name] ?? (name === "full_name" ? page.personName : ""),
  });
  return (
    <PageCard title={t("waiver.page.title", { name: page.personName })} intro={intro} wide>
      <section aria-labelledby="waiver-text-title">
        <h2 id="waiver-text-title" className="text-sm font-bold uppercase tracking-wide text-ink-soft">
          {t("waiver.page.textHeading")}
        </h2>
        <article className="mt-3 max-h-[28rem] overflow-y-auto rounded-xl bg-navy-50 p-4 text-ink sm:p-5" tabIndex={0} aria-labelledby="waiver-title">
          <h3 id="waiver-title" className="font-display text-xl font-bold text-navy-900">
            {text.title}
          </h3>
          {text.body.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index} className="mt-3 whitespace-pre-line leading-relaxed">
              {paragraph}
            </p>
          ))}
        </article>
        <p className="mt-2 break-all text-xs text-ink-soft">{t("waiver.page.version", { version: text.version, hash: text.hash })}</p>
      </section>
      <Form method="post" className="mt-8 space-y-5" noValidate aria-labelledby="waiver-form-title">
        <h2 id="waiver-form-title" className="font-display text-xl font-bold text-navy-900">
          {t("waiver.page.formHeading")}
        </h2>
        {result?.message && <FormMessage tone="error">{result.message}</FormMessage>}
        <input type="hidden" name="version_id" value={text.versionId} />
        <Field field={field("full_name")} label={t("waiver.page.fullName")} hint={t("waiver.page.fullNameHint")} autoComplete="name" maxLength={200} required />
        <Field field={field("date_of_birth")} label={t("waiver.page.dateOfBirth")} type="date" autoComplete="bday" required />
        <SignatureField onDrawnChange={onDrawnChange} error={errors.signature} />
        <div>
          <div className="flex items-start gap-3">
            <input
              id="waiver-agreed"
              name="agreed"
              type="checkbox"
              required
              aria-invalid={errors.agreed ? true : undefined}
              aria-describedby={errors.agreed ? "waiver-agreed-error" : undefined}
              className="mt-1 h-5 w-5 shrink-0 rounded border-navy-900/30 accent-navy-800"
            />
            <label htmlFor="waiver-agreed" className="text-ink">
              {t(drawn ? "waiver.page.agreeDrawn" : "waiver.page.agree")}
            </label>
          </div>
          {errors.agreed && (
            <p id="waiver-agreed-error" className="mt-1.5 text-sm font-medium text-danger-700">
              {errors.agreed}
            </p>
          )}
        </div>
        <Button type="submit">{t("waiver.page.submit")}</Button>
      </Form>
    </PageCard>
  );
}
