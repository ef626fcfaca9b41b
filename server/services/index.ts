import type { ListPagesQuery } from "../../core/contracts/pages";
import type { Locale } from "../../core/i18n/locales";
import type { Database } from "../db/client";
import type { JoinWaitlist } from "../../core/contracts/waitlist";
import { createAccessTokens } from "../auth/access-tokens";
import type { CompanionInput } from "../../core/contracts/bookings";
import { addBlankCompanion, createDraftLimiter, deleteCompanion, openDraft, updateDraftPage } from "../bookings/drafts";
import { submitDraft } from "../bookings/submit-draft";
import { joinWaitlist } from "../bookings/waitlist";
import { findWaitlistOffer } from "../bookings/waitlist-offers";
import { eq } from "drizzle-orm";
import { bookings, uploads } from "../db/schema";
import { toUploadView } from "../uploads/store-upload";
import { enqueueEmail } from "../email";
import { bindAccounts } from "./accounts";
import { createAccountLimits, createAfterAnswer, HomeAddresses, type AccountsDeps } from "../accounts/accounts-deps";
import { ReadCache } from "./cache";
import { listCategories, listExperiences, listPublicEvents, listPublicEventsOfCategory } from "./events";
import { getPublicForm, getReservedVehicles } from "./forms";
import { getPageBySlug, listPages } from "./pages";
import { getSite } from "./site";
import type { PaymentProvider } from "../payments/payment-provider";
import { applyProviderOutcome, createPayment, refreshPaymentForReturn, type PaymentAccess } from "../payments/payments";
import { AppError } from "../errors";
import { invoicePdfFor } from "../invoices/invoice-pdf-service";
import { bookingOfPayLink } from "../payments/pay-links";
import { runBalanceDue } from "../payments/balance-due";
import { decideSmaRequest, type SmaDecision } from "../bookings/sma-review";

export type ServicesOptions = {
  /** How long public read data may be reused between requests (0 disables the cache). */
  cacheTtlMs: number;
  now?: () => Date;
  /** Signs access tokens. */
  jwtSecret: string;
  /** Absolute origin for links in e-mails. */
  publicOrigin: string;
  /** Stores a mail in the caller's transaction; defaults to the e-mail outbox. */
  enqueueMail?: AccountsDeps["enqueueMail"];
  rateLimitMultiplier?: number;
  /** Where failures of work done after an answer (password reset mails) are reported. */
  logError?: (error: unknown) => void;
  /** The card payment provider (sandbox or Stripe); without it payments are refused. */
  paymentProvider?: PaymentProvider;
  /** Where booking uploads are stored (`<DATA_DIR>/uploads`, outside the web root); without it uploads are refused. */
  uploadsDir?: string;
  /** An upload that sends nothing for this long is cut off (UPLOAD_IDLE_TIMEOUT_SECONDS; default 30 s). */
  uploadIdleTimeoutMs?: number;
  /** The most bytes of files one draft may hold (default: three times its form's largest allowed file). */
  uploadBytesPerDraft?: number;
  /** New drafts one client address may open per hour, before the multiplier (default `draftsPerClientPerHour`). */
  draftsPerClientPerHour?: number;
};

/**
 * The read side of the site, shared by the JSON API and the server-rendered pages so that both
 * always answer the same. Public, anonymous data goes through a short-lived cache; anything that
 * depends on who asks must not.
 */
export function createServices(db: Database, options: ServicesOptions) {
  const now = options.now ?? (() => new Date());
  const cache = new ReadCache(options.cacheTtlMs);
  const accounts = bindAccounts({
    db,
    accessTokens: createAccessTokens(options.jwtSecret, now),
    deviceSecret: options.jwtSecret,
    enqueueMail: options.enqueueMail ?? enqueueEmail,
    publicOrigin: options.publicOrigin,
    now,
    limits: createAccountLimits(now, options.rateLimitMultiplier ?? 1),
    homeAddresses: new HomeAddresses(),
    afterAnswer: createAfterAnswer(options.logError),
  });
  const draftLimiter = createDraftLimiter(options.draftsPerClientPerHour, options.rateLimitMultiplier ?? 1, () => now().getTime());
  const paymentDeps = () => {
    if (!options.paymentProvider) throw new AppError("BAD_GATEWAY", "paymentProviderFailed");
    return {
      provider: options.paymentProvider,
      publicOrigin: options.publicOrigin,
      enqueueMail: options.enqueueMail ?? enqueueEmail,
      payLinkSecret: options.jwtSecret,
    };
  };
  return {
    accounts,
    db,
    now,
    cache,
    uploadsDir: options.uploadsDir,
    uploadIdleTimeoutMs: options.uploadIdleTimeoutMs,
    uploadBytesPerDraft: options.uploadBytesPerDraft,
    getSite: (locale: Locale, id?: number) => cache.get(`site:${locale}:${id ?? ""}`, () => getSite(db, locale, id)),
    listPages: (locale: Locale, query: ListPagesQuery) => cache.get(`pages:${locale}:${JSON.stringify(query)}`, () => listPages(db, locale, query)),
    getPageBySlug: (locale: Locale, slug: string) => getPageBySlug(db, locale, slug),
    listCategories: (locale: Locale) => cache.get(`categories:${locale}`, () => listCategories(db, locale)),
    listPublicEvents: (locale: Locale, category?: string) =>
      cache.get(`events:${locale}:${category ?? ""}`, () =>
        category === undefined ? listPublicEvents(db, locale, {}, now()) : listPublicEventsOfCategory(db, locale, category, now()),
      ),
    listExperiences: (locale: Locale) => cache.get(`experiences:${locale}`, () => listExperiences(db, locale)),
    /** One published event as the cards show it, or undefined. */
    getPublicEvent: async (locale: Locale, eventId: string) =>
      (await cache.get(`events:${locale}:`, () => listPublicEvents(db, locale, {}, now()))).find((event) => event.uuid === eventId),
    joinWaitlist: async (input: JoinWaitlist, locale: Locale) => {
      const result = await joinWaitlist(db, input, locale, now());
      cache.invalidate();
      return result;
    },
    getPublicForm: (locale: Locale, formId: string, preview: boolean) => getPublicForm(db, locale, formId, { preview, now: now() }),
    getReservedVehicles: (formId: string) => getReservedVehicles(db, formId),
    /** Invoice PDFs, rendered from the snapshot taken when each was issued. */
    invoices: {
      pdfFor: (input: Parameters<typeof invoicePdfFor>[1]) => invoicePdfFor(db, input),
    },
    /** Card payments through the configured provider (decision 007). */
    payments: {
      providerName: options.paymentProvider?.name ?? null,
      create: async (input: { bookingId: string; access: PaymentAccess; locale: Locale }) => {
        try {
          return await createPayment(db, paymentDeps(), { ...input, now: now() });
        } finally {
          cache.invalidate();
        }
      },
      applyWebhook: async (rawBody: string, headers: Headers) => {
        const deps = paymentDeps();
        const outcome = await deps.provider.parseWebhook(rawBody, headers);
        const result = await applyProviderOutcome(db, deps, outcome, { now: now(), source: "webhook" });
        cache.invalidate();
        return result;
      },
      /** The booking a "pay now" e-mail link stands for, with what is due on it; null for a wrong link. */
      payLinkBooking: async (token: string) => {
        const bookingId = bookingOfPayLink(options.jwtSecret, token);
        if (!bookingId) return null;
        const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
        return row ?? null;
      },
      /** The job of a balance falling due (also run by the e2e test routes). */
      runBalanceDue: (payload: Record<string, unknown>, at: Date) =>
        runBalanceDue(db, payload, {
          now: at,
          publicOrigin: options.publicOrigin,
          payLinkSecret: options.jwtSecret,
          enqueueMail: options.enqueueMail ?? enqueueEmail,
        }),
      /** The return pages: the payment of the token, asking the provider while it is still open. */
      // A payment applied here may have taken places again: the event cards must not show a stale state.
      forReturn: (token: string) => refreshPaymentForReturn(db, paymentDeps(), token, now(), () => cache.invalidate()),
    },
    /** The booking flow: every call needs the booking's token (the API body or the browser's booking cookie). */
    bookings: {
      /** A new draft (no token) counts against its client address's hourly allowance (`clientAddress`). */
      open: (input: {
        formId: string;
        bookingToken?: string | undefined;
        bookingUuid?: string | undefined;
        userId?: string | null;
        locale: Locale;
        clientAddress?: string | undefined;
      }) => openDraft(db, { ...input, draftLimiter }),
      updatePage: (input: {
        bookingId: string;
        bookingToken: string;
        pageId: string;
        answers: Parameters<typeof updateDraftPage>[1]["answers"];
        companions?: CompanionInput[] | undefined;
        locale: Locale;
      }) => updateDraftPage(db, { ...input, now: now() }),
      /** An open waitlist offer of the event for the link's token, or null (wrong, spent or expired). */
      findWaitlistOffer: (input: { eventId: string; offerToken: string }) => findWaitlistOffer(db, { ...input, now: now() }),
      /** The files uploaded to a booking, for the upload fields of its pages. */
      uploadsOf: async (bookingId: string) => (await db.select().from(uploads).where(eq(uploads.bookingId, bookingId))).map(toUploadView),
      addBlankCompanion: (input: Parameters<typeof addBlankCompanion>[1]) => addBlankCompanion(db, input),
      deleteCompanion: (input: { bookingId: string; bookingToken: string; companionId: string }) => deleteCompanion(db, { ...input, now: now() }),
      /** Staff decide an SMA request after calling the customer. */
      decideSma: async (input: { bookingId: string; decision: SmaDecision; staff: { id: string; email: string }; note?: string | undefined }) => {
        try {
          return await decideSmaRequest(
            db,
            { publicOrigin: options.publicOrigin, payLinkSecret: options.jwtSecret, enqueueMail: options.enqueueMail ?? enqueueEmail },
            { ...input, now: now() },
          );
        } finally {
          cache.invalidate();
        }
      },
      submit: async (input: { bookingId: string; bookingToken: string; locale: Locale; waitlistOfferToken?: string | undefined }) => {
        try {
          return await submitDraft(
            db,
            { createAccountForBooking: accounts.createAccountForBooking, enqueueMail: options.enqueueMail ?? enqueueEmail, publicOrigin: options.publicOrigin },
            { ...input, now: now() },
          );
        } finally {
          // Places changed (or were found gone): the event cards must not show a stale state.
          cache.invalidate();
        }
      },
    },
  };
}

export type Services = ReturnType<typeof createServices>;
