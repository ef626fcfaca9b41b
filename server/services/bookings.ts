import type { CompanionInput } from "../../core/contracts/bookings";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { bookingCaller } from "../bookings/authorized-booking";
import { addBlankCompanion } from "../bookings/add-blank-companion";
import { deleteCompanion } from "../bookings/delete-companion";
import { applyVoucher } from "../bookings/apply-voucher";
import { openDraft } from "../bookings/open-draft";
import { updateDraftPage } from "../bookings/update-draft-page";
import { checkPreviewPage } from "../bookings/preview-page";
import { listBookingUploads } from "../bookings/list-booking-uploads";
import { decideSmaRequest, type SmaDecision } from "../bookings/sma-review";
import { submitDraft } from "../bookings/submit-draft";
import { findWaitlistOffer } from "../bookings/waitlist-offers";
import { storeBookingUpload, type StoreUploadInput } from "../uploads/store-upload";
import { invalidatingAvailability } from "../deps/cached-read";
import type { Deps } from "../deps/deps";
import { createAccountForBooking } from "../accounts/create-account-for-booking";

/** The booking flow: every call needs the booking's token (the API body or the browser's booking cookie). */
export function bindBookings(deps: Deps) {
  const { db, now } = deps;
  const mailDeps = {
    publicOrigin: deps.publicOrigin,
    payLinkSecret: deps.payLinkSecret,
    manageLinkSecret: deps.manageLinkSecret,
    enqueueMail: deps.enqueueMail,
  };
  return {
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
    /** A discount code for the draft, or none (`code: null`); decision 079. */
    applyVoucher: ({ bookingToken, ...input }: { bookingId: string; bookingToken: string; code: string | null; locale: Locale }) =>
      applyVoucher(deps, bookingCaller({ bookingToken }), input),
    /** Staff decide an SMA request after calling the customer. */
    decideSma: (actor: Actor, input: { bookingId: string; decision: SmaDecision; staff: { id: string; email: string }; note?: string | undefined }) =>
      invalidatingAvailability(deps, () => decideSmaRequest({ db, ...mailDeps }, actor, { ...input, now: now() })),
    // Places changed (or were found gone): the event cards must not show a stale state.
    submit: ({ bookingToken, ...input }: { bookingId: string; bookingToken: string; locale: Locale; waitlistOfferToken?: string | undefined }) =>
      invalidatingAvailability(deps, () =>
        submitDraft({ ...deps, createAccountForBooking: (tx, input) => createAccountForBooking(deps, tx, input) }, bookingCaller({ bookingToken }), input),
      ),
  };
}
