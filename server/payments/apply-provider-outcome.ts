import { and, eq } from "drizzle-orm";
import { bookingEventAllowed, paymentEventAllowed } from "../../core/domain/booking-state-machine";
import { sendPaymentMails } from "./payment-mails";
import { operatorToday } from "../../core/domain/dates";
import { defaultLocale } from "../../core/i18n/locales";
import type { Database, Queryable } from "../db/client";
import { bookings, payments, sites } from "../db/schema";
import { holdAgain } from "../bookings/hold-again";
import { recordPaymentTransition, recordTransition, type PaymentChange } from "../bookings/record-transition";
import { accountOf, readLedger, rowFiguresOf, writeAccountFigures } from "../bookings/booking-account";
import { type PaymentProvider, type ProviderOutcome } from "../deps/payment-provider";
import type { PaymentDeps } from "./payment-access";

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export type AppliedOutcome = "applied" | "unchanged" | "unknown";

/**
 * Applies what the provider says about a checkout: the one place where a payment succeeds. Webhook
 * and return page may arrive in any order, twice or at the same time; the payment row's lock makes
 * them take turns and only the first success changes anything (one confirmation, one receipt).
 * A payment that cannot be kept (the places are gone, or it would pay more than the total) is
 * marked `refund_pending` and staff are told — never silently kept.
 */
export async function applyProviderOutcome(
  db: Database,
  deps: Omit<PaymentDeps, "providers" | "payLinkSecret"> & { provider: Pick<PaymentProvider, "name"> },
  outcome: ProviderOutcome,
  context: { now: Date; source: "webhook" | "return page" },
): Promise<AppliedOutcome> {
  if (outcome.type === "ignored" || outcome.type === "pending") return "unchanged";
  const { now } = context;
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, deps.provider.name), eq(payments.providerReference, outcome.providerReference)))
      .for("update")
      .limit(1);
    if (!payment) return "unknown";
    const paymentChange = (
      event: "refused_by_provider" | "checkout_expired" | "succeeded" | "kept_for_refund",
      cause: string,
      set: PaymentChange,
      details: Record<string, unknown> = {},
    ) => recordPaymentTransition(tx, { payment, event, cause, details: { source: context.source, ...details }, set, now });

    if (outcome.type === "failed" || outcome.type === "expired") {
      const event = outcome.type === "failed" ? "refused_by_provider" : "checkout_expired";
      if (!paymentEventAllowed(payment.status, event)) return "unchanged";
      const reason = outcome.type === "failed" ? outcome.reason : "checkout expired";
      await paymentChange(event, outcome.type === "failed" ? `the provider refused the payment: ${reason}` : "the checkout expired unpaid", {
        failureReason: reason,
      });
      return "applied";
    }

    // succeeded: also after a failure or expiry (the transition table), as the money is real.
    if (!paymentEventAllowed(payment.status, "succeeded")) return "unchanged";
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for("update").limit(1);
    if (!booking) return "unknown";
    const amount = outcome.amountCents ?? payment.amountCents;
    const refund = async (reason: string) => {
      await paymentChange(
        "kept_for_refund",
        `payment received but cannot be kept: ${reason}`,
        { failureReason: reason, keptForRefund: true, succeededAt: now },
        { amountCents: amount },
      );
      await notifyStaffOfRefund(tx, deps, { booking, payment, amountCents: amount, reason });
      // The money is on the account until it is given back: the booking shows it as credit (decision 067).
      await writeAccountFigures(tx, booking.id, now, `payment kept for refund: ${reason}`);
      return "applied" as const;
    };
    if (amount !== payment.amountCents) return refund(`the provider reports ${amount} cents instead of ${payment.amountCents}`);
    if (!bookingEventAllowed(booking.status, "paid_in_part")) return refund(`the booking is ${booking.status}`);
    // The account as it would stand with the places taken (an expired booking owes nothing until it is held again).
    const standing = { ...booking, status: "confirmed" as const };
    const before = accountOf(standing, await readLedger(tx, booking.id), now);
    if (amount > before.outstandingCents) return refund("it would pay more than the booking owes (a second payment)");
    if (payment.kind !== "balance" && before.netPaidCents >= booking.depositCents) return refund("the deposit was already paid (a second payment)");

    if (booking.status === "expired") {
      const reheld = await holdAgain(tx, booking);
      if (!reheld) return refund("the hold ran out and the places are no longer free");
    }
    await paymentChange("succeeded", `payment received (${payment.kind})`, { succeededAt: now, receivedOn: operatorToday(now) }, { amountCents: amount });
    const account = accountOf(standing, await readLedger(tx, booking.id), now);
    // A remaining balance gets its balance-due mail scheduled by the transition (bookingFollowUps).
    const status = await recordTransition(tx, {
      booking,
      event: account.outstandingCents === 0 ? "paid_in_full" : "paid_in_part",
      cause:
        booking.status === "expired"
          ? `${payment.kind} paid after the hold ran out; the places were still free`
          : `${payment.kind} paid by card (${context.source})`,
      details: { amountCents: amount, netPaidCents: account.netPaidCents, outstandingCents: account.outstandingCents },
      paymentId: payment.id,
      set: { ...rowFiguresOf(account), holdExpiresAt: null },
      now,
    });
    await sendPaymentMails(tx, deps, { booking: { ...booking, ...rowFiguresOf(account), status }, account, amountCents: amount, now });
    return "applied";
  });
}

async function notifyStaffOfRefund(
  tx: Queryable,
  deps: Omit<PaymentDeps, "providers" | "payLinkSecret">,
  input: { booking: BookingRow; payment: PaymentRow; amountCents: number; reason: string },
) {
  const [site] = await tx.select({ email: sites.email }).from(sites).limit(1);
  if (!site?.email) return;
  await deps.enqueueMail(tx, {
    template: "payment-refund-needed",
    locale: defaultLocale,
    to: site.email,
    payload: {
      code: input.booking.code ?? input.booking.id,
      paymentId: input.payment.id,
      provider: input.payment.provider,
      providerReference: input.payment.providerReference ?? "—",
      amountCents: input.amountCents,
      reason: input.reason,
    },
  });
}
