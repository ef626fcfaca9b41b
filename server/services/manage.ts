import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { openManageLink } from "../bookings/manage-access";
import { manageCalendar, manageUploadFile, ownerManageLinks } from "../bookings/manage-files";
import { saveLaterDetails } from "../bookings/manage-later-details";
import { uploadLaterFile } from "../bookings/manage-later-upload";
import { renewManageLink } from "../bookings/manage-renewal";
import { manageBookingView } from "../bookings/manage-view";
import { cancelByCustomer } from "../bookings/cancel-by-customer";
import { previewCustomerCancel } from "../bookings/preview-customer-cancel";
import { previewCompanionRemoval } from "../bookings/preview-companion-removal";
import { removeCompanionByCustomer } from "../bookings/remove-companion-by-customer";
import { invalidatingAvailability } from "../deps/cached-read";
import { readInvoicePdf } from "../invoices/invoice-pdf-service";
import type { Deps } from "../deps/deps";

/**
 * "Manage my booking" (decision 023): every call presents the signed link's token; `actor` is the
 * caller's own login (anonymous for a guest), which the link's authority is added to.
 */
export function bindManage(deps: Deps) {
  const { now } = deps;
  const cancelDeps = {
    db: deps.db,
    now,
    providers: deps.paymentProviders,
    publicOrigin: deps.publicOrigin,
    manageLinkSecret: deps.manageLinkSecret,
    enqueueMail: deps.enqueueMail,
  };
  return {
    /** The customer's own cancellation (issue 30): its preview reads only; the cancellation frees places, so the cards must not show stale ones. */
    previewCancel: (actor: Actor, input: { token: string }) => previewCustomerCancel(cancelDeps, actor, input),
    cancel: (actor: Actor, input: { token: string; feeCents: number }) => invalidatingAvailability(deps, () => cancelByCustomer(cancelDeps, actor, input)),
    /** One companion taken off by the customer (issue 30): frees a place, so the cards must not show stale ones. */
    previewCompanionRemoval: (actor: Actor, input: { token: string; companionId: string }) => previewCompanionRemoval(cancelDeps, actor, input),
    removeCompanion: (actor: Actor, input: { token: string; companionId: string; feeCents: number; version: number }) =>
      invalidatingAvailability(deps, () => removeCompanionByCustomer(cancelDeps, actor, input)),
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
  };
}
