import { useTranslation } from "../../utils/use-translation";
import { Form, Link, useNavigation } from "react-router";
import type { PriceSummaryView } from "../../utils/booking-view";
import type { ReviewView } from "../../utils/booking-review";
import { Button } from "../button";
import { PriceSummary } from "./price-summary";
import { VoucherCodeForm } from "./voucher-code-form";
import type { BookingView } from "../../../core/contracts/bookings";
import type { Locale } from "../../../core/i18n/locales";

/**
 * The review step (`?page=review`, decision 021): every page's answers with an "Edit" link to that
 * page, the price, and the one button that books with the obligation to pay.
 */
export function BookingReview({
  review,
  price,
  pageHref,
  cardPayment,
  withdrawalNotice,
  noCustomerCancel,
  voucher,
  voucherError,
  locale,
}: {
  review: ReviewView;
  price: PriceSummaryView | null;
  pageHref: (number: number) => string;
  cardPayment: boolean;
  /** What the law says about withdrawing from this booking, told before the binding click (issue 30). */
  withdrawalNotice: string | null;
  noCustomerCancel: boolean;
  /** The discount code on the draft, and why one was just refused (decision 079). */
  voucher: BookingView["voucher"];
  voucherError: string | null;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <p className="text-sm text-ink">{t("bookingFlow.reviewIntro")}</p>
      {review.sections.map((section) => (
        <section key={section.number} aria-labelledby={`review-${section.number}`} className="rounded-xl ring-1 ring-navy-900/15 px-4 py-4 sm:px-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`review-${section.number}`} className="font-display text-lg font-bold text-navy-900">
              {section.title}
            </h2>
            <Link
              to={pageHref(section.number)}
              className="text-sm font-semibold text-navy-800 underline underline-offset-2 hover:text-navy-900"
              aria-label={t("bookingFlow.editSection", { title: section.title })}
            >
              {t("bookingFlow.edit")}
            </Link>
          </div>
          {section.rows.length ? (
            <dl className="mt-3 divide-y divide-navy-900/10 text-sm">
              {section.rows.map((row, index) => (
                <div key={`${row.label}-${index}`} className="grid gap-1 py-2 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:gap-4">
                  <dt className="font-semibold text-navy-900">{row.label}</dt>
                  <dd className="break-words text-ink">
                    {row.lines.map((line, lineIndex) => (
                      <span key={lineIndex} className="block">
                        {line}
                      </span>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-2 text-sm text-ink-soft">{t("bookingFlow.noAnswers")}</p>
          )}
        </section>
      ))}
      <VoucherCodeForm voucher={voucher} error={voucherError} locale={locale} />
      {/* In its own box: sticky on the form pages, it must not slide over the button here. */}
      <div>
        <PriceSummary summary={price} />
      </div>
      <Form method="post" className="space-y-3 border-t border-navy-900/10 pt-6">
        <input type="hidden" name="step" value="review" />
        {withdrawalNotice && (
          <section aria-labelledby="withdrawal-notice" className="rounded-lg border-l-4 border-gold-500 bg-gold-100 px-4 py-3 text-sm text-ink">
            <h2 id="withdrawal-notice" className="font-semibold text-navy-900">
              {t("bookingFlow.withdrawalHeading")}
            </h2>
            <p className="mt-1 whitespace-pre-line">{withdrawalNotice}</p>
            {noCustomerCancel && <p className="mt-2">{t("eventPage.noCustomerCancel")}</p>}
          </section>
        )}
        {!withdrawalNotice && noCustomerCancel && <p className="text-sm text-ink">{t("eventPage.noCustomerCancel")}</p>}
        <p className="text-sm text-ink">
          {t("bookingFlow.bookHint")} {cardPayment ? t("bookingFlow.cardNext") : null}
        </p>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <Button type="submit" name="intent" value="submit" size="lg" disabled={busy}>
            {t("bookingFlow.book")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
