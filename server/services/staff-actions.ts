import type { Actor } from "../../core/domain/permissions";
import { bulkBookingAction } from "../staff/bookings/bulk-booking-action";
import { cancelBooking, type CancelInput } from "../staff/bookings/cancel-booking";
import { listBookingEmails } from "../staff/bookings/list-booking-emails";
import { previewCancellation, type CancelPreviewInput } from "../staff/bookings/preview-cancellation";
import { recordTransfer, type RecordTransferInput } from "../staff/bookings/record-transfer";
import { refundBooking, type RefundInput } from "../staff/bookings/refund-booking";
import { resendEmail } from "../staff/bookings/resend-email";
import { reverseCancellation, type ReverseCancellationInput } from "../staff/bookings/reverse-cancellation";
import { sendStaffMessage } from "../staff/bookings/send-message";
import { sendEventMessage, type SendEventMessageInput } from "../staff/bookings/send-event-message";
import { previewEventMessage } from "../staff/bookings/preview-event-message";
import { listEventMessages } from "../staff/bookings/list-event-messages";
import type { StaffActionDeps } from "../staff/bookings/staff-booking";
import { invalidatingAvailability } from "../deps/cached-read";
import type { Deps } from "../deps/deps";

/** The back office's booking actions (server/staff, issue 13), bound to the deps. */
export function bindStaffActions(deps: Deps) {
  const staff: StaffActionDeps = {
    db: deps.db,
    now: deps.now,
    providers: deps.paymentProviders,
    publicOrigin: deps.publicOrigin,
    manageLinkSecret: deps.manageLinkSecret,
    enqueueMail: deps.enqueueMail,
  };
  return {
    // Places come free: the event cards must not show a stale state.
    cancel: (actor: Actor, input: CancelInput) => invalidatingAvailability(deps, () => cancelBooking(staff, actor, input)),
    // Places are taken again: the event cards must not show a stale state.
    reverseCancellation: (actor: Actor, input: ReverseCancellationInput) => invalidatingAvailability(deps, () => reverseCancellation(staff, actor, input)),
    /** Reads only: the cancellation's mail as it would be sent. */
    previewCancel: (actor: Actor, input: CancelPreviewInput) => previewCancellation(staff, actor, input),
    refund: (actor: Actor, input: RefundInput) => refundBooking(staff, actor, input),
    recordPayment: (actor: Actor, input: RecordTransferInput) => recordTransfer(staff, actor, input),
    listEmails: (actor: Actor, input: { bookingId: string }) => listBookingEmails(staff, actor, input),
    resendEmail: (actor: Actor, input: Parameters<typeof resendEmail>[2]) => resendEmail(staff, actor, input),
    sendMessage: (actor: Actor, input: Parameters<typeof sendStaffMessage>[2]) => sendStaffMessage(staff, actor, input),
    /** One message to an event's participants (issue 31), its preview and the event's sent messages. */
    sendEventMessage: (actor: Actor, input: SendEventMessageInput) => sendEventMessage(staff, actor, input),
    previewEventMessage: (actor: Actor, input: Parameters<typeof previewEventMessage>[2]) => previewEventMessage(staff, actor, input),
    listEventMessages: (actor: Actor, input: { eventId: string }) => listEventMessages(staff, actor, input),
    bulk: (actor: Actor, input: Parameters<typeof bulkBookingAction>[2]) => invalidatingAvailability(deps, () => bulkBookingAction(staff, actor, input)),
  };
}
