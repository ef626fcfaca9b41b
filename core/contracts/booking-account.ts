import { z } from "zod";
import { accountPaymentStates, paymentMethods, type BookingAccount, type PayableAmount } from "../domain/booking-account";

const cents = z.number().int().nonnegative();
const dueKind = z.enum(["deposit", "balance", "full"]);

/**
 * The booking account as every API answer and page carries it (decision 067): the figures of
 * `bookingAccount` (core/domain/booking-account.ts), computed once on the server, shown as they are.
 */
export const accountViewSchema = z.object({
  total_cents: cents,
  /** What the booking owes in its state: the total, a cancellation's fee, or nothing. */
  owed_cents: cents,
  paid_cents: cents,
  refunded_cents: cents,
  net_paid_cents: cents,
  outstanding_cents: cents,
  /** Paid beyond what is owed: to give back. */
  credit_cents: cents,
  due_now_cents: cents,
  dues: z.array(
    z.object({
      kind: dueKind,
      amount_cents: cents,
      paid_cents: cents,
      outstanding_cents: cents,
      due_on: z.iso.date().nullable(),
      fallen_due: z.boolean(),
    }),
  ),
  /** What a pay button asks for: everything fallen due, or the next instalment early. */
  payable: z.object({ kind: dueKind, amount_cents: cents, early: z.boolean(), due_on: z.iso.date().nullable() }).nullable(),
  payment_state: z.enum(accountPaymentStates),
  /** All that may still be given back (the net paid). */
  refundable_cents: cents,
  /** Per payment that brought money in: what may still be given back, and how. */
  refundable: z.array(
    z.object({
      payment_uuid: z.string(),
      method: z.enum(paymentMethods),
      channel: z.enum(["provider", "recorded"]),
      paid_cents: cents,
      refunded_cents: cents,
      refundable_cents: cents,
    }),
  ),
});
export type AccountView = z.infer<typeof accountViewSchema>;

export function accountViewOf(account: BookingAccount): AccountView {
  return {
    total_cents: account.totalCents,
    owed_cents: account.owedCents,
    paid_cents: account.paidCents,
    refunded_cents: account.refundedCents,
    net_paid_cents: account.netPaidCents,
    outstanding_cents: account.outstandingCents,
    credit_cents: account.creditCents,
    due_now_cents: account.dueNowCents,
    dues: account.dues.map((due) => ({
      kind: due.kind,
      amount_cents: due.amountCents,
      paid_cents: due.paidCents,
      outstanding_cents: due.outstandingCents,
      due_on: due.dueOn,
      fallen_due: due.fallenDue,
    })),
    payable: account.payable
      ? { kind: account.payable.kind, amount_cents: account.payable.amountCents, early: account.payable.early, due_on: account.payable.dueOn }
      : null,
    payment_state: account.paymentState,
    refundable_cents: account.refundableCents,
    refundable: account.refundable.map((part) => ({
      payment_uuid: part.paymentId,
      method: part.method,
      channel: part.channel,
      paid_cents: part.paidCents,
      refunded_cents: part.refundedCents,
      refundable_cents: part.refundableCents,
    })),
  };
}

/** The account view's pay amount in the domain's words (for `paymentDue` in a page's loader). */
export function payableOfView(view: Pick<AccountView, "payable">): PayableAmount | null {
  const payable = view.payable;
  return payable ? { kind: payable.kind, amountCents: payable.amount_cents, early: payable.early, dueOn: payable.due_on } : null;
}
