import { describe, expect, it } from "vitest";
import { nextBookingStatus, nextPaymentStatus } from "../../core/domain/booking-state-machine";
import { bookingStatuses } from "../../core/domain/booking-status";
import { planRefund, refundableCents, refundableCentsOf, transferOutcome, type RefundablePayment } from "../../core/domain/refunds";

const payment = (id: string, overrides: Partial<RefundablePayment> = {}): RefundablePayment => ({
  id,
  status: "succeeded",
  amountCents: 1000,
  refundedCents: 0,
  createdAt: new Date("2026-01-01T10:00:00Z"),
  ...overrides,
});

describe("refundable amount", () => {
  it("counts what arrived and was not given back: succeeded and kept-for-refund payments only", () => {
    expect(
      refundableCents([
        payment("a", { refundedCents: 300 }),
        payment("b", { status: "refund_pending" }),
        payment("c", { status: "pending" }),
        payment("d", { status: "failed" }),
        payment("e", { status: "refunded", refundedCents: 1000 }),
      ]),
    ).toBe(1700);
  });

  it("per payment, from what the staff detail carries (status, amount, refunded): the rest the refund dialog lists", () => {
    expect(refundableCentsOf({ status: "succeeded", amountCents: 14900, refundedCents: 1000 })).toBe(13900);
    expect(refundableCentsOf({ status: "refunded", amountCents: 14900, refundedCents: 14900 })).toBe(0);
    expect(refundableCentsOf({ status: "succeeded", amountCents: 500, refundedCents: 700 })).toBe(0);
  });
});

describe("planRefund", () => {
  const deposit = payment("deposit", { createdAt: new Date("2026-01-01T10:00:00Z") });
  const balance = payment("balance", { amountCents: 3000, createdAt: new Date("2026-02-01T10:00:00Z") });

  it("refunds everything by default, newest payment first", () => {
    expect(planRefund([deposit, balance])).toEqual({
      ok: true,
      totalCents: 4000,
      parts: [
        { paymentId: "balance", amountCents: 3000, refundsAll: true },
        { paymentId: "deposit", amountCents: 1000, refundsAll: true },
      ],
    });
  });

  it("splits an amount over the payments and gives a kept-for-refund payment back first", () => {
    const kept = payment("kept", { status: "refund_pending", amountCents: 500, createdAt: new Date("2025-12-01T10:00:00Z") });
    expect(planRefund([deposit, balance, kept], 3200)).toEqual({
      ok: true,
      totalCents: 3200,
      parts: [
        { paymentId: "kept", amountCents: 500, refundsAll: true },
        { paymentId: "balance", amountCents: 2700, refundsAll: false },
      ],
    });
  });

  it("never plans more than is refundable", () => {
    expect(planRefund([deposit, balance], 4001)).toEqual({ ok: false, reason: "exceeds_refundable", refundableCents: 4000 });
    expect(planRefund([payment("x", { refundedCents: 1000 })])).toEqual({ ok: false, reason: "nothing_refundable", refundableCents: 0 });
    expect(planRefund([deposit], 0)).toMatchObject({ ok: false });
    expect(planRefund([deposit], 10.5)).toMatchObject({ ok: false });
  });
});

describe("transferOutcome", () => {
  it("pays in part, in full, and beyond the total (flagged)", () => {
    expect(transferOutcome({ totalCents: 1000, paidCents: 0, status: "confirmed" }, 400)).toEqual({ paidCents: 400, overpaidCents: 0, event: "paid_in_part" });
    expect(transferOutcome({ totalCents: 1000, paidCents: 400, status: "confirmed" }, 700)).toEqual({ paidCents: 1100, overpaidCents: 100, event: "paid_in_full" });
    expect(transferOutcome({ totalCents: 1000, paidCents: 1000, status: "paid" }, 50)).toEqual({ paidCents: 1050, overpaidCents: 50, event: "paid_beyond_total" });
  });
});

describe("state machine additions (issue 13)", () => {
  it("staff may cancel every submitted booking that is not over, once", () => {
    const cancellable = bookingStatuses.filter((status) => nextBookingStatus(status, "cancelled_by_staff").allowed);
    expect(cancellable).toEqual(["submitted", "awaiting_payment", "in_review", "confirmed", "paid", "expired"]);
    for (const status of cancellable) expect(nextBookingStatus(status, "cancelled_by_staff")).toEqual({ allowed: true, to: "cancelled" });
  });

  it("a transfer beyond the total keeps a paid booking paid; nothing else takes it", () => {
    expect(nextBookingStatus("paid", "paid_beyond_total")).toEqual({ allowed: true, to: "paid" });
    expect(nextBookingStatus("confirmed", "paid_beyond_total").allowed).toBe(false);
  });

  it("refunds: succeeded → refund_pending → refunded; a part keeps the status", () => {
    expect(nextPaymentStatus("succeeded", "refund_requested")).toEqual({ allowed: true, to: "refund_pending" });
    expect(nextPaymentStatus("refund_pending", "refunded")).toEqual({ allowed: true, to: "refunded" });
    expect(nextPaymentStatus("succeeded", "refunded_in_part")).toEqual({ allowed: true, to: "succeeded" });
    expect(nextPaymentStatus("refund_pending", "refunded_in_part")).toEqual({ allowed: true, to: "refund_pending" });
    expect(nextPaymentStatus("succeeded", "refunded").allowed).toBe(false);
    expect(nextPaymentStatus("refunded", "refund_requested").allowed).toBe(false);
    expect(nextPaymentStatus("pending", "refund_requested").allowed).toBe(false);
  });
});
