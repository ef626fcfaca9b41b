import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "../../utils/use-translation";
import { Form, Link } from "react-router";
import type { PreviewState } from "../../../core/contracts/booking-preview";
import { previewStateField } from "../../../core/contracts/booking-preview-field";
import type { BookingView } from "../../../core/contracts/bookings";
import type { PublicForm } from "../../../core/contracts/forms";
import { localizePath } from "../../../core/i18n/locales";
import { draftPaymentDue, priceInputsOf, priceSummary } from "../../utils/booking-view";
import { useLocale } from "../../utils/locale";
import { Button } from "../button";
import { FormMessage } from "../field";
import { BookingFormPage, type BookingPageProps } from "./booking-form-page";

export type BookingPreviewProps = Pick<BookingPageProps, "form" | "countryNames" | "stock" | "prices" | "eventDates"> & {
  /** The answer of the preview's last post: its errors (a preview has no draft version to keep). */
  actionData: Omit<NonNullable<BookingPageProps["actionData"]>, "version" | "stale"> | null;
  /** Whether customers can open the form at all (its event and a version published). */
  published: boolean;
  step: { pageNumber: number; ended: boolean; state: PreviewState };
};

/**
 * The staff preview of the booking page (`/booking/{form}?preview=1`, decision 039): the form's
 * working copy rendered by the real page, under a banner that says nothing is saved. What was entered
 * lives only in `step.state`, posted back with every page; the last page ends in a notice where the
 * customer would submit.
 */
export function BookingPreviewPage(props: BookingPreviewProps) {
  const { form, step } = props;
  const locale = useLocale();
  const previewHref = `${localizePath(`/booking/${form.uuid}`, locale)}?preview=1`;
  const state = JSON.stringify(step.state);
  // One object per state: the page treats a new booking object as fresh data from the server.
  const booking = useMemo(() => previewBooking(form, step.state, locale), [form, step.state, locale]);
  // Likewise one object per answer: a new one would show its errors afresh.
  const answered = props.actionData;
  const actionData = useMemo(() => (answered ? { ...answered, version: null, stale: false } : null), [answered]);
  return (
    <>
      <PreviewBanner form={form} published={props.published} />
      {step.ended ? (
        <PreviewEnd form={form} formAction={previewHref} state={state} />
      ) : (
        <BookingFormPage
          form={form}
          booking={booking}
          closed={false}
          pageNumber={step.pageNumber}
          offerHeldUntil={null}
          countryNames={props.countryNames}
          stock={props.stock}
          prices={props.prices}
          eventDates={props.eventDates}
          uploads={[]}
          price={priceSummary(
            form,
            priceInputsOf(
              form,
              booking.answers,
              booking.companions.map((companion) => companion.type),
            ),
            locale,
          )}
          review={null}
          // The preview says what would be due as the real page does: everything at once when the event is close (issue 28).
          paymentDue={draftPaymentDue(form, booking)}
          actionData={actionData}
          preview={{ formAction: previewHref, state }}
        />
      )}
    </>
  );
}

/** Says what this page is, whether customers could open it now, and leads back to the builder. */
function PreviewBanner({ form, published }: { form: PublicForm; published: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const stateNote = form.event.state === "bookable" ? null : t(`bookingPreview.state.${form.event.state}`);
  return (
    <div role="status" className="border-b border-gold-700/30 bg-gold-50" data-testid="preview-banner">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6 sm:px-6">
        <div className="min-w-0 space-y-1 text-sm text-navy-900 sm:flex-1">
          <p className="font-bold">{t("bookingPreview.bannerTitle")}</p>
          <p>{t("bookingPreview.bannerText")}</p>
          {!published && <p className="font-semibold">{t("bookingPreview.notPublished")}</p>}
          {stateNote && <p className="font-semibold">{stateNote}</p>}
        </div>
        <Link
          to={localizePath(`/admin/forms/${form.uuid}`, locale)}
          className="shrink-0 self-start text-sm font-semibold text-navy-800 underline underline-offset-2 hover:text-navy-900"
        >
          {t("bookingPreview.builderLink")}
        </Link>
      </div>
    </div>
  );
}

/** Where the real page would go to the review step and the booking: the preview stops here. */
function PreviewEnd({ form, formAction, state }: { form: PublicForm; formAction: string; state: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Reached by a post from the last page: the focus starts at the new heading, as after each step.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6" aria-labelledby="preview-end-title">
      <p className="text-sm font-semibold uppercase tracking-wide text-gold-700">{form.event.title}</p>
      <h1 id="preview-end-title" ref={heading} tabIndex={-1} className="mt-1 font-display text-3xl font-bold text-navy-900 outline-none">
        {t("bookingPreview.endTitle")}
      </h1>
      <div className="mt-6">
        <FormMessage tone="info">{t("bookingPreview.endNotice")}</FormMessage>
      </div>
      <Form method="post" action={formAction} className="mt-6 flex flex-wrap items-center gap-3">
        <input type="hidden" name={previewStateField} value={state} />
        <Button type="submit" name="intent" value={`goto:${form.pages.length}`} variant="secondary">
          {t("bookingPreview.backToLastPage")}
        </Button>
        <Button to={formAction} reloadDocument variant="ghost">
          {t("bookingPreview.restart")}
        </Button>
      </Form>
    </section>
  );
}

/** A draft as the real page knows one, made in memory from the preview's state: it is never stored. */
function previewBooking(form: PublicForm, state: PreviewState, locale: BookingView["locale"]): BookingView {
  return {
    uuid: form.uuid,
    form_uuid: form.uuid,
    event_uuid: form.event.uuid,
    status: "draft",
    locale,
    code: null,
    // Every page is open in a preview: staff may look at any of them in any order.
    current_page: form.pages.length,
    version: 0,
    answers: state.answers,
    total_cents: 0,
    event_price_cents: 0,
    companion_total_cents: 0,
    deposit_cents: 0,
    remainder_cents: 0,
    remainder_due_on: null,
    discount_cents: 0,
    voucher: null,
    paid_cents: 0,
    hold_expires_at: null,
    payment_option: null,
    sma_status: "none",
    sma_blocking: false,
    sma_page: null,
    account: null,
    companions: state.companions.map((companion) => ({
      uuid: companion.uuid,
      type: companion.type ?? null,
      salutation: companion.salutation ?? null,
      forename: companion.forename ?? null,
      surname: companion.surname ?? null,
      date_of_birth: companion.date_of_birth ?? null,
    })),
  };
}
