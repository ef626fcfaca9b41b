import type { Database } from "../db/client";
import type { Deps } from "../deps/deps";
import { bindAccounts } from "./accounts";
import { bindBookings } from "./bookings";
import { createDeps, type ServicesOptions } from "./create-deps";
import { bindInvoices } from "./invoices";
import { bindJobs } from "./jobs";
import { bindManage } from "./manage";
import { bindPayments } from "./payments";
import { bindPlatform } from "./platform";
import { bindPrivacy, bindStaffPrivacy } from "./privacy";
import { bindPublicReads } from "./public-reads";
import { bindStaffAccounts } from "./staff-accounts";
import { bindStaffActions } from "./staff-actions";
import { bindStaffAudit } from "./staff-audit";
import { bindStaffBookingEdits } from "./staff-booking-edits";
import { bindStaffCatalogue } from "./staff-catalogue";
import { bindStaffVouchers } from "./staff-vouchers";
import { bindStaffContent } from "./staff-content";
import { bindStaffDesk } from "./staff-desk";
import { bindStaffEmailTexts } from "./staff-email-texts";
import { bindStaffExports } from "./staff-exports";
import { bindStaffForms } from "./staff-forms";
import { bindWaivers } from "./waivers";

export type { ServicesOptions };

/**
 * The composition root (decision 074): builds the deps once (create-deps.ts) and composes the bind files,
 * one per area, each binding the deps to that area's domain verbs under the names the API handlers, the
 * route loaders and actions and the job worker call. No logic here; the bind files choose only which
 * writes drop the read cache (server/deps/cached-read.ts).
 */
export function createServices(db: Database, options: ServicesOptions) {
  return bindServices(createDeps(db, options));
}

function bindServices(deps: Deps) {
  return {
    accounts: bindAccounts(deps),
    /** The clock, `readiness`, the read cache's version and drops, staff's e-mail wording for the mail worker. */
    ...bindPlatform(deps),
    /** The public site's reads, "notify me" and the waitlist sign-up. */
    ...bindPublicReads(deps),
    /** The booking flow: every call needs the booking's token (the API body or the browser's booking cookie). */
    bookings: bindBookings(deps),
    /** "Manage my booking" (decision 023): the signed link's token, added to the caller's own authority. */
    manage: bindManage(deps),
    /** Personal data (decision 076): the export of an account's or one booking's data. */
    privacy: bindPrivacy(deps),
    /** Data-subject requests by e-mail address (admins; issue 30): what is held, a copy, the erasure. */
    staffPrivacy: bindStaffPrivacy(deps),
    /** Card payments through the enabled providers (decisions 007, 071). */
    payments: bindPayments(deps),
    /** Invoice PDFs, rendered from the snapshot taken when each was issued. */
    invoices: bindInvoices(deps),
    /** The durable jobs' handlers (server/jobs/job-worker.ts runs them; server/main.ts hands them over). */
    jobs: bindJobs(deps),
    /** The back office's booking actions (issue 13): cancel, refund, record a transfer, mails. */
    staffActions: bindStaffActions(deps),
    /** Site settings (admins) and content pages (staff): `staffSite`, `staffPages`, `widgetFrameAncestors` (decision 035). */
    ...bindStaffContent(deps),
    /** The back office's catalogue (issue 14): events and categories; every write drops the public reads. */
    staffCatalogue: bindStaffCatalogue(deps),
    /** Discount codes in the back office (decision 079): list, create, change, deactivate. */
    staffVouchers: bindStaffVouchers(deps),
    /** Staff edit a booking's answers and companions (decision 032). */
    staffBookingEdits: bindStaffBookingEdits(deps),
    /** `staffBookings`, `staffWaitlist`, `staffDashboard`, `staffCallBacks`. */
    ...bindStaffDesk(deps),
    /** The staff accounts (admins only; decision 027): list, invite, change. */
    staffAccounts: bindStaffAccounts(deps),
    /** The staff audit log (admins only; decision 078): list and CSV. */
    staffAudit: bindStaffAudit(deps),
    /** Staff's wording of the e-mail texts per template and language (decision 037; staff only). */
    staffEmailTexts: bindStaffEmailTexts(deps),
    /** The form builder's definition calls (decision 036): a publish drops the read cache. */
    staffForms: bindStaffForms(deps),
    /** `staffExports` (participants, selected bookings) and `staffInvoices` (the accountant's list, CSV and DATEV). */
    ...bindStaffExports(deps),
    /** Waivers (decision 080): signing through the person's or the manage link; the staff's texts, attachments and paper waivers. */
    waivers: bindWaivers(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
