import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bookingAccount,
  cancellationFeeOf,
  planAccountRefund,
  reductionOfRefund,
  type AccountInput,
  type AccountPayment,
  type AccountRefund,
  type BookingAccount,
  type PaymentMethod,
} from "../../core/domain/booking-account";
import type { BookingStatus } from "../../core/domain/booking-status";
import { percentOf } from "../../core/domain/pricing";

const today = "2026-11-28";
const card = (id: string, amountCents: number, status: AccountPayment["status"] = "succeeded"): AccountPayment => ({
  id,
  method: "card",
  status,
  amountCents,
  receivedOn: today,
});
const transfer = (id: string, amountCents: number): AccountPayment => ({ id, method: "bank_transfer", status: "succeeded", amountCents, receivedOn: today });
const refund = (paymentId: string, amountCents: number): AccountRefund => ({ paymentId, amountCents, channel: "provider", on: today });

/** The track day of the issue: event 12 Jan, balance due 13 Dec, booked today by card. */
const trackDay = (overrides: Partial<AccountInput> = {}): AccountInput => ({
  status: "confirmed",
  totalCents: 506_000,
  depositCents: 126_500,
  depositDueOn: today,
  remainderDueOn: "2026-12-13",
  cancellationFeeCents: null,
  creditedCents: 0,
  payments: [],
  refunds: [],
  ...overrides,
});

describe("the booking account's figures", () => {
  it("after the card deposit nothing is due now: the balance waits for its date and can be paid early", () => {
    const account = bookingAccount(trackDay({ payments: [card("p1", 126_500)] }), today);
    expect(account.dueNowCents).toBe(0);
    expect(account.outstandingCents).toBe(379_500);
    expect(account.nextDue).toMatchObject({ kind: "balance", outstandingCents: 379_500, dueOn: "2026-12-13", fallenDue: false });
    expect(account.payable).toEqual({ kind: "balance", amountCents: 379_500, early: true, dueOn: "2026-12-13" });
  });

  it("from the balance's date on, everything outstanding is due now", () => {
    const account = bookingAccount(trackDay({ payments: [card("p1", 126_500)] }), "2026-12-13");
    expect(account.dueNowCents).toBe(379_500);
    expect(account.payable).toEqual({ kind: "balance", amountCents: 379_500, early: false, dueOn: "2026-12-13" });
  });

  it("a card booking owes its deposit on the day it is booked", () => {
    const account = bookingAccount(trackDay({ status: "submitted" }), today);
    expect(account.dueNowCents).toBe(126_500);
    expect(account.payable).toEqual({ kind: "deposit", amountCents: 126_500, early: false, dueOn: today });
    expect(account.paymentState).toBe("unpaid");
  });

  it("an invoice booking's deposit is due on the transfer's date, not at once", () => {
    const account = bookingAccount(trackDay({ depositDueOn: "2026-12-05" }), today);
    expect(account.dueNowCents).toBe(0);
    expect(account.nextDue).toMatchObject({ kind: "deposit", amountCents: 126_500, dueOn: "2026-12-05" });
    expect(bookingAccount(trackDay({ depositDueOn: "2026-12-05" }), "2026-12-05").dueNowCents).toBe(126_500);
  });

  it("one instalment when the deposit is the whole total (the event is close)", () => {
    const account = bookingAccount(trackDay({ depositCents: 506_000, remainderDueOn: null }), today);
    expect(account.dues).toHaveLength(1);
    expect(account.payable).toMatchObject({ kind: "full", amountCents: 506_000 });
  });

  it("a request verified after the balance's date owes everything at once, as one full payment", () => {
    const account = bookingAccount(trackDay({ depositDueOn: "2026-12-20" }), "2026-12-20");
    expect(account.dueNowCents).toBe(506_000);
    expect(account.payable).toMatchObject({ kind: "full", amountCents: 506_000, early: false });
  });

  it("a request in review owes nothing yet", () => {
    const account = bookingAccount(trackDay({ status: "in_review", depositDueOn: null }), today);
    expect(account.dueNowCents).toBe(0);
    expect(account.outstandingCents).toBe(506_000);
  });

  it("refunds lower the net paid and raise what is outstanding", () => {
    const account = bookingAccount(trackDay({ payments: [card("p1", 126_500)], refunds: [refund("p1", 20_000)] }), today);
    expect(account).toMatchObject({ paidCents: 126_500, refundedCents: 20_000, netPaidCents: 106_500, outstandingCents: 399_500, dueNowCents: 20_000 });
    expect(account.refundable).toEqual([
      { paymentId: "p1", method: "card", channel: "provider", paidCents: 126_500, refundedCents: 20_000, refundableCents: 106_500, kept: false },
    ]);
  });

  it("a goodwill refund on a standing booking lowers what it owes: the customer is not asked for it again", () => {
    const paid = bookingAccount(trackDay({ payments: [card("p1", 506_000)] }), today);
    expect(reductionOfRefund(paid, "paid", 1_000)).toBe(1_000);
    const after = bookingAccount(trackDay({ payments: [card("p1", 506_000)], refunds: [refund("p1", 1_000)], creditedCents: 1_000 }), today);
    expect(after).toMatchObject({ owedCents: 505_000, netPaidCents: 505_000, outstandingCents: 0, dueNowCents: 0, paymentState: "paid" });
    // Money paid beyond what is owed goes back without a reduction; a cancelled booking's refunds change no price.
    const overpaid = bookingAccount(trackDay({ payments: [card("p1", 506_000), card("p2", 1_000)] }), today);
    expect(reductionOfRefund(overpaid, "paid", 1_500)).toBe(500);
    expect(reductionOfRefund(paid, "cancelled", 1_000)).toBe(0);
  });

  it("a cancelled booking owes the fee it kept: nothing outstanding, the rest is credit", () => {
    const paid = { status: "cancelled" as const, payments: [card("p1", 37_250)], refunds: [refund("p1", 20_000)] };
    expect(bookingAccount(trackDay({ ...paid, cancellationFeeCents: 17_250 }), today)).toMatchObject({
      owedCents: 17_250,
      netPaidCents: 17_250,
      outstandingCents: 0,
      creditCents: 0,
      dueNowCents: 0,
      paymentState: "paid",
    });
    expect(bookingAccount(trackDay({ ...paid, cancellationFeeCents: 0 }), today)).toMatchObject({
      owedCents: 0,
      creditCents: 17_250,
      paymentState: "overpaid",
    });
  });

  it("a cancellation keeps at most what the booking cost: money paid beyond it stays credit (money review, finding 1)", () => {
    const overpaid = bookingAccount(trackDay({ payments: [transfer("p1", 506_000), transfer("p2", 500)] }), today);
    expect(cancellationFeeOf(trackDay(), overpaid)).toBe(506_000);
    expect(cancellationFeeOf(trackDay({ creditedCents: 6_000 }), overpaid)).toBe(500_000);
    const deposit = bookingAccount(trackDay({ payments: [card("p1", 126_500)] }), today);
    expect(cancellationFeeOf(trackDay(), deposit)).toBe(126_500);
    const cancelled = bookingAccount(trackDay({ status: "cancelled", cancellationFeeCents: 506_000, payments: [transfer("p1", 506_000), transfer("p2", 500)] }), today);
    expect(cancelled).toMatchObject({ owedCents: 506_000, creditCents: 500, paymentState: "overpaid" });
  });

  it("rejected and expired bookings owe nothing", () => {
    for (const status of ["rejected", "expired"] as const) {
      expect(bookingAccount(trackDay({ status }), today)).toMatchObject({
        owedCents: 0,
        outstandingCents: 0,
        dues: [],
        payable: null,
        paymentState: "nothing_due",
      });
    }
  });

  it("money kept only to be given back counts as paid and shows as credit", () => {
    const account = bookingAccount(trackDay({ payments: [card("p1", 506_000), card("p2", 126_500, "refund_pending")] }), today);
    expect(account).toMatchObject({ paidCents: 632_500, creditCents: 126_500, paymentState: "overpaid" });
  });

  it("giving back a payment kept for refund is no price reduction, whatever else was paid (money review, finding 2)", () => {
    const kept = { ...card("p2", 126_500, "refund_pending"), keptForRefund: true };
    const deposit = bookingAccount(trackDay({ payments: [card("p1", 126_500), kept] }), today);
    expect(reductionOfRefund(deposit, "confirmed", 126_500)).toBe(0);
    expect(reductionOfRefund(deposit, "confirmed", 126_600)).toBe(100);
    // Paid in full and a second deposit kept: only the kept money goes back without a reduction.
    const full = bookingAccount(trackDay({ payments: [card("p1", 506_000), kept] }), today);
    expect(reductionOfRefund(full, "paid", 126_500)).toBe(0);
    expect(reductionOfRefund(full, "paid", 130_000)).toBe(3_500);
    // Paid beyond the total besides the kept payment: that goes back without a reduction too.
    const over = bookingAccount(trackDay({ payments: [card("p1", 506_000), card("p3", 1_000), kept] }), today);
    expect(reductionOfRefund(over, "paid", 127_500)).toBe(0);
    expect(reductionOfRefund(over, "paid", 128_000)).toBe(500);
  });

  it("payments that never brought money in count for nothing", () => {
    const account = bookingAccount(
      trackDay({ payments: [card("p1", 126_500, "failed"), card("p2", 126_500, "pending"), card("p3", 126_500, "expired")] }),
      today,
    );
    expect(account.paidCents).toBe(0);
    expect(account.refundable).toEqual([]);
  });

  it("transfers are refunded by recording what was paid out", () => {
    const account = bookingAccount(trackDay({ payments: [transfer("t1", 10_000)] }), today);
    expect(account.refundable[0]).toMatchObject({ method: "bank_transfer", channel: "recorded", refundableCents: 10_000 });
  });

  it("refuses a refund of money that never arrived or beyond a payment", () => {
    expect(() => bookingAccount(trackDay({ payments: [card("p1", 100, "failed")], refunds: [refund("p1", 100)] }), today)).toThrow(RangeError);
    expect(() => bookingAccount(trackDay({ payments: [card("p1", 100)], refunds: [refund("p1", 101)] }), today)).toThrow(RangeError);
  });

  it("plans a refund newest payment first and never beyond what is refundable", () => {
    const account = bookingAccount(trackDay({ payments: [card("deposit", 126_500), card("balance", 379_500)] }), today);
    expect(planAccountRefund(account, 400_000, ["balance", "deposit"])).toEqual({
      ok: true,
      parts: [
        { paymentId: "balance", amountCents: 379_500 },
        { paymentId: "deposit", amountCents: 20_500 },
      ],
    });
    expect(planAccountRefund(account, 506_001, [])).toEqual({ ok: false, reason: "exceeds_refundable", refundableCents: 506_000 });
    expect(planAccountRefund(bookingAccount(trackDay(), today), undefined, [])).toMatchObject({ ok: false, reason: "nothing_refundable" });
  });
});

/** A booking's life as the site lives it: payments, refunds, re-pricings and a cancellation, in any order. */
type Step =
  | { kind: "pay"; method: PaymentMethod; early: boolean }
  | { kind: "refund"; fraction: number }
  | { kind: "reprice"; totalCents: number }
  | { kind: "cancel"; keepFraction: number }
  | { kind: "day"; days: number }
  | { kind: "kept"; amountCents: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("pay" as const), method: fc.constantFrom<PaymentMethod>("card", "bank_transfer", "cash", "other"), early: fc.boolean() }),
  fc.record({ kind: fc.constant("refund" as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant("reprice" as const), totalCents: fc.integer({ min: 0, max: 2_000_000 }) }),
  fc.record({ kind: fc.constant("cancel" as const), keepFraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant("day" as const), days: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant("kept" as const), amountCents: fc.integer({ min: 1, max: 500_000 }) }),
);

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

function checkInvariants(input: AccountInput, account: BookingAccount) {
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  expect(account.refundedCents).toBeLessThanOrEqual(account.paidCents);
  for (const part of account.refundable) expect(part.refundedCents).toBeLessThanOrEqual(part.paidCents);
  expect(account.netPaidCents).toBe(account.paidCents - account.refundedCents);
  expect(account.outstandingCents - account.creditCents).toBe(account.owedCents - account.netPaidCents);
  expect(Math.min(account.outstandingCents, account.creditCents)).toBe(0);
  expect(sum(account.dues.map((due) => due.amountCents))).toBe(account.owedCents);
  expect(sum(account.dues.map((due) => due.outstandingCents))).toBe(account.outstandingCents);
  expect(account.dueNowCents).toBeLessThanOrEqual(account.outstandingCents);
  expect(account.refundableCents).toBe(account.netPaidCents);
  if (account.payable) {
    expect(account.payable.amountCents).toBeGreaterThan(0);
    expect(account.payable.amountCents).toBeLessThanOrEqual(account.outstandingCents);
    expect(account.payable.early).toBe(account.dueNowCents === 0);
    if (!account.payable.early) expect(account.payable.amountCents).toBe(account.dueNowCents);
  } else expect(account.outstandingCents).toBe(0);
  const expectedState =
    account.netPaidCents > account.owedCents
      ? "overpaid"
      : account.owedCents === 0
        ? "nothing_due"
        : account.netPaidCents === 0
          ? "unpaid"
          : account.netPaidCents < account.owedCents
            ? "partial"
            : "paid";
  expect(account.paymentState).toBe(expectedState);
  if (input.status === "cancelled") expect(account.owedCents).toBe(input.cancellationFeeCents);
  else expect(account.owedCents).toBe(Math.max(0, input.totalCents - input.creditedCents));
}

describe("the booking account under any sequence of events (property)", () => {
  it("keeps its invariants: never more refunded than paid, outstanding = owed − net paid, dues add up", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(stepArbitrary, { maxLength: 25 }),
        (firstTotal, percent, steps) => {
          let day = today;
          const startsOn = addDays(today, 45);
          const remainderDueOn = addDays(startsOn, -30);
          const terms = (totalCents: number) => ({ totalCents, depositCents: percentOf(totalCents, percent) });
          let input: AccountInput = {
            status: "confirmed",
            ...terms(firstTotal),
            depositDueOn: today,
            remainderDueOn,
            cancellationFeeCents: null,
            creditedCents: 0,
            payments: [],
            refunds: [],
          };
          let account = bookingAccount(input, day);
          checkInvariants(input, account);
          for (const [index, step] of steps.entries()) {
            if (step.kind === "day") day = addDays(day, step.days);
            else if (step.kind === "pay") {
              if (input.status === "cancelled" || !account.payable || (!step.early && account.payable.early)) continue;
              const id = `p${index}`;
              input = {
                ...input,
                payments: [...input.payments, { id, method: step.method, status: "succeeded", amountCents: account.payable.amountCents, receivedOn: day }],
              };
            } else if (step.kind === "kept") {
              // A second payment that arrived but could not be kept: held only to be given back.
              input = {
                ...input,
                payments: [
                  ...input.payments,
                  { id: `k${index}`, method: "card", status: "refund_pending", amountCents: step.amountCents, receivedOn: day, keptForRefund: true },
                ],
              };
            } else if (step.kind === "refund") {
              const wanted = Math.floor(account.refundableCents * step.fraction);
              const plan = planAccountRefund(
                account,
                wanted === 0 ? undefined : wanted,
                [...input.payments].reverse().map((payment) => payment.id),
              );
              if (!plan.ok) continue;
              const channel = (id: string) => (input.payments.find((payment) => payment.id === id)?.method === "card" ? "provider" : "recorded");
              const given = plan.parts.reduce((sum, part) => sum + part.amountCents, 0);
              const outstandingBefore = account.outstandingCents;
              const owedBefore = account.owedCents;
              const onlyKept = plan.parts.every((part) => input.payments.find((payment) => payment.id === part.paymentId)?.keptForRefund === true);
              // As the refund verb does: beyond the credit, a refund on a standing booking lowers what it owes.
              input = {
                ...input,
                creditedCents: input.creditedCents + reductionOfRefund(account, input.status, given),
                refunds: [...input.refunds, ...plan.parts.map((part) => ({ ...part, channel: channel(part.paymentId), on: day }) satisfies AccountRefund)],
              };
              // A refund never makes a standing booking owe more than before, but for money held only to be
              // given back: it never paid toward the price, so what it covered is owed again once it goes back.
              const keptBefore = account.refundable.filter((part) => part.kept).reduce((sum, part) => sum + part.refundableCents, 0);
              if (input.status !== "cancelled") expect(bookingAccount(input, day).outstandingCents).toBeLessThanOrEqual(outstandingBefore + keptBefore);
              // Giving back money kept only to be given back is never a price reduction (money review, finding 2).
              if (onlyKept) expect(bookingAccount(input, day).owedCents).toBe(owedBefore);
            } else if (step.kind === "reprice") {
              if (input.status === "cancelled") continue;
              input = { ...input, ...terms(step.totalCents) };
            } else {
              if (input.status === "cancelled") continue;
              const keep = Math.floor(account.netPaidCents * step.keepFraction);
              const status: BookingStatus = "cancelled";
              input = { ...input, status, cancellationFeeCents: cancellationFeeOf(input, { netPaidCents: keep }) };
            }
            account = bookingAccount(input, day);
            checkInvariants(input, account);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
