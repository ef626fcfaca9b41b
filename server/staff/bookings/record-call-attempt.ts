import { eq } from "drizzle-orm";
import type { CallAttempt, CallAttemptInput } from "../../../core/contracts/staff-call-backs";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { bookingEvents, bookings, callBackAttempts } from "../../db/schema";
import { AppError } from "../../errors";
import { toCallAttempt } from "./list-call-backs";

/**
 * Notes a call attempt on a pending SMA request (issue 13, the call-back queue): the outcome, an
 * optional note, the staff member (id and e-mail) and the time, with its audit row (no status
 * change, like `later_details_saved`) in one transaction under the booking's row lock. Only while
 * the request waits for a decision: a decided request, or a booking without one, is a 409.
 */
export async function recordCallAttempt(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { bookingId: string; attempt: CallAttemptInput; staff: { id: string; email: string } },
): Promise<CallAttempt> {
  authorize(actor, "staff.call-backs.record-attempt", null);
  const now = deps.now();
  const note = input.attempt.note ? input.attempt.note : null;
  return deps.db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, status: bookings.status, smaStatus: bookings.smaStatus })
      .from(bookings)
      .where(eq(bookings.id, input.bookingId))
      .for("update")
      .limit(1);
    if (!booking) throw new AppError("NOT_FOUND", "bookingNotFound");
    if (booking.status !== "in_review" || booking.smaStatus !== "requested") throw new AppError("CONFLICT", "callBackNotPending");
    const [attempt] = await tx
      .insert(callBackAttempts)
      .values({ bookingId: booking.id, staffId: input.staff.id, staffEmail: input.staff.email, outcome: input.attempt.outcome, note, at: now })
      .returning();
    if (!attempt) throw new Error("the call attempt was not stored");
    await tx.insert(bookingEvents).values({
      bookingId: booking.id,
      fromStatus: booking.status,
      toStatus: booking.status,
      cause: `call-back attempt (${input.attempt.outcome}) by staff ${input.staff.email}`,
      details: {
        action: "call_back_attempt_recorded",
        attemptId: attempt.id,
        outcome: attempt.outcome,
        staffId: input.staff.id,
        staffEmail: input.staff.email,
        ...(note ? { note } : {}),
      },
      at: now,
    });
    return toCallAttempt(attempt);
  });
}
