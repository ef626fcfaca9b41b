import type { BookingAccount } from "../../core/domain/booking-account";
import type { EmailAccount } from "../deps/email-messages";

/** The booking account as a mail's payload carries it (the figures of the day the mail is written). */
export function emailAccountOf(account: BookingAccount): EmailAccount {
  return {
    totalCents: account.totalCents,
    owedCents: account.owedCents,
    paidCents: account.paidCents,
    refundedCents: account.refundedCents,
    netPaidCents: account.netPaidCents,
    outstandingCents: account.outstandingCents,
    creditCents: account.creditCents,
    dueNowCents: account.dueNowCents,
    dues: account.dues.map((due) => ({
      kind: due.kind,
      amountCents: due.amountCents,
      outstandingCents: due.outstandingCents,
      dueOn: due.dueOn,
      fallenDue: due.fallenDue,
    })),
  };
}
