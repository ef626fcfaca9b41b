import { invoicesOfBooking } from "../../invoices/issue-invoice";
import { standingInvoicesOf } from "../../../core/domain/invoice-corrections";
import { eq } from "drizzle-orm";
import type { CancelPreview, CancelRefund } from "../../../core/contracts/staff-actions";
import { bookingEventAllowed } from "../../../core/domain/booking-state-machine";
import { operatorToday } from "../../../core/domain/dates";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { readLedger } from "../../bookings/booking-account";
import { cancellationOutcome } from "../../bookings/cancellation-outcome";
import { bookings } from "../../db/schema";
import { emailAccountOf } from "../../email/email-account";
import { parseEmailMessage } from "../../deps/email-messages";
import { loadEmailTextOverrides } from "../../email/email-text-overrides";
import { renderEmail } from "../../email/render-email";
import { AppError } from "../../errors";
import { cancellationMailOf } from "./cancellation-mail";
import { customerOf, type StaffActionDeps } from "./staff-booking";

export type CancelPreviewInput = { bookingId: string; refund: CancelRefund; notify: boolean; message?: string | undefined };

/**
 * `POST api/staff/bookings/{uuid}/cancel/preview` (issue 28: staff money actions that cannot surprise
 * a customer): the mail a cancellation with these options would send, rendered by its template in the
 * booking's language with the texts staff saved (as the mail worker renders it), with the refund the
 * cancellation would make (the refund's own plan, and its refusals: 409) and the account afterwards.
 * Reads only: no lock, no write, no audit row, nothing queued. Authorized like the cancellation.
 */
export async function previewCancellation(deps: StaffActionDeps, actor: Actor, input: CancelPreviewInput): Promise<CancelPreview> {
  authorize(actor, "staff.bookings.cancel", null);
  const now = deps.now();
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, input.bookingId)).limit(1);
  if (!booking || booking.status === "draft") throw new AppError("NOT_FOUND", "bookingNotFound");
  if (!bookingEventAllowed(booking.status, "cancelled_by_staff")) {
    throw new AppError("CONFLICT", booking.status === "cancelled" ? "bookingAlreadyCancelled" : "bookingNotCancellable");
  }
  const today = operatorToday(now);
  const ledger = await readLedger(deps.db, booking.id);
  // As cancel-booking.ts does it (cancellation-outcome.ts): the fee is what was not given back.
  const outcome = cancellationOutcome(booking, ledger, today, {
    refund: input.refund === "none" ? null : { amountCents: input.refund === "full" ? undefined : input.refund.amount_cents, requireRefundable: input.refund !== "full" },
  });
  const { after, refundCents } = outcome;
  const keptCents = outcome.feeCents;

  const customer = input.notify ? await customerOf(deps.db, deps, booking) : null;
  if (!customer) return { uuid: booking.id, refund_cents: refundCents, cancellation_fee_cents: keptCents, mail: null, also_sent: [] };
  const mail = cancellationMailOf({ booking, customer, message: input.message, refundCents, account: emailAccountOf(after) });
  // Checked by the schema the worker checks the stored mail with, rendered as the worker renders it.
  const message = parseEmailMessage({ template: mail.template, payload: mail.payload });
  const rendered = await renderEmail(message, mail.locale, await loadEmailTextOverrides(deps.db, mail.template, mail.locale));
  return {
    uuid: booking.id,
    refund_cents: refundCents,
    cancellation_fee_cents: keptCents,
    mail: { to: mail.to, locale: mail.locale, subject: rendered.subject, text: rendered.text, html: rendered.html },
    // A binding booking's invoice is cancelled (and the fee kept invoiced) by correct-invoices.ts, mailed too.
    also_sent: [
      ...(refundCents > 0 ? (["refund-issued"] as const) : []),
      // A standing invoice is cancelled (its lines are no fee); with none standing, an invoice mail goes out only when a fee is invoiced.
      ...(invoiceMailOnCancel(await invoicesOfBooking(deps.db, booking.id), keptCents) ? (["invoice-corrected"] as const) : []),
    ],
  };
}

/** Whether the cancellation mails an invoice document: it cancels a standing invoice, or (none standing) invoices a fee kept. */
function invoiceMailOnCancel(issued: Awaited<ReturnType<typeof invoicesOfBooking>>, keptCents: number): boolean {
  if (issued.length === 0) return false;
  return standingInvoicesOf(issued).length > 0 || keptCents > 0;
}
