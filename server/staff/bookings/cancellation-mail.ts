import type { EmailAccount } from "../../deps/email-messages";
import type { EmailToSend } from "../../deps/enqueue-email";
import type { BookingRow, customerOf } from "./staff-booking";

export type Customer = NonNullable<Awaited<ReturnType<typeof customerOf>>>;

/**
 * The customer's "booking cancelled" mail, built in one place for the cancellation that sends it
 * (cancel-booking.ts) and for its preview (preview-cancellation.ts), so staff see exactly what the
 * customer gets: the message staff wrote for them (never the internal note), what is refunded, and the
 * account after the cancellation.
 */
export function cancellationMailOf(input: {
  booking: Pick<BookingRow, "id" | "locale">;
  customer: Customer;
  message: string | undefined;
  refundCents: number;
  account: EmailAccount;
}): EmailToSend & { template: "booking-cancelled" } {
  const { booking, customer } = input;
  return {
    template: "booking-cancelled",
    locale: booking.locale,
    to: customer.email,
    bookingId: booking.id,
    payload: {
      name: customer.name,
      code: customer.code,
      eventTitle: customer.eventTitle,
      // The desk's note stays in the audit trail; the customer reads only what staff wrote for them.
      reason: input.message ?? null,
      refundCents: input.refundCents,
      manageUrl: customer.manageUrl,
      account: input.account,
    },
  };
}
