import type { ListPagesQuery } from "../../core/contracts/pages";
import type { CompanionInput } from "../../core/contracts/bookings";
import type { JoinWaitlist } from "../../core/contracts/waitlist";
import { anonymousActor, type Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import type { Database } from "../db/client";
import { bookingCaller } from "../bookings/authorized-booking";
import { addBlankCompanion } from "../bookings/add-blank-companion";
import { deleteCompanion } from "../bookings/delete-companion";
import { openDraft } from "../bookings/open-draft";
import { updateDraftPage } from "../bookings/update-draft-page";
import { checkPreviewPage } from "../bookings/preview-page";
import { listBookingUploads } from "../bookings/list-booking-uploads";
import { openManageLink } from "../bookings/manage-access";
import { manageCalendar, manageUploadFile, ownerManageLinks } from "../bookings/manage-files";
import { saveLaterDetails } from "../bookings/manage-later-details";
import { uploadLaterFile } from "../bookings/manage-later-upload";
import { renewManageLink } from "../bookings/manage-renewal";
import { manageBookingView } from "../bookings/manage-view";
import { decideSmaRequest, type SmaDecision } from "../bookings/sma-review";
import { submitDraft } from "../bookings/submit-draft";
import { joinWaitlist } from "../bookings/waitlist";
import { findWaitlistOffer } from "../bookings/waitlist-offers";
import type { OpeningNoticeRequest } from "../../core/contracts/events";
import { countOpeningNotices, sendOpeningNotices, signUpForOpeningNotice } from "../catalog/opening-notices";
import {
  readCategories,
  readEventPage,
  readEventPageSlugs,
  readExperiences,
  readPageBySlug,
  readPages,
  readPublicEvent,
  readPublicEvents,
  readPublicForm,
  readReservedVehicles,
  readSite,
} from "../catalog/public-reads";
import { AppError } from "../errors";
import { invoicePdfFor, readInvoicePdf, readStaffInvoicePdf } from "../invoices/invoice-pdf-service";
import { runBalanceDue } from "../payments/balance-due";
import { findPayLinkBooking } from "../payments/find-pay-link-booking";
import { applyProviderOutcome } from "../payments/apply-provider-outcome";
import { createPayment } from "../payments/create-payment";
import { paymentCaller, type PaymentAccess } from "../payments/payment-access";
import { refreshPaymentForReturn } from "../payments/refresh-payment-for-return";
import { providerNamed, type PaymentProviderName } from "../deps/payment-provider";
import { exportParticipants } from "../staff/exports/export-participants";
import { exportSelectedBookings } from "../staff/exports/export-selected-bookings";
import { exportInvoices } from "../staff/exports/export-invoices";
import { listStaffInvoices } from "../invoices/list-staff-invoices";
import { readBookingCodes } from "../staff/bookings/read-booking-codes";
import { inviteStaffMember } from "../staff/accounts/invite-staff-member";
import { offerWaitlistPlaces, removeWaitlistEntry } from "../staff/bookings/change-waitlist-entry";
import { readWaitlist } from "../staff/bookings/read-waitlist";
import { listStaffAccounts } from "../staff/accounts/list-staff-accounts";
import { updateStaffAccount } from "../staff/accounts/update-staff-account";
import { listCallBacks } from "../staff/bookings/list-call-backs";
import { readDashboard } from "../staff/bookings/read-dashboard";
import { recordCallAttempt } from "../staff/bookings/record-call-attempt";
import { listEmailTexts } from "../staff/content/list-email-texts";
import { readEmailText } from "../staff/content/read-email-text";
import { saveEmailText } from "../staff/content/save-email-text";
import { resetEmailText } from "../staff/content/reset-email-text";
import { previewEmailText } from "../staff/content/preview-email-text";
import { storeBookingUpload, type StoreUploadInput } from "../uploads/store-upload";
import type { StaffBookingsQuery } from "../../core/contracts/staff-bookings";
import { listStaffBookings } from "../staff/bookings/list-staff-bookings";
import { readStaffBooking } from "../staff/bookings/read-staff-booking";
import { staffBookingUpload } from "../staff/bookings/staff-booking-upload";
import { listEventChoices } from "../staff/bookings/list-event-choices";
import { publishForm } from "../staff/catalogue/publish-form";
import { createEventForm } from "../staff/catalogue/create-event-form";
import { readStaffForm } from "../staff/catalogue/read-staff-form";
import { saveFormDraft } from "../staff/catalogue/save-form-draft";
import { bindAccounts } from "./accounts";
import { bindStaffActions } from "./staff-actions";
import { bindStaffContent } from "./staff-content";
import { bindStaffCatalogue } from "./staff-catalogue";
import { bindStaffBookingEdits } from "./staff-booking-edits";
import { checkReadiness } from "../db/readiness";
import { cachedCatalogueRead, invalidateAvailability, invalidateReads, invalidatingAvailability, invalidatingReads, readsVersion } from "../deps/cached-read";
import { loadEmailTextOverrides } from "../email/email-text-overrides";
import type { Deps } from "../deps/deps";
import { createDeps, type ServicesOptions } from "./create-deps";

export type { ServicesOptions };

/**
 * The composition root: builds the deps once and binds them to the domain verbs (server/accounts,
 * server/catalog, server/bookings, server/payments, server/invoices), under the names the API
 * handlers and the route loaders and actions call. No database handle leaves it; no logic lives
 * here beyond choosing which writes drop the read cache (cached-read.ts).
 */
export function createServices(db: Database, options: ServicesOptions) {
  return bindServices(createDeps(db, options));
}

function bindServices(deps: Deps) {
  const { db, now } = deps;
  const accounts = bindAccounts(deps);
  const paymentDeps = {
    providers: deps.paymentProviders,
    publicOrigin: deps.publicOrigin,
    enqueueMail: deps.enqueueMail,
    payLinkSecret: deps.payLinkSecret,
    manageLinkSecret: deps.manageLinkSecret,
  };
  const mailDeps = {
    publicOrigin: deps.publicOrigin,
    payLinkSecret: deps.payLinkSecret,
    manageLinkSecret: deps.manageLinkSecret,
    enqueueMail: deps.enqueueMail,
  };
  return {
    accounts,
    /** The back office's booking actions (issue 13): cancel, refund, record a transfer, mails. */
    staffActions: bindStaffActions(deps),
    /** Site settings (admins) and content pages (staff): `staffSite`, `staffPages`, `widgetFrameAncestors` (decision 035). */
    ...bindStaffContent(deps),
    /** The back office's catalogue (issue 14): events and categories; every write drops the public reads. */
    staffCatalogue: bindStaffCatalogue(deps),
    /** Staff edit a booking's answers and companions (decision 032). */
    staffBookingEdits: bindStaffBookingEdits(deps),
    now,
    /** An event's waitlist for staff: read, offer places by hand, take an entry off (audited). */
    staffWaitlist: {
      read: (actor: Actor, input: { eventId: string; locale: Locale }) => readWaitlist(deps, actor, input),
      offer: (actor: Actor, input: { eventId: string; entryId: string; staffEmail: string }) =>
        invalidatingAvailability(deps, () => offerWaitlistPlaces(deps, actor, input)),
      remove: (actor: Actor, input: { eventId: string; entryId: string; staffEmail: string }) =>
        invalidatingAvailability(deps, () => removeWaitlistEntry(deps, actor, input)),
    },
    /** The staff accounts (admins only; decision 027): list, invite, change. */
    staffAccounts: {
      list: (actor: Actor) => listStaffAccounts(deps, actor),
      invite: (actor: Actor, input: Parameters<typeof inviteStaffMember>[2]) => inviteStaffMember(deps, actor, input),
      update: (actor: Actor, input: Parameters<typeof updateStaffAccount>[2]) => updateStaffAccount(deps, actor, input),
    },
    /** The back office's dashboard (server/staff; staff only). */
    staffDashboard: {
      read: (actor: Actor, input: { locale: Locale }) => readDashboard(deps, actor, input),
    },
    /** The call-back queue: pending SMA requests and the call attempts noted on them (staff only). */
    staffCallBacks: {
      list: (actor: Actor, input: { locale: Locale }) => listCallBacks(deps, actor, input),
      recordAttempt: (actor: Actor, input: Parameters<typeof recordCallAttempt>[2]) => recordCallAttempt(deps, actor, input),
    },
    /** Staff's wording of the e-mail texts per template and language (decision 037; staff only). */
    staffEmailTexts: {
      list: (actor: Actor) => listEmailTexts(deps, actor),
      read: (actor: Actor, input: Parameters<typeof readEmailText>[2]) => readEmailText(deps, actor, input),
      // The mail worker reads staff's wording through the read cache (below): a change drops it.
      save: (actor: Actor, input: Parameters<typeof saveEmailText>[2]) => invalidatingReads(deps, () => saveEmailText(deps, actor, input)),
      reset: (actor: Actor, input: Parameters<typeof resetEmailText>[2]) => invalidatingReads(deps, () => resetEmailText(deps, actor, input)),
      preview: (actor: Actor, input: Parameters<typeof previewEmailText>[2]) => previewEmailText(deps, actor, input),
    },
    /** `GET /readyz`: the database answers and has this build's migrations. */
    readiness: () => checkReadiness(db),
    /** Staff's wording of a template for the mail worker, from the read cache's catalogue entries (every mail of a sale rush asks). */
    emailTextOverrides: (template: string, locale: Locale) =>
      cachedCatalogueRead(deps, `email-text-overrides:${template}:${locale}`, () => loadEmailTextOverrides(db, template, locale)),
    /** Moves with every write that drops the read cache (the page micro-cache follows it). */
    readsVersion: () => readsVersion(deps),
    /** Test data made behind the services' back (the e2e test routes) must not wait for the read cache to expire. */
    invalidateReads: () => invalidateReads(deps),
    /** A hold or a waitlist offer ran out: places changed, the catalogue did not. */
    invalidateAvailability: () => invalidateAvailability(deps),
    getSite: (locale: Locale, id?: number) => readSite(deps, { locale, id }),
    listPages: (locale: Locale, query: ListPagesQuery) => readPages(deps, { locale, query }),
    getPageBySlug: (locale: Locale, slug: string) => readPageBySlug(deps, { locale, slug }),
    listCategories: (locale: Locale) => readCategories(deps, { locale }),
    listPublicEvents: (locale: Locale, category?: string) => readPublicEvents(deps, { locale, category }),
    listExperiences: (locale: Locale) => readExperiences(deps, { locale }),
    /** One published event as the cards show it, or undefined. */
    getPublicEvent: (locale: Locale, eventId: string) => readPublicEvent(deps, { locale, eventId }),
    /** The event page `/events/{category}/{event}`: found, a redirect to its own address, or missing. */
    getEventPage: (locale: Locale, categorySlug: string, eventSlug: string) => readEventPage(deps, { locale, categorySlug, eventSlug }),
    /** Every published event's page slug per language (the sitemap). */
    listEventPageSlugs: () => readEventPageSlugs(deps),
    /** "Notify me when bookings open" (anyone; per client address limited). */
    signUpForOpeningNotice: (input: { eventId: string; notice: OpeningNoticeRequest; locale: Locale; clientAddress?: string | undefined }) =>
      signUpForOpeningNotice(deps, anonymousActor, input),
    /** The job that mails the sign-ups of an event once its bookings are open. */
    sendOpeningNotices: (eventId: string, at: Date) => sendOpeningNotices(deps, { eventId, now: at }),
    countOpeningNotices: (eventId: string) => countOpeningNotices(db, eventId),
    joinWaitlist: (entry: JoinWaitlist, locale: Locale) => invalidatingAvailability(deps, () => joinWaitlist(deps, anonymousActor, { entry, locale })),
    /** `preview` is honoured for staff only (`actor`; the pages never ask for it). */
    getPublicForm: (locale: Locale, formId: string, preview: boolean, actor: Actor = anonymousActor) =>
      readPublicForm(deps, actor, { locale, formId, preview }),
    getReservedVehicles: (formId: string) => readReservedVehicles(deps, { formId }),
    /** Invoice PDFs, rendered from the snapshot taken when each was issued. */
    invoices: {
      /** The page passes the session's account id and the booking cookie's token; either may open it. */
      pdfFor: (input: Parameters<typeof invoicePdfFor>[1]) => invoicePdfFor(db, input),
      /** Any issued document for the back office. */
      staffPdf: (actor: Actor, input: { invoiceId: string }) => readStaffInvoicePdf(deps, actor, input),
    },
    /**
     * "Manage my booking" (decision 023): every call presents the signed link's token; `actor` is the
     * caller's own login (anonymous for a guest), which the link's authority is added to.
     */
    manage: {
      view: async (actor: Actor, input: { token: string; locale: Locale }) =>
        manageBookingView(deps, await openManageLink(deps, actor, { token: input.token }), { locale: input.locale }),
      saveLaterDetails: async (actor: Actor, input: Parameters<typeof saveLaterDetails>[2]) =>
        manageBookingView(deps, await saveLaterDetails(deps, actor, input), { locale: input.locale }),
      renewLink: (actor: Actor, input: { token: string }) => renewManageLink(deps, actor, input),
      calendar: (actor: Actor, input: { token: string; locale: Locale }) => manageCalendar(deps, actor, input),
      /** Streams a file for an item that may be completed later (the link's token instead of the draft's). */
      uploadLater: (actor: Actor, input: Omit<Parameters<typeof uploadLaterFile>[2], "files" | "now" | "idleTimeoutMs" | "bytesPerDraft">) => {
        return uploadLaterFile(deps, actor, {
          ...input,
          files: deps.uploads.files,
          now: now(),
          idleTimeoutMs: deps.uploads.idleTimeoutMs,
          bytesPerDraft: deps.uploads.bytesPerDraft,
        });
      },
      uploadFile: (actor: Actor, input: { token: string; uploadId: string }) => {
        return manageUploadFile({ ...deps, files: deps.uploads.files }, actor, input);
      },
      /** The invoice PDF through the link's authority ("booking.invoice"). */
      invoicePdf: async (actor: Actor, input: { token: string; invoiceId?: string | undefined }) => {
        const managed = await openManageLink(deps, actor, { token: input.token });
        return readInvoicePdf(deps, managed.actor, { bookingId: managed.booking.id, invoiceId: input.invoiceId });
      },
      /** The dashboard's "Manage" link of each of the account's bookings. */
      ownerLinks: (actor: Actor, locale: Locale) => ownerManageLinks(deps, actor, { locale }),
    },
    /** The staff desk's bookings (decision 028): every call asks `staff.bookings.*` first. */
    staffBookings: {
      list: (actor: Actor, input: { query: StaffBookingsQuery; locale: Locale }) => listStaffBookings(deps, actor, input),
      read: (actor: Actor, input: { bookingId: string; locale: Locale }) => readStaffBooking(deps, actor, input),
      /** Every event, newest first: the choices of the list's event filter. */
      eventChoices: (actor: Actor, input: { locale: Locale }) => listEventChoices(deps, actor, input),
      /** Booking id → code, to name the bookings of a bulk action's answer (decision 033). */
      codes: (actor: Actor, input: { bookingIds: string[] }) => readBookingCodes(deps, actor, input),
      /** An upload of the booking, opened from the store, to stream it. */
      uploadFile: (actor: Actor, input: { bookingId: string; uploadId: string }) => {
        return staffBookingUpload({ db, files: deps.uploads.files }, actor, input);
      },
    },
    /** The form builder's definition calls (decision 036): a publish drops the read cache. */
    staffForms: {
      read: (actor: Actor, input: { formId: string }) => readStaffForm(deps, actor, input),
      /** A new event's booking form: the starter pages as a working copy, nothing published. */
      createForEvent: (actor: Actor, input: Parameters<typeof createEventForm>[2]) => createEventForm(deps, actor, input),
      saveDraft: (actor: Actor, input: Parameters<typeof saveFormDraft>[2]) => saveFormDraft(deps, actor, input),
      publish: (actor: Actor, input: Parameters<typeof publishForm>[2]) => invalidatingReads(deps, () => publishForm(deps, actor, input)),
    },
    /** The back office's files (decision 029): an event's participant list as CSV, XLSX or PDF, streamed. */
    staffExports: {
      participants: (actor: Actor, input: Parameters<typeof exportParticipants>[2]) => exportParticipants(deps, actor, input),
      /** The people of chosen bookings across events as one CSV, audited (decision 033). */
      selectedBookings: (actor: Actor, input: Parameters<typeof exportSelectedBookings>[2]) => exportSelectedBookings(deps, actor, input),
    },
    /** The accountant's invoice list and its CSV and DATEV files (decision 069): every call asks `staff.invoices.read` first. */
    staffInvoices: {
      list: (actor: Actor, input: Parameters<typeof listStaffInvoices>[2]) => listStaffInvoices(deps, actor, input),
      export: (actor: Actor, input: Parameters<typeof exportInvoices>[2]) => exportInvoices(deps, actor, input),
      /** Whether the DATEV batch can be made (its settings are in the environment). */
      datevConfigured: deps.datev !== null,
    },
    /** Card payments through the enabled providers (decisions 007, 071). */
    payments: {
      /** The enabled card providers, the operator's default first. */
      providerNames: [...deps.paymentProviders.keys()],
      /** A card payment through `provider` (one the operator enabled), or the operator's default. */
      create: async ({ access, ...input }: { bookingId: string; access: PaymentAccess; locale: Locale; provider?: PaymentProviderName | undefined }) => {
        const payment = { ...paymentDeps, db, now };
        const actor = await paymentCaller(deps, access);
        return invalidatingAvailability(deps, () => createPayment(payment, actor, { ...input, givenUpReturnToken: access.returnToken }));
      },
      /** A provider's signed webhook, at its own address: a provider not enabled has no endpoint (404). */
      applyWebhook: async (providerName: string, rawBody: string, headers: Headers) => {
        const provider = providerNamed(deps.paymentProviders, providerName);
        if (!provider) throw new AppError("NOT_FOUND", "noEndpoint");
        const outcome = await provider.parseWebhook(rawBody, headers);
        return invalidatingAvailability(deps, () => applyProviderOutcome(db, { ...paymentDeps, provider }, outcome, { now: now(), source: "webhook" }));
      },
      /** The booking a "pay now" e-mail link stands for, with what is due on it; null for a wrong link. */
      payLinkBooking: (token: string) => findPayLinkBooking(deps, { token }),
      /** The job of a balance falling due (also run by the e2e test routes). */
      runBalanceDue: (payload: Record<string, unknown>, at: Date) => runBalanceDue(db, payload, { now: at, ...mailDeps }),
      /** The return pages: the payment of the token, asking the provider while it is still open. */
      // A payment applied here may have taken places again: the event cards must not show a stale state.
      forReturn: (token: string) => refreshPaymentForReturn(db, paymentDeps, token, now(), () => invalidateAvailability(deps)),
    },
    /** The booking flow: every call needs the booking's token (the API body or the browser's booking cookie). */
    bookings: {
      /** A new draft (no token) counts against its client address's hourly allowance (`clientAddress`). */
      open: ({
        bookingToken,
        userId,
        ...input
      }: {
        formId: string;
        bookingToken?: string | undefined;
        bookingUuid?: string | undefined;
        userId?: string | null;
        locale: Locale;
        clientAddress?: string | undefined;
      }) => openDraft(deps, bookingCaller({ bookingToken, userId }), input),
      updatePage: ({
        bookingToken,
        ...input
      }: {
        bookingId: string;
        bookingToken: string;
        pageId: string;
        answers: Parameters<typeof updateDraftPage>[2]["answers"];
        companions?: CompanionInput[] | undefined;
        version?: number | undefined;
        locale: Locale;
      }) => updateDraftPage(deps, bookingCaller({ bookingToken }), input),
      /** A page of the booking form's preview (staff only, decision 039): checked like a save, and nothing is written. */
      checkPreviewPage: (actor: Actor, input: Parameters<typeof checkPreviewPage>[2]) => checkPreviewPage(deps, actor, input),
      /** An open waitlist offer of the event for the link's token, or null (wrong, spent or expired). */
      findWaitlistOffer: (input: { eventId: string; offerToken: string }) => findWaitlistOffer(db, { ...input, now: now() }),
      /** The files uploaded to a booking, for the upload fields of its pages. */
      uploadsOf: (bookingId: string) => listBookingUploads(deps, { bookingId }),
      /** Streams an upload of a draft to the file store (the booking's token in the cookie or the body). */
      storeUpload: (input: Omit<StoreUploadInput, "files" | "now" | "idleTimeoutMs" | "bytesPerDraft">) => {
        return storeBookingUpload(db, {
          ...input,
          files: deps.uploads.files,
          now: now(),
          idleTimeoutMs: deps.uploads.idleTimeoutMs,
          bytesPerDraft: deps.uploads.bytesPerDraft,
        });
      },
      addBlankCompanion: ({ bookingToken, ...input }: Parameters<typeof addBlankCompanion>[2] & { bookingToken: string }) =>
        addBlankCompanion(deps, bookingCaller({ bookingToken }), input),
      deleteCompanion: ({ bookingToken, ...input }: { bookingId: string; bookingToken: string; companionId: string }) =>
        deleteCompanion(deps, bookingCaller({ bookingToken }), input),
      /** Staff decide an SMA request after calling the customer. */
      decideSma: (actor: Actor, input: { bookingId: string; decision: SmaDecision; staff: { id: string; email: string }; note?: string | undefined }) =>
        invalidatingAvailability(deps, () => decideSmaRequest({ db, ...mailDeps }, actor, { ...input, now: now() })),
      // Places changed (or were found gone): the event cards must not show a stale state.
      submit: ({ bookingToken, ...input }: { bookingId: string; bookingToken: string; locale: Locale; waitlistOfferToken?: string | undefined }) =>
        invalidatingAvailability(deps, () =>
          submitDraft({ ...deps, createAccountForBooking: accounts.createAccountForBooking }, bookingCaller({ bookingToken }), input),
        ),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
