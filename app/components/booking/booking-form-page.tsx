import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../utils/use-translation";
import { Form, Link, useNavigation } from "react-router";
import type { BookingView } from "../../../core/contracts/bookings";
import type { FieldErrors } from "../../../core/contracts/errors";
import type { PublicForm, PublicFormItem } from "../../../core/contracts/forms";
import { previewStateField } from "../../../core/contracts/booking-preview-field";
import { hiddenItemUuids, isChosen, optionalItemUuids } from "../../../core/forms/page-rules";
import { localizePath } from "../../../core/i18n/locales";
import { answersFromFormData, companionField, companionListField } from "../../utils/booking-form-data";
import { priceInputsOf, priceSummary, type PriceSummaryView } from "../../utils/booking-view";
import { withoutFieldError } from "../../utils/form-errors";
import { useLocale, useRootData } from "../../utils/locale";
import { afterFirstInteraction } from "../../utils/on-first-interaction";
import { Button } from "../button";
import { FormMessage } from "../field";
import type * as PageCheckModule from "./page-check";
import { markCompletableLater } from "./completable-later";
import { formItemRenderers, type BookingPageContext, type CountryOption, type FormattedPrice, type FormItemKindRenderer } from "./kinds";
import { PriceSummary } from "./price-summary";
import { ErrorSummary } from "./error-summary";
import { useUnsavedInput } from "./unsaved-input";
import { BookingReview } from "./booking-review";
import { voucherCodeField } from "./voucher-code-form";
import type { ReviewView } from "../../utils/booking-review";
import type { UploadedFile } from "./upload-field";
import type { DayStock } from "./kinds/kind-renderer";

export type BookingPageProps = {
  form: PublicForm;
  booking: BookingView | null;
  closed: boolean;
  pageNumber: number;
  /** When the visitor books with a waitlist offer: until when its places are held (formatted). */
  offerHeldUntil: string | null;
  countryNames: CountryOption[];
  stock: DayStock[];
  prices: FormattedPrice[];
  eventDates: string;
  uploads: UploadedFile[];
  price: PriceSummaryView | null;
  /** Set on the review step (`?page=review`): the answers of every page. */
  review: ReviewView | null;
  /** On the review step: the notice on withdrawal for this event, from the site's legal settings (issue 30). */
  withdrawalNotice?: string | null | undefined;
  /** On the review step: the event says no cancellation by the customer (issue 30). */
  noCustomerCancel?: boolean | undefined;
  /** What the booking owes on booking as the draft stands: the payment method's help says it. */
  paymentDue: "deposit" | "full" | null;
  actionData: {
    message: string | null;
    errors: FieldErrors;
    participantErrors: Record<string, FieldErrors>;
    pageErrors: string[];
    version: number | null;
    stale: boolean;
  } | null;
  /** The staff preview (decision 039): where the page posts, and what was entered so far (a hidden field); nothing is saved. */
  preview?: { formAction: string; state: string } | undefined;
};

/**
 * The page's check in the browser (zod and the kinds' rules) is its own module, loaded once the
 * visitor interacts with the page, not with the page itself (decision 052).
 */
type PageCheck = typeof PageCheckModule;
let pageCheck: PageCheck | null = null;
let pageCheckFailed = false;
const loadPageCheck = () =>
  import("./page-check").then(
    (loaded) => (pageCheck = loaded),
    () => {
      // Offline or a new deployment: the server's check answers alone.
      pageCheckFailed = true;
    },
  );
const loadPageCheckOnInteraction = afterFirstInteraction(loadPageCheck);

/** The booking form, one page at a time, with the step list and the live price summary. */
export function BookingFormPage(props: BookingPageProps) {
  const { form, booking, closed, pageNumber, offerHeldUntil, actionData, review, preview } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  // Someone logged in has a customer account: the form's offer to create one is not for them (issue 32).
  const loggedIn = Boolean(useRootData()?.user);
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorSummaryRef = useRef<HTMLDivElement>(null);
  const [focusErrors, setFocusErrors] = useState(0);
  const page = form.pages[pageNumber - 1];
  const [errors, setErrors] = useState<FieldErrors>(actionData?.errors ?? {});
  const [participantErrors, setParticipantErrors] = useState<Record<string, FieldErrors>>(actionData?.participantErrors ?? {});
  const [liveAnswers, setLiveAnswers] = useState<Record<string, unknown>>({});
  const [livePrice, setLivePrice] = useState<PriceSummaryView | null>(null);
  const [clientInvalid, setClientInvalid] = useState(false);
  const [seenAction, setSeenAction] = useState(actionData);
  const [seenBooking, setSeenBooking] = useState(booking);
  // Fresh data from the server (after a save, an added or removed companion) replaces the live view.
  if (booking !== seenBooking) {
    setSeenBooking(booking);
    setLiveAnswers({});
    setLivePrice(null);
  }
  // A new answer from the server replaces the shown errors (state derived during render, no effect needed).
  if (actionData !== seenAction) {
    setSeenAction(actionData);
    setClientInvalid(false);
    setErrors(actionData?.errors ?? {});
    setParticipantErrors(actionData?.participantErrors ?? {});
    if (actionData?.message) setFocusErrors((count) => count + 1);
  }
  // After each step the focus starts at the page's heading, as after a page load (not on the first load itself).
  const step = review ? "review" : String(pageNumber);
  const [seenStep, setSeenStep] = useState(step);
  const [focusHeading, setFocusHeading] = useState(0);
  if (step !== seenStep) {
    setSeenStep(step);
    setFocusHeading((count) => count + 1);
  }
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);
  // After a failed save the focus goes to the error summary, which says what went wrong and is announced.
  useEffect(() => {
    if (focusErrors) errorSummaryRef.current?.focus();
  }, [focusErrors]);
  const busy = navigation.state !== "idle";
  useEffect(() => {
    void loadPageCheckOnInteraction();
  }, []);
  useUnsavedInput(formRef, booking?.uuid ?? null, review ? null : (page?.uuid ?? null), booking?.version ?? 0, !preview && !closed);
  // One id per page and draft version (the form's key too): the preview's step buttons post it from outside.
  const formId = `booking-page-${page?.uuid ?? "none"}-${booking?.version ?? 0}`;
  /**
   * On "next" and "submit" the same check as the server's page save shows the errors at once,
   * before the server answers. The page is posted all the same, because the server saves what was
   * entered even on an invalid page (nothing entered is lost if the visitor leaves now) and answers
   * with the same errors. "back" and the companion buttons save whatever is there. Uploads and
   * companions are answered elsewhere (the upload endpoint, the companion fields): the server judges those.
   */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter instanceof HTMLButtonElement && submitter.name === "intent" ? submitter.value : null;
    if (!booking || !page || (intent !== "next" && intent !== "submit")) return;
    const element = event.currentTarget;
    if (!pageCheck) {
      if (pageCheckFailed) return;
      // A click before the check has arrived (it is small, and asked for at the first interaction): post once it is there.
      event.preventDefault();
      void loadPageCheck().then(() => element.requestSubmit(submitter));
      return;
    }
    const answers = { ...booking.answers, ...answersFromFormData(page.items, new FormData(element)) };
    const found = pageCheck.checkPage(page, answers, {
      today: form.today,
      translate: (key, values) => t(key, values),
      judges: (item) => formItemRenderers[item.kind].readAnswer !== null,
    });
    if (!found) return;
    setErrors(found);
    setClientInvalid(true);
    setFocusErrors((count) => count + 1);
  };

  if (closed || !booking || !page) {
    return (
      <section className="mx-auto max-w-lg px-4 py-16">
        <h1 className="font-display text-3xl font-bold text-navy-900">{form.event.title}</h1>
        <div className="mt-6">
          <FormMessage tone="info">{t("booking.closed")}</FormMessage>
        </div>
        <Button to={localizePath("/events", locale)} className="mt-6">
          {t("booking.otherEvents")}
        </Button>
      </section>
    );
  }

  const answers = { ...booking.answers, ...liveAnswers } as Record<string, unknown>;
  const hidden = hiddenItemUuids(page.items, answers);
  // Required items made optional by another answer (the payment method, by a booking request) lose their `*`.
  const optional = optionalItemUuids(page.items, answers);
  const isLastPage = pageNumber === form.pages.length;
  const shownPrice = livePrice ?? props.price;
  // The draft's version this page saves from: a newer one from a save that kept invalid answers counts too.
  const version = Math.max(booking.version, actionData?.version ?? 0);
  // A booking request is reviewed before it is sent and costs nothing now: the button must not promise a payment.
  const smaItem = page.items.find((item) => item.kind === "sma");
  const requestChosen = smaItem !== undefined && isChosen(answers[smaItem.uuid]);
  const clearError = (uuid: string) => setErrors((current) => withoutFieldError(current, uuid));
  const clearParticipantError = (participantUuid: string, field: string) =>
    setParticipantErrors((current) => {
      const ofParticipant = current[participantUuid];
      if (!ofParticipant || !(field in ofParticipant)) return current;
      const rest = withoutFieldError(ofParticipant, field);
      const next = { ...current };
      if (Object.keys(rest).length) next[participantUuid] = rest;
      else delete next[participantUuid];
      return next;
    });

  /** Recomputes the live price and the shown/hidden items from what is on the page now. */
  const recompute = () => {
    const element = formRef.current;
    if (!element) return;
    const posted = new FormData(element);
    const onPage = answersFromFormData(page.items, posted);
    setLiveAnswers(onPage);
    const hasCompanionItem = page.items.some((item) => item.kind === "companion");
    const companionTypes = hasCompanionItem
      ? posted.getAll(companionListField).map((uuid) => {
          const type = posted.get(companionField(String(uuid), "type"));
          return typeof type === "string" ? type : null;
        })
      : booking.companions.map((companion) => companion.type);
    setLivePrice(priceSummary(form, priceInputsOf(form, { ...booking.answers, ...onPage }, companionTypes, booking.voucher), locale));
  };

  const onChoicesChange = (uuid: string) => {
    clearError(uuid);
    recompute();
  };

  const pageHref = (number: number) => {
    return `${localizePath(`/booking/${form.uuid}`, locale)}?page=${number}`;
  };
  const reviewHref = `${localizePath(`/booking/${form.uuid}`, locale)}?page=review`;
  const errorPages = form.pages.filter((candidate) => actionData?.pageErrors.includes(candidate.uuid) && candidate.uuid !== page.uuid);
  const topLevel = page.items.filter((item) => !item.parent_uuid);
  const childrenOf = (group: PublicFormItem) => page.items.filter((item) => item.parent_uuid === group.uuid);

  const context: BookingPageContext = {
    booking,
    today: form.today,
    countries: props.countryNames,
    prices: props.prices,
    stock: props.stock,
    uploads: props.uploads,
    participantErrors,
    preview: preview !== undefined,
    hidden,
    onEdit: clearError,
    onChoicesChange,
    runningTotal: shownPrice?.total ?? null,
    onParticipantEdit: clearParticipantError,
    renderItem,
    childrenOf,
  };
  function renderItem(item: PublicFormItem) {
    const renderer: FormItemKindRenderer = formItemRenderers[item.kind];
    if (hidden.has(item.uuid) && !renderer.container) return null;
    if (loggedIn && item.name === "create_account") return null;
    // "May be completed later" (decision 023): not required here, answered on the manage page after checkout.
    const shown = markCompletableLater({ ...item, required: item.required && !optional.has(item.uuid), help: helpOf(item) }, t("booking.laterNote"));
    return <renderer.Render key={item.uuid} item={shown} error={errors[item.uuid]?.[0]} page={context} />;
  }
  /** The payment method's help says what is due on booking as the draft stands (deposit or everything). */
  function helpOf(item: PublicFormItem): string | null {
    if (item.name !== "payment_option" || !props.paymentDue) return item.help;
    // Without a price on this page the help still must not promise a deposit when everything is due (issue 28).
    if (!shownPrice) return props.paymentDue === "full" ? t("bookingFlow.dueFullPlain") : item.help;
    const deposit = props.paymentDue === "deposit" ? shownPrice.deposit : null;
    return deposit
      ? t("bookingFlow.dueDeposit", { percent: deposit.percent, amount: shownPrice.dueNow, remainder: deposit.remainder, date: deposit.dueOn })
      : t("bookingFlow.dueFull", { amount: shownPrice.dueNow });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-gold-700">
        {form.event.title} · {props.eventDates}
      </p>
      <h1 id="page-title" ref={headingRef} tabIndex={-1} className="mt-1 font-display text-3xl font-bold text-navy-900 outline-none sm:text-4xl">
        {review ? t("bookingFlow.reviewTitle") : page.title}
      </h1>
      <nav aria-label={t("booking.steps")} className="mt-4">
        <ol className="flex flex-wrap gap-2 text-sm">
          {form.pages.map((candidate) => {
            const current = !review && candidate.number === pageNumber;
            const reachable = candidate.number <= booking.current_page;
            const label = t("booking.step", { number: candidate.number, total: form.pages.length, title: candidate.title });
            const style = `inline-flex items-center gap-2 rounded-full px-3 py-1.5 ${current ? "bg-navy-800 text-white" : reachable ? "bg-white text-navy-800 ring-1 ring-navy-800/25" : "bg-navy-50 text-ink-soft"}`;
            return (
              <li key={candidate.uuid}>
                {/* The preview's steps post what was entered (it is kept nowhere else) and go to that page. */}
                {reachable && !current && preview ? (
                  <button type="submit" form={formId} name="intent" value={`goto:${candidate.number}`} formNoValidate className={`${style} hover:bg-navy-100`}>
                    {label}
                  </button>
                ) : reachable && !current ? (
                  <Link to={pageHref(candidate.number)} className={`${style} hover:bg-navy-100`}>
                    {label}
                  </Link>
                ) : (
                  <span className={style} aria-current={current ? "step" : undefined}>
                    {label}
                  </span>
                )}
              </li>
            );
          })}
          <li>
            {(() => {
              const label = t("bookingFlow.reviewStep", { number: form.pages.length + 1 });
              const reachable = booking.current_page > form.pages.length && !booking.sma_blocking;
              const style = `inline-flex items-center gap-2 rounded-full px-3 py-1.5 ${review ? "bg-navy-800 text-white" : reachable ? "bg-white text-navy-800 ring-1 ring-navy-800/25" : "bg-navy-50 text-ink-soft"}`;
              return reachable && !review ? (
                <Link to={reviewHref} className={`${style} hover:bg-navy-100`}>
                  {label}
                </Link>
              ) : (
                <span className={style} aria-current={review ? "step" : undefined}>
                  {label}
                </span>
              );
            })()}
          </li>
        </ol>
      </nav>
      <div className={`mt-8 grid gap-8 ${review ? "max-w-3xl" : "lg:grid-cols-[minmax(0,1fr)_20rem]"}`}>
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-8">
          {(actionData?.message || (clientInvalid && Object.keys(errors).length > 0)) && (
            <ErrorSummary
              summaryRef={errorSummaryRef}
              message={actionData?.message ?? t("form.errorSummary")}
              items={page.items}
              errors={errors}
              participantErrors={participantErrors}
              companions={booking.companions}
              pageLinks={errorPages.map((candidate) => ({
                href: pageHref(candidate.number),
                text: t("booking.pageNeedsAttention", { title: candidate.title }),
              }))}
            />
          )}
          {offerHeldUntil && (
            <div className="mb-6">
              <FormMessage tone="success">{t("booking.offerHeld", { until: offerHeldUntil })}</FormMessage>
            </div>
          )}
          {review ? (
            <BookingReview
              review={review}
              price={props.price}
              pageHref={pageHref}
              cardPayment={booking.answers[paymentItemUuid(form) ?? ""] === "credit_card"}
              withdrawalNotice={props.withdrawalNotice ?? null}
              noCustomerCancel={props.noCustomerCancel === true}
              voucher={booking.voucher}
              voucherError={actionData?.errors[voucherCodeField]?.[0] ?? null}
              locale={locale}
            />
          ) : (
            <Form
              method="post"
              action={preview?.formAction}
              id={formId}
              noValidate
              onSubmit={onSubmit}
              // A new version of the draft (another window saved, a companion was added) shows its answers afresh.
              key={`${page.uuid}-${booking.version}`}
              ref={formRef}
              onChange={recompute}
              className="space-y-6"
              aria-labelledby="page-title"
            >
              {/* Enter in a text field submits with the first submit button: make that "next", not "remove companion". */}
              <button type="submit" name="intent" value="next" tabIndex={-1} aria-hidden="true" className="sr-only" />
              <input type="hidden" name="page_uuid" value={page.uuid} />
              <input type="hidden" name="version" value={version} />
              {preview && <input type="hidden" name={previewStateField} value={preview.state} />}
              <p className="text-xs text-ink-soft">{t("form.requiredNote")}</p>
              {topLevel.map(renderItem)}
              {/* On phones the price sits above the buttons, where it is seen before saving (decision 026). */}
              <PriceSummary summary={shownPrice} placement="inline" className="lg:hidden" />
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-navy-900/10 pt-6">
                {pageNumber > 1 ? (
                  <Button type="submit" name="intent" value="back" formNoValidate variant="ghost" disabled={busy}>
                    {t("booking.back")}
                  </Button>
                ) : (
                  <span />
                )}
                <Button type="submit" name="intent" value="next" size="lg" disabled={busy}>
                  {isLastPage ? (requestChosen ? t("booking.submitRequest") : t("bookingFlow.toReview")) : t("booking.next")}
                </Button>
              </div>
              <p className="text-xs text-ink-soft">{preview ? t("bookingPreview.nothingSaved") : t("booking.savedNote")}</p>
            </Form>
          )}
        </div>
        {!review && (
          <aside aria-label={t("booking.price.title")} className="hidden lg:block">
            <PriceSummary summary={shownPrice} />
          </aside>
        )}
      </div>
    </div>
  );
}

/** The payment method's item (`payment_option`), whose answer says whether the booking goes on to the card payment. */
function paymentItemUuid(form: PublicForm): string | undefined {
  return form.pages.flatMap((page) => page.items).find((item) => item.name === "payment_option")?.uuid;
}
