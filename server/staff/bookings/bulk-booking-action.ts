import { inArray } from "drizzle-orm";
import type { BulkActionBody, BulkAnswer, BulkResult } from "../../../core/contracts/staff-actions";
import { bulkActionFit, bulkRefusalMessages } from "../../../core/domain/booking-mail-fit";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import { bookings } from "../../db/schema";
import { AppError } from "../../errors";
import { cancelBooking } from "./cancel-booking";
import { latestConfirmation, resendConfirmation, stillRenders } from "./resend-email";
import type { BookingRow, StaffActionDeps, StaffMember } from "./staff-booking";

type BulkInput = { body: BulkActionBody; staff: StaffMember; locale: Locale; logError: (error: unknown) => void };

/**
 * `POST api/staff/bookings/bulk` (issue 28): first the plan, then, only when the caller confirms,
 * the action. Without `confirm` nothing changes: each booking is answered with what would happen to
 * it ("planned", with the address a mail would go to) or why it is refused (the booking's state does
 * not fit: core/domain/booking-mail-fit.ts; no confirmation mail; not found). With `confirm` the
 * single action runs on each booking, one after the other, each in its own transaction that checks
 * the same rule again under the booking's lock (its state may have changed since the plan). A refusal
 * is answered for that booking and undoes nothing else; the whole call is refused only when the
 * caller may not do the action at all.
 */
export async function bulkBookingAction(deps: StaffActionDeps, actor: Actor, input: BulkInput): Promise<BulkAnswer> {
  const { body } = input;
  authorize(actor, body.action === "cancel" ? "staff.bookings.cancel" : "staff.bookings.send-email", null);
  // The same booking named twice is planned and acted on once.
  const ids = [...new Set(body.booking_uuids)];
  if (body.confirm !== true) return { confirmed: false, results: await plan(deps, body.action, ids, input.locale) };
  const results: BulkResult[] = [];
  for (const uuid of ids) {
    try {
      if (body.action === "cancel") {
        await cancelBooking(deps, actor, { bookingId: uuid, refund: body.refund, notify: body.notify, reason: body.reason, staff: input.staff });
      } else {
        await resendConfirmation(deps, actor, { bookingId: uuid, staff: input.staff });
      }
      results.push({ uuid, outcome: "ok", booking_code: null, booking_status: null });
    } catch (error) {
      if (!AppError.is(error)) {
        // A fault on one booking (its transaction rolled back) must not hide what happened to the others.
        input.logError(error);
      }
      const refusal = AppError.is(error) ? error : new AppError("INTERNAL", "internal");
      results.push({
        uuid,
        outcome: "refused",
        code: refusal.code,
        reason: refusal.toResponse(input.locale).message,
        booking_code: null,
        booking_status: null,
      });
    }
  }
  // Each booking as the action left it.
  const after = await submittedBookings(deps, ids);
  return {
    confirmed: true,
    results: results.map((result) => ({
      ...result,
      booking_code: after.get(result.uuid)?.code ?? null,
      booking_status: after.get(result.uuid)?.status ?? null,
    })),
  };
}

async function submittedBookings(deps: StaffActionDeps, ids: string[]): Promise<Map<string, BookingRow>> {
  const rows = await deps.db.select().from(bookings).where(inArray(bookings.id, ids));
  // The desk never acts on a draft: it is "not found" like an unknown id.
  return new Map(rows.filter((row) => row.status !== "draft").map((row) => [row.id, row]));
}

/** What the action would do to each booking, read without locking and changing nothing. */
async function plan(deps: StaffActionDeps, action: BulkActionBody["action"], ids: string[], locale: Locale): Promise<BulkResult[]> {
  const found = await submittedBookings(deps, ids);
  const results: BulkResult[] = [];
  for (const uuid of ids) {
    const booking = found.get(uuid);
    const facts = { booking_code: booking?.code ?? null, booking_status: booking?.status ?? null };
    const refuse = (error: AppError): BulkResult => ({ uuid, outcome: "refused", code: error.code, reason: error.toResponse(locale).message, ...facts });
    if (!booking) {
      results.push(refuse(new AppError("NOT_FOUND", "bookingNotFound")));
      continue;
    }
    const fit = bulkActionFit(action, booking);
    if (!fit.fits) {
      results.push(refuse(new AppError("CONFLICT", bulkRefusalMessages[fit.reason])));
      continue;
    }
    if (action === "cancel") {
      results.push({ uuid, outcome: "planned", ...facts, to: null });
      continue;
    }
    const mail = await latestConfirmation(deps.db, booking);
    if (!mail) results.push(refuse(new AppError("CONFLICT", "noConfirmationEmail")));
    else if (!stillRenders(mail)) results.push(refuse(new AppError("CONFLICT", "emailNotResendable")));
    else results.push({ uuid, outcome: "planned", ...facts, to: mail.toAddress });
  }
  return results;
}
