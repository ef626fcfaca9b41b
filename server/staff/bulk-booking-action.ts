import type { BulkActionBody, BulkResult } from "../../core/contracts/staff-actions";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { authorize } from "../auth/authorize";
import { AppError } from "../errors";
import { cancelBooking } from "./cancel-booking";
import { resendConfirmation } from "./resend-email";
import type { StaffActionDeps, StaffMember } from "./staff-booking";

/**
 * `POST api/staff/bookings/bulk`: the single action on each booking, one after the other, each in
 * its own transaction. A refusal (a booking cancelled already, one not found) is answered for that
 * booking and does not undo the others; the whole call is refused only when the caller may not do
 * the action at all.
 */
export async function bulkBookingAction(
  deps: StaffActionDeps,
  actor: Actor,
  input: { body: BulkActionBody; staff: StaffMember; locale: Locale; logError: (error: unknown) => void },
): Promise<BulkResult[]> {
  const { body } = input;
  authorize(actor, body.action === "cancel" ? "staff.bookings.cancel" : "staff.bookings.send-email", null);
  const results: BulkResult[] = [];
  // The same booking named twice is acted on once.
  for (const uuid of [...new Set(body.booking_uuids)]) {
    try {
      if (body.action === "cancel") {
        await cancelBooking(deps, actor, { bookingId: uuid, refund: body.refund, notify: body.notify, reason: body.reason, staff: input.staff });
      } else {
        await resendConfirmation(deps, actor, { bookingId: uuid, staff: input.staff });
      }
      results.push({ uuid, outcome: "ok" });
    } catch (error) {
      if (AppError.is(error)) {
        results.push({ uuid, outcome: "refused", code: error.code, reason: error.toResponse(input.locale).message });
      } else {
        // A fault on one booking (its transaction rolled back) must not hide what happened to the others.
        input.logError(error);
        const internal = new AppError("INTERNAL", "internal");
        results.push({ uuid, outcome: "refused", code: internal.code, reason: internal.toResponse(input.locale).message });
      }
    }
  }
  return results;
}
