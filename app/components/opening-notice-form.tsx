import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "../utils/use-translation";
import { Form, useNavigation } from "react-router";
import { openingNoticeRequestSchema } from "../../core/contracts/events";
import type { Locale } from "../../core/i18n/locales";
import { useAccountForm } from "../utils/account-forms";
import { Button } from "./button";
import { Field, FormMessage } from "./field";

type OpeningNoticeFormProps = {
  locale: Locale;
  eventTitle: string;
  /** When bookings open, formatted; null when the event has no date set. */
  bookableFrom: string | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The address signed up by the last post, if it succeeded. */
  noticed: { email: string } | null | undefined;
};

/** "Notify me when bookings open": one e-mail field, posted to the page's own action (opening-notice.server.ts). */
export function OpeningNoticeForm({ locale, eventTitle, bookableFrom, lastResult, noticed }: OpeningNoticeFormProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useAccountForm({ id: "opening-notice", schema: openingNoticeRequestSchema, locale, lastResult });
  return (
    <section aria-labelledby="opening-notice-title" className="rounded-2xl bg-gold-100/60 p-5 ring-1 ring-gold-600/25" data-testid="opening-notice">
      <h2 id="opening-notice-title" className="font-display text-lg font-semibold text-navy-900">
        {t("openingNotice.title")}
      </h2>
      <p className="mt-1 text-sm text-ink">
        {bookableFrom ? t("openingNotice.intro", { event: eventTitle, date: bookableFrom }) : t("openingNotice.introNoDate", { event: eventTitle })}
      </p>
      {noticed ? (
        <div className="mt-4">
          <FormMessage tone="success">{t("openingNotice.done", { email: noticed.email })}</FormMessage>
        </div>
      ) : null}
      <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start" {...getFormProps(form)}>
        {form.errors?.[0] && (
          <div className="basis-full">
            <FormMessage tone="error">{form.errors[0]}</FormMessage>
          </div>
        )}
        <Field field={fields.email} type="email" autoComplete="email" label={t("fields.email")} required className="flex-1" />
        <Button type="submit" disabled={submitting} className="sm:mt-6">
          {t("openingNotice.submit")}
        </Button>
      </Form>
    </section>
  );
}
