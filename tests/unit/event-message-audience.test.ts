import { describe, expect, it } from "vitest";
import { isReachedByEventMessage } from "../../core/domain/event-message-audience";

describe("whom a message to an event reaches", () => {
  it("reaches active bookings only, never a draft, a cancelled, rejected or expired one", () => {
    for (const status of ["submitted", "awaiting_payment", "in_review", "confirmed", "paid"] as const) {
      expect(isReachedByEventMessage({ status, paymentState: "paid" }, "all")).toBe(true);
    }
    for (const status of ["draft", "cancelled", "rejected", "expired"] as const) {
      expect(isReachedByEventMessage({ status, paymentState: "unpaid" }, "all")).toBe(false);
    }
  });

  it("keeps the payment states the filter names", () => {
    const reached = (filter: "unpaid" | "balance_open") =>
      (["unpaid", "partial", "paid", "overpaid", "nothing_due"] as const).filter((paymentState) => isReachedByEventMessage({ status: "confirmed", paymentState }, filter));
    expect(reached("unpaid")).toEqual(["unpaid"]);
    expect(reached("balance_open")).toEqual(["unpaid", "partial"]);
  });
});
