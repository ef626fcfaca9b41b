import { describe, expect, it } from "vitest";
import { bookingAccount, type AccountInput } from "../../core/domain/booking-account";
import type { BookingStatus } from "../../core/domain/booking-status";
import { operatorToday } from "../../core/domain/dates";
import { isPageBlockedBySma } from "../../core/domain/form-validation";
import { bankTransferDueOn, depositDueOn, paymentDue } from "../../core/domain/payment-due";

const now = new Date("2026-05-10T10:00:00Z");
type Case = Partial<AccountInput> & { status?: BookingStatus; holdExpiresAt?: Date | null; paidCents?: number };
/** A booking of 196 € (49 € deposit today, the rest by 1 Aug) and what can be paid on it now. */
function dueOf(overrides: Case) {
  const { holdExpiresAt = new Date("2026-05-10T10:30:00Z"), paidCents = 0, ...rest } = overrides;
  const input: AccountInput = {
    status: "submitted",
    totalCents: 19600,
    depositCents: 4900,
    depositDueOn: "2026-05-10",
    remainderDueOn: "2026-08-01",
    cancellationFeeCents: null,
    creditedCents: 0,
    payments: paidCents ? [{ id: "p", method: "card", status: "succeeded", amountCents: paidCents, receivedOn: "2026-05-10" }] : [],
    refunds: [],
    ...rest,
  };
  return paymentDue({ status: input.status, holdExpiresAt }, bookingAccount(input, operatorToday(now)), now);
}

describe("what can be paid now", () => {
  it("the deposit while the places are held, the full amount when nothing is split off", () => {
    expect(dueOf({})).toEqual({ kind: "deposit", amountCents: 4900, early: false, dueOn: "2026-05-10" });
    expect(dueOf({ depositCents: 19600, remainderDueOn: null })).toEqual({ kind: "full", amountCents: 19600, early: false, dueOn: "2026-05-10" });
  });

  it("nothing once the hold ran out, while staff review a request, or when all is paid", () => {
    expect(dueOf({ holdExpiresAt: new Date("2026-05-10T09:59:59Z") })).toEqual({ refused: "hold_expired" });
    expect(dueOf({ status: "expired" })).toEqual({ refused: "hold_expired" });
    expect(dueOf({ status: "in_review", holdExpiresAt: null, depositDueOn: null })).toEqual({ refused: "in_review" });
    expect(dueOf({ status: "paid", paidCents: 19600 })).toEqual({ refused: "nothing_due" });
    expect(dueOf({ status: "rejected" })).toEqual({ refused: "nothing_due" });
    expect(dueOf({ status: "confirmed", paidCents: 19600, holdExpiresAt: null })).toEqual({ refused: "nothing_due" });
  });

  it("after the deposit the balance is not due now: it can be paid early, and is due now from its date on (issue 28)", () => {
    expect(dueOf({ status: "confirmed", paidCents: 4900, holdExpiresAt: null })).toEqual({
      kind: "balance",
      amountCents: 14700,
      early: true,
      dueOn: "2026-08-01",
    });
    expect(dueOf({ status: "confirmed", paidCents: 4900, holdExpiresAt: null, remainderDueOn: "2026-05-10" })).toEqual({
      kind: "balance",
      amountCents: 14700,
      early: false,
      dueOn: "2026-05-10",
    });
    // A request verified after the due date: deposit and balance in one payment.
    expect(dueOf({ status: "confirmed", holdExpiresAt: null, remainderDueOn: "2026-05-10" })).toEqual({
      kind: "full",
      amountCents: 19600,
      early: false,
      dueOn: "2026-05-10",
    });
    expect(dueOf({ status: "confirmed", holdExpiresAt: null, remainderDueOn: "2026-05-11" })).toEqual({
      kind: "deposit",
      amountCents: 4900,
      early: false,
      dueOn: "2026-05-10",
    });
  });
});

describe("when the first instalment is due", () => {
  const common = { submittedOn: "2026-05-04", dueDays: 14, remainderDueOn: "2026-10-21", startsOn: "2026-11-20" };
  it("by card on the booking day, by invoice on the transfer's date, a request once verified", () => {
    expect(depositDueOn({ ...common, paymentOption: "credit_card" })).toBe("2026-05-04");
    expect(depositDueOn({ ...common, paymentOption: "invoice" })).toBe("2026-05-18");
    expect(depositDueOn({ ...common, paymentOption: "sma" })).toBeNull();
    expect(depositDueOn({ ...common, paymentOption: "sma", verifiedOn: "2026-05-08" })).toBe("2026-05-22");
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
