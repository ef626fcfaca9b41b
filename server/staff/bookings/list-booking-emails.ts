import type { BookingEmail } from "../../../core/contracts/staff-actions";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { bookingMails, emailAnswerOf } from "./booking-emails";
import { lockBooking, type StaffActionDeps } from "./staff-booking";

/** `GET api/staff/bookings/{uuid}/emails`: every mail of the booking, oldest first, to pick one to send again. */
export async function listBookingEmails(deps: Pick<StaffActionDeps, "db">, actor: Actor, input: { bookingId: string }): Promise<BookingEmail[]> {
  authorize(actor, "staff.bookings.send-email", null);
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    return (await bookingMails(tx, booking)).map(emailAnswerOf);
  });
}
