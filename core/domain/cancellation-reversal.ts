import type { BookingStatus } from "./booking-status";

/**
 * Staff reverse a customer's cancellation (issue 30, decision 075): a customer who cancelled by
 * mistake calls, and within a day the desk puts the booking back. Only the customer's own cancellation
 * (staff undo their own mistakes otherwise), only of a booking that stood confirmed or paid (one held
 * for a card payment or waiting for its review would come back without its hold or its check), and
 * only within a day of it: after that the places may have been promised to someone else and the
 * customer's refund is on its way. Whether the places are still free is the verb's to find out.
 */
export const cancellationReversalWindowMs = 24 * 60 * 60 * 1000;

/** The booking's cancellation as its audit row records it: the state machine's event, the status it left, when. */
export type CancellationRecord = { event: string | null; fromStatus: string | null; at: Date };

export type CancellationReversalRefusal = "not_cancelled" | "not_by_customer" | "did_not_stand" | "too_late";

export function cancellationReversible(
  status: BookingStatus,
  cancellation: CancellationRecord | null,
  now: Date,
): { allowed: true } | { allowed: false; reason: CancellationReversalRefusal } {
  if (status !== "cancelled") return { allowed: false, reason: "not_cancelled" };
  if (cancellation?.event !== "cancelled_by_customer") return { allowed: false, reason: "not_by_customer" };
  if (cancellation.fromStatus !== "confirmed" && cancellation.fromStatus !== "paid") return { allowed: false, reason: "did_not_stand" };
  if (now.getTime() - cancellation.at.getTime() > cancellationReversalWindowMs) return { allowed: false, reason: "too_late" };
  return { allowed: true };
}
