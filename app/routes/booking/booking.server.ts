/**
 * The server half of the booking route (`booking.tsx`): the loader opens or resumes the draft and
 * formats what the page shows; the action saves the page and moves on, adds or removes a companion,
 * or submits.
 */
import { data, redirect, redirectDocument } from "react-router";
import type { BookingView } from "../../../core/contracts/bookings";
import type { ErrorResponse, FieldErrors } from "../../../core/contracts/errors";
import type { PublicForm, ReservedVehicles } from "../../../core/contracts/forms";
import { formatDateTime } from "../../../core/domain/dates";
import { isChosen, isPageBlockedBySma } from "../../../core/domain/form-validation";
import { localizePath, type Locale } from "../../../core/i18n/locales";
import { AppError } from "../../../server/errors";
import {
  bookingKeyOfForm,
  forgetWaitlistOfferCookie,
  formPositionCookie,
  readFormPosition,
  readWaitlistOffer,
  rememberBookingCookie,
  waitlistOfferCookie,
  type BookingKey,
} from "../../../server/http/booking-cookies";
import { pageLocale } from "../../utils/auth.server";
import { countryOptions } from "../../../core/i18n/countries";
import { answersFromFormData, companionsFromFormData } from "../../utils/booking-form-data";
import { bookingPageLists, bookingPriceView, draftPaymentDue } from "../../utils/booking-view";
import { bookingReview } from "../../utils/booking-review";
import { notFound, orNotFound } from "../../utils/http-errors.server";
import { isSecure, withCookies } from "../../utils/session.server";
import { contractKindOfEvent, withdrawalNoticeFor } from "../../../core/domain/withdrawal-notice";
import type { Route } from "./+types/booking";
import { webContext, type WebContext } from "../../../server/load-context";
import { previewAction, previewLoader } from "./booking-preview.server";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function formUuidOf(request: Request, params: { uuid?: string | undefined }): string | null {
  return params.uuid ?? readFormPosition(request.headers.get("cookie"))?.formUuid ?? null;
}

/** `/booking/{form}?page=n`. */
function pageHref(locale: Locale, formUuid: string, page: number, hash = ""): string {
  return `${localizePath(`/booking/${formUuid}`, locale)}?page=${page}${hash}`;
}

/** Whether the answers choose the form's call-back request (SMA) instead of paying online. */
function smaRequestChosen(form: PublicForm, answers: Record<string, unknown>): boolean {
  const smaItem = form.pages.flatMap((page) => page.items).find((item) => item.kind === "sma");
  return smaItem !== undefined && isChosen(answers[smaItem.uuid]);
}

/** The review step's query value: `/booking/{form}?page=review` (decision 021). */
export const reviewStep = "review";

function reviewHref(locale: Locale, formUuid: string): string {
  return `${localizePath(`/booking/${formUuid}`, locale)}?page=${reviewStep}`;
}

/**
 * The step a visitor may see for the asked one: a page up to the furthest one the draft has reached
 * (pages after a pending booking request stay closed, spec §4), or the review step once every page
 * has been saved without errors. Anything else falls back to the furthest allowed page.
 */
function allowedStep(form: PublicForm, booking: BookingView, asked: string): { page: number; review: boolean } {
  const lastOpenPage = Math.min(booking.current_page, form.pages.length);
  const sma = { blocking: booking.sma_blocking, page: booking.sma_page };
  const furthest = isPageBlockedBySma(lastOpenPage, sma) && sma.page !== null ? sma.page : lastOpenPage;
  if (asked === reviewStep) {
    const reviewable = booking.current_page > form.pages.length && !sma.blocking;
    return reviewable ? { page: form.pages.length, review: true } : { page: furthest, review: false };
  }
  const number = /^\d{1,4}$/.test(asked) ? Number(asked) : 1;
  const clamped = Math.min(Math.max(number, 1), lastOpenPage);
  return { page: isPageBlockedBySma(clamped, sma) && sma.page !== null ? sma.page : clamped, review: false };
}

/** Where a visitor goes instead of the form; a fully booked event lets in only the holder of an open waitlist offer. */
function eventStateRedirect(form: PublicForm, locale: Locale, hasOffer: boolean, offerLinkSpent: boolean): string | null {
  const { state, uuid } = form.event;
  if (state === "not_bookable_yet") return `${localizePath("/booking-not-bookable-yet", locale)}?event=${uuid}`;
  if (state === "fully_booked" && !hasOffer)
    return `${localizePath("/booking-no-available-spots", locale)}?event=${uuid}${offerLinkSpent ? "&offer=spent" : ""}`;
  return null;
}

/**
 * The waitlist offer this visit books with: a link's `?offer=` token moves into the httpOnly cookie
 * (and out of the address bar) when it is open; otherwise the cookie's, while it is still open.
 */
async function waitlistOfferOf(context: WebContext, request: Request, url: URL, form: PublicForm) {
  const fromLink = url.searchParams.get("offer");
  const token = fromLink ?? readWaitlistOffer(request.headers.get("cookie"), form.uuid);
  const offer = token && token.length <= 200 ? await context.services.bookings.findWaitlistOffer({ eventId: form.event.uuid, offerToken: token }) : null;
  return { token: offer ? token : null, offer, fromLink: fromLink !== null };
}

/** The draft this browser keeps for the form; a missing, foreign or finished one yields none. */
async function resumeDraft(context: WebContext, key: BookingKey | undefined, locale: Locale): Promise<BookingView | null> {
  if (!key) return null;
  try {
    const { booking, ownerId } = await context.services.bookings.open({ formId: key.formUuid, bookingToken: key.token, bookingUuid: key.bookingUuid, locale });
    if (booking.status !== "draft") return null;
    // A draft started by an account holds that person's details: only they may resume it on this browser.
    if (ownerId) {
      const { user } = await context.session();
      if (user?.uuid !== ownerId) return null;
    }
    return booking;
  } catch (error) {
    if (AppError.is(error) && error.code === "NOT_FOUND") return null;
    throw error;
  }
}

/** Where a booking this browser already submitted is shown, or null when the key's booking is not one. */
async function submittedBookingOf(context: WebContext, key: BookingKey, locale: Locale): Promise<string | null> {
  try {
    const { booking } = await context.services.bookings.open({ formId: key.formUuid, bookingToken: key.token, bookingUuid: key.bookingUuid, locale });
    if (booking.status === "draft") return null;
    const page = booking.payment_option === "sma" && booking.status === "in_review" ? "/sma-success" : "/booking-success";
    return `${localizePath(page, locale)}?booking=${booking.uuid}`;
  } catch (error) {
    if (AppError.is(error) && error.code === "NOT_FOUND") return null;
    throw error;
  }
}

export async function loader({ request, url, params, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const locale = pageLocale(url);
  const cookieHeader = request.headers.get("cookie");
  const formUuid = formUuidOf(request, params);
  if (!formUuid) throw redirect(localizePath("/events", locale));
  if (!uuidPattern.test(formUuid)) notFound();
  // `?preview=1` of a staff member: the form's draft, nothing written (decision 039); anyone else goes on as without it.
  const preview = await previewLoader(url, formUuid, context);
  if (preview) return preview;
  const form = await orNotFound(context.services.getPublicForm(locale, formUuid, false));
  const waitlist = await waitlistOfferOf(context, request, url, form);
  // A spent offer of this form is forgotten; another form's offer in the cookie is left alone.
  const spentOfferCookie = !waitlist.offer && readWaitlistOffer(cookieHeader, formUuid) !== null ? [forgetWaitlistOfferCookie(isSecure(request))] : [];
  const elsewhere = eventStateRedirect(form, locale, waitlist.offer !== null, waitlist.fromLink);
  if (elsewhere) throw redirect(elsewhere, { headers: withCookies(spentOfferCookie) });
  if (waitlist.fromLink) {
    url.searchParams.delete("offer");
    const cookies =
      waitlist.offer && waitlist.token
        ? [waitlistOfferCookie({ formUuid, token: waitlist.token }, waitlist.offer.expiresAt, context.services.now(), isSecure(request))]
        : spentOfferCookie;
    throw redirect(`${url.pathname}${url.search}`, { headers: withCookies(cookies) });
  }
  const closed = form.event.state === "registration_closed" || form.event.state === "past";

  const cookies: string[] = [...spentOfferCookie];
  const key = bookingKeyOfForm(cookieHeader, formUuid);
  let booking = closed ? null : await resumeDraft(context, key, locale);
  // "Back" from the page after a booking lands on its last form page: show where that booking stands,
  // not an empty new form (which reads as "my booking is gone"). "Book now" links carry no ?page.
  if (!booking && key && url.searchParams.has("page")) {
    const sent = await submittedBookingOf(context, key, locale);
    if (sent) throw redirect(sent);
  }
  // The key in use moves to the front, so looking at other events never pushes it out of the cookie.
  if (booking && key) cookies.push(rememberBookingCookie(cookieHeader, key, isSecure(request)));
  if (!booking && !closed) {
    const { user } = await context.session();
    const opened = await context.services.bookings
      .open({ formId: formUuid, userId: user?.uuid ?? null, locale, clientAddress: context.clientAddress })
      .catch((error: unknown) => {
        // Too many new drafts from this address: the error page says so, in the page's language.
        if (AppError.is(error) && error.code === "TOO_MANY_REQUESTS") {
          const headers = { "Retry-After": String(error.retryAfterSeconds ?? 3600) };
          throw data({ message: error.toResponse(locale).message }, { status: 429, headers });
        }
        throw error;
      });
    booking = opened.booking;
    if (opened.bookingToken) {
      cookies.push(rememberBookingCookie(cookieHeader, { formUuid, bookingUuid: booking.uuid, token: opened.bookingToken }, isSecure(request)));
    }
  }
  // The address names the page, always: `?page=n` or `?page=review` is what Back, Forward and reload
  // show. Only an address without it ("Book now", a bookmark of the form) resumes at the saved position,
  // and then moves to that page's own address, so that the history holds one entry per page (decision 021).
  const askedParam = url.searchParams.get("page");
  const step = booking && !closed ? allowedStep(form, booking, askedParam ?? String(readFormPosition(cookieHeader)?.page ?? 1)) : { page: 1, review: false };
  const canonical = step.review ? reviewHref(locale, formUuid) : pageHref(locale, formUuid, step.page);
  if (booking && !closed && askedParam !== (step.review ? reviewStep : String(step.page))) {
    throw redirect(canonical, { headers: withCookies(cookies) });
  }
  // A booking request (SMA) is reviewed on its own screen before it is sent, also when the review step's address is opened directly.
  if (booking && step.review && smaRequestChosen(form, booking.answers)) {
    throw redirect(`${localizePath("/sma-checkout", locale)}?booking=${booking.uuid}`, { headers: withCookies(cookies) });
  }
  const pageNumber = step.page;
  cookies.push(formPositionCookie({ formUuid, page: pageNumber }, isSecure(request)));

  const page = form.pages[pageNumber - 1];
  const kinds = new Set(page?.items.map((item) => item.kind));
  const needsCountries = kinds.has("country_select") || kinds.has("nationality_select");
  const countryNames = needsCountries ? countryOptions(locale) : [];
  const reserved: ReservedVehicles | null =
    kinds.has("vehicles") || kinds.has("vehicles_per_day") ? await context.services.getReservedVehicles(formUuid) : null;
  const uploads = booking && (step.review || kinds.has("upload") || kinds.has("file")) ? await context.services.bookings.uploadsOf(booking.uuid) : [];
  return data(
    {
      locale,
      form,
      booking,
      closed,
      pageNumber,
      offerHeldUntil: waitlist.offer ? formatDateTime(waitlist.offer.expiresAt, locale) : null,
      countryNames,
      // Dates and amounts are formatted on the server, so the hydrated page matches (see event-view.ts).
      ...bookingPageLists(form, reserved, locale),
      uploads,
      price: booking ? bookingPriceView(form, booking, locale) : null,
      review: booking && step.review ? bookingReview(form, booking, uploads, locale) : null,
      // Before the binding click: what the law says about withdrawing from this event (issue 30).
      withdrawalNotice: booking && step.review ? withdrawalNoticeFor(contractKindOfEvent(form.event), await context.services.getSite(locale)) : null,
      // An event without cancellation by the customer says so before the binding click (issue 30).
      noCustomerCancel: Boolean(booking && step.review && !form.event.customer_may_cancel),
      paymentDue: booking ? draftPaymentDue(form, booking) : null,
    },
    { headers: withCookies(cookies) },
  );
}

export type BookingActionData = {
  message: string | null;
  errors: FieldErrors;
  participantErrors: Record<string, FieldErrors>;
  pageErrors: string[];
  /** The draft's version after a save that kept invalid answers: the page saves from it next. */
  version: number | null;
  /** The save was refused because another window saved first: the page reloads the latest answers. */
  stale: boolean;
};

function failure(error: AppError, locale: Locale, status: number = error.status) {
  const response: ErrorResponse = error.toResponse(locale);
  return data<BookingActionData>(
    {
      message: response.message,
      errors: response.errors ?? {},
      participantErrors: response.participant_errors ?? {},
      pageErrors: response.page_errors ?? [],
      version: response.version ?? null,
      stale: response.reason === "stale_version",
    },
    status,
  );
}

/** A discount code refused (decision 079): its reason beside the code's field, no summary at the top; nothing changed. */
function voucherFailure(error: AppError, locale: Locale) {
  const response: ErrorResponse = error.toResponse(locale);
  const message = response.errors?.voucher_code?.[0] ?? response.message;
  return data<BookingActionData>(
    { message: null, errors: { voucher_code: [message] }, participantErrors: {}, pageErrors: [], version: null, stale: false },
    error.status,
  );
}

const successOf = (locale: Locale, bookingUuid: string) => `${localizePath("/booking-success", locale)}?booking=${bookingUuid}`;

export async function action({ request, url, params, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(webContext);
  const locale = pageLocale(url);
  const formUuid = formUuidOf(request, params);
  if (!formUuid || !uuidPattern.test(formUuid)) throw data(null, { status: 404 });
  const preview = await previewAction(request, url, formUuid, context);
  if (preview) return preview;
  const key = bookingKeyOfForm(request.headers.get("cookie"), formUuid);
  const posted = await request.formData();
  const offer = readWaitlistOffer(request.headers.get("cookie"), formUuid);
  // No key (cookies cleared, another browser): the page opens a fresh draft; nothing is lost that was saved.
  if (!key) throw redirect(pageHref(locale, formUuid, 1));
  const form = await orNotFound(context.services.getPublicForm(locale, formUuid, false));
  const intent = String(posted.get("intent") ?? "next");
  const bookingKey = { bookingId: key.bookingUuid, bookingToken: key.token };
  // The review step's one button is the only one that books (decision 021).
  if (posted.get("step") === reviewStep) {
    if (intent === "apply-voucher" || intent === "remove-voucher") {
      const code = intent === "apply-voucher" ? String(posted.get("voucher_code") ?? "") : null;
      try {
        await context.services.bookings.applyVoucher({ ...bookingKey, code, locale });
      } catch (error) {
        if (!AppError.is(error)) throw error;
        if (error.reason === "voucher_refused" || error.code === "VALIDATION_FAILED") return voucherFailure(error, locale);
        return failure(error, locale);
      }
      throw redirect(reviewHref(locale, formUuid));
    }
    if (intent !== "submit") throw redirect(reviewHref(locale, formUuid));
    return submitFromReview(context, { form, bookingKey, locale, offer, bookingUuid: key.bookingUuid });
  }
  const page = form.pages.find((candidate) => candidate.uuid === posted.get("page_uuid"));
  if (!page) throw redirect(pageHref(locale, formUuid, 1));
  const postedVersion = Number(posted.get("version"));

  let invalid: AppError | null = null;
  try {
    await context.services.bookings.updatePage({
      ...bookingKey,
      pageId: page.uuid,
      answers: answersFromFormData(page.items, posted),
      companions: page.items.some((item) => item.kind === "companion") ? companionsFromFormData(posted) : undefined,
      version: Number.isInteger(postedVersion) && posted.has("version") ? postedVersion : undefined,
      locale,
    });
  } catch (error) {
    if (!AppError.is(error)) throw error;
    if (error.reason === "stale_version") return failure(error, locale);
    if (error.code === "CONFLICT") throw redirect(successOf(locale, key.bookingUuid));
    if (error.code !== "VALIDATION_FAILED") return failure(error, locale);
    invalid = error;
  }

  try {
    if (intent === "back") throw redirect(pageHref(locale, formUuid, page.number - 1));
    if (intent === "add-companion") {
      const companionItem = page.items.find((item) => item.kind === "companion");
      if (companionItem) await context.services.bookings.addBlankCompanion({ ...bookingKey, companionItem, locale });
      throw redirect(pageHref(locale, formUuid, page.number, "#companions"));
    }
    if (intent.startsWith("remove-companion:")) {
      await context.services.bookings.deleteCompanion({ ...bookingKey, companionId: intent.slice("remove-companion:".length) });
      throw redirect(pageHref(locale, formUuid, page.number, "#companions"));
    }
    if (invalid) return failure(invalid, locale);
    if (page.number === form.pages.length) {
      // A booking request (SMA) is reviewed on its own screen before it is sent (spec §2 /sma-checkout).
      if (page.items.some((item) => item.kind === "sma") && smaRequestChosen(form, answersFromFormData(page.items, posted))) {
        throw redirect(`${localizePath("/sma-checkout", locale)}?booking=${key.bookingUuid}`);
      }
      throw redirect(reviewHref(locale, formUuid));
    }
    throw redirect(pageHref(locale, formUuid, Math.min(page.number + 1, form.pages.length)));
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return failure(error, locale);
  }
}

/**
 * "Book with obligation to pay": submits the saved draft. A card booking goes on to the provider's
 * checkout at once (the same payment service as the pay button); when that cannot be made, the
 * booking's page with its pay button is the fallback.
 */
async function submitFromReview(
  context: WebContext,
  input: { form: PublicForm; bookingKey: { bookingId: string; bookingToken: string }; locale: Locale; offer: string | null; bookingUuid: string },
) {
  const { form, bookingKey, locale, bookingUuid } = input;
  let submitted: BookingView;
  try {
    submitted = await context.services.bookings.submit({ ...bookingKey, locale, waitlistOfferToken: input.offer ?? undefined });
  } catch (error) {
    if (!AppError.is(error)) throw error;
    // Sent twice (a double click): the other post submitted it a moment ago; show the booking, not an error.
    if (error.reason === "already_submitted") throw redirect(successOf(locale, bookingUuid));
    if (error.reason === "fully_booked") throw redirect(`${localizePath("/booking-no-available-spots", locale)}?event=${form.event.uuid}`);
    if (error.reason === "not_bookable_yet") throw redirect(`${localizePath("/booking-not-bookable-yet", locale)}?event=${form.event.uuid}`);
    if (error.reason === "voucher_refused") return voucherFailure(error, locale);
    return failure(error, locale);
  }
  if (submitted.payment_option === "credit_card" && submitted.status !== "in_review") {
    let checkout: string | null = null;
    try {
      const payment = await context.services.payments.create({ bookingId: bookingUuid, access: { bookingToken: bookingKey.bookingToken }, locale });
      checkout = payment.redirect_url;
    } catch (error) {
      // No checkout now (the provider is down, …): the booking's page has the pay button to try again.
      if (!AppError.is(error)) throw error;
    }
    // A document navigation: the provider's page is not a route of this app, even when it is served on this origin (sandbox).
    if (checkout) throw redirectDocument(checkout);
  }
  throw redirect(successOf(locale, bookingUuid));
}
