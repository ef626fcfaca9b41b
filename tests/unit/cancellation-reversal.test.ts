import { describe, expect, it } from "vitest";
import { cancellationReversible } from "../../core/domain/cancellation-reversal";

/** Staff reverse a customer's cancellation (issue 30, decision 075): within a day of it, of a booking that stood confirmed or paid. */
describe("cancellationReversible", () => {
  const at = new Date("2026-11-28T10:00:00Z");
  const byCustomer = { event: "cancelled_by_customer", fromStatus: "paid", at };

  it("allows a customer's cancellation of a confirmed or paid booking until a day has passed", () => {
    expect(cancellationReversible("cancelled", byCustomer, new Date("2026-11-28T10:00:01Z"))).toEqual({ allowed: true });
    expect(cancellationReversible("cancelled", { ...byCustomer, fromStatus: "confirmed" }, new Date("2026-11-29T10:00:00Z"))).toEqual({ allowed: true });
  });

  it("refuses after a day, a staff cancellation, one of a booking that did not stand, and a booking not cancelled", () => {
    expect(cancellationReversible("cancelled", byCustomer, new Date("2026-11-29T10:00:01Z"))).toEqual({ allowed: false, reason: "too_late" });
    expect(cancellationReversible("cancelled", { ...byCustomer, event: "cancelled_by_staff" }, at)).toEqual({ allowed: false, reason: "not_by_customer" });
    expect(cancellationReversible("cancelled", null, at)).toEqual({ allowed: false, reason: "not_by_customer" });
    for (const fromStatus of ["submitted", "awaiting_payment", "in_review"]) {
      expect(cancellationReversible("cancelled", { ...byCustomer, fromStatus }, at)).toEqual({ allowed: false, reason: "did_not_stand" });
    }
    expect(cancellationReversible("confirmed", byCustomer, at)).toEqual({ allowed: false, reason: "not_cancelled" });
  });
});
