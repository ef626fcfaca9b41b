import { describe, expect, it } from "vitest";
import { isPageBlockedBySma } from "../../core/domain/form-validation";
import { bankTransferDueOn, paymentDue, statusAfterPayment, type BookingMoney } from "../../core/domain/payment-due";

const now = new Date("2026-05-10T10:00:00Z");
const booking = (overrides: Partial<BookingMoney>): BookingMoney => ({
  status: "submitted",
  totalCents: 19600,
  depositCents: 4900,
  paidCents: 0,
  holdExpiresAt: new Date("2026-05-10T10:30:00Z"),
  remainderDueOn: "2026-08-01",
  ...overrides,
});

describe("what can be paid now", () => {
  it("the deposit while the places are held, the full amount when nothing is split off", () => {
    expect(paymentDue(booking({}), now)).toEqual({ kind: "deposit", amountCents: 4900 });
    expect(paymentDue(booking({ depositCents: 19600, remainderDueOn: null }), now)).toEqual({ kind: "full", amountCents: 19600 });
  });

  it("nothing once the hold ran out, while staff review a request, or when all is paid", () => {
    expect(paymentDue(booking({ holdExpiresAt: new Date("2026-05-10T09:59:59Z") }), now)).toEqual({ refused: "hold_expired" });
    expect(paymentDue(booking({ status: "expired" }), now)).toEqual({ refused: "hold_expired" });
    expect(paymentDue(booking({ status: "in_review", holdExpiresAt: null }), now)).toEqual({ refused: "in_review" });
    expect(paymentDue(booking({ status: "paid", paidCents: 19600 }), now)).toEqual({ refused: "nothing_due" });
    expect(paymentDue(booking({ status: "rejected" }), now)).toEqual({ refused: "nothing_due" });
    expect(paymentDue(booking({ status: "confirmed", paidCents: 19600, holdExpiresAt: null }), now)).toEqual({ refused: "nothing_due" });
  });

  it("the balance after the deposit; everything outstanding once the balance has fallen due", () => {
    expect(paymentDue(booking({ status: "confirmed", paidCents: 4900, holdExpiresAt: null }), now)).toEqual({ kind: "balance", amountCents: 14700 });
    // A request verified after the due date: deposit and balance in one payment.
    expect(paymentDue(booking({ status: "confirmed", holdExpiresAt: null, remainderDueOn: "2026-05-10" }), now)).toEqual({ kind: "full", amountCents: 19600 });
    expect(paymentDue(booking({ status: "confirmed", holdExpiresAt: null, remainderDueOn: "2026-05-11" }), now)).toEqual({
      kind: "deposit",
      amountCents: 4900,
    });
  });

  it("a booking is paid once the total is in, confirmed before", () => {
    expect(statusAfterPayment(19600, 4900)).toBe("confirmed");
    expect(statusAfterPayment(19600, 19600)).toBe("paid");
  });
});

describe("pages blocked by a pending booking request (spec §4)", () => {
  it("blocks only the pages after the request's page, and only while it blocks", () => {
    expect(isPageBlockedBySma(3, { blocking: true, page: 2 })).toBe(true);
    expect(isPageBlockedBySma(2, { blocking: true, page: 2 })).toBe(false);
    expect(isPageBlockedBySma(3, { blocking: false, page: 2 })).toBe(false);
    expect(isPageBlockedBySma(3, { blocking: true, page: null })).toBe(false);
  });
});

describe("bankTransferDueOn", () => {
  it("is the site's number of days after submission", () => {
    expect(bankTransferDueOn({ submittedOn: "2026-05-04", dueDays: 14, remainderDueOn: "2026-10-21", startsOn: "2026-11-20" })).toBe("2026-05-18");
  });

  it("is never after the remainder's due date nor after the event starts", () => {
    expect(bankTransferDueOn({ submittedOn: "2026-10-15", dueDays: 14, remainderDueOn: "2026-10-21", startsOn: "2026-11-20" })).toBe("2026-10-21");
    expect(bankTransferDueOn({ submittedOn: "2026-11-15", dueDays: 14, remainderDueOn: null, startsOn: "2026-11-20" })).toBe("2026-11-20");
  });

  it("is the submission day when no days are given", () => {
    expect(bankTransferDueOn({ submittedOn: "2026-05-04", dueDays: 0, remainderDueOn: null, startsOn: "2026-11-20" })).toBe("2026-05-04");
  });
});
