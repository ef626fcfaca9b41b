import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BookedPriceLine } from "../../core/domain/booked-price-lines";
import { bookingAccount, planAccountRefund, type AccountInput } from "../../core/domain/booking-account";
import { defaultCancellationSchedule, type CancellationSchedule } from "../../core/domain/cancellation-schedule";
import {
  companionRemovalTerms,
  companionShareOf,
  keptFeesOf,
  linesWithoutCompanion,
  priceLinesOfBooked,
  wholeCancellationBase,
} from "../../core/domain/companion-removal";
import { addDays } from "../../core/domain/dates";
import { priceBooking } from "../../core/domain/pricing";

const line = (kind: BookedPriceLine["kind"], key: string, unitCents: number, quantity = 1, vat = 1900): BookedPriceLine => ({
  kind,
  key,
  label: { en: key, de: key },
  quantity,
  unitCents,
  totalCents: unitCents * quantity,
  vatRateBasisPoints: vat,
});
const booked = [line("participant", "participant", 100_000), line("companion", "golf_playing", 60_000, 2, 700), line("option", "opt", 5_000)];
const startsOn = "2027-06-30";
const label = { en: "Cancellation fee: Erika (companion)", de: "Stornogebühr: Erika (Begleitperson)" };
const total = (lines: readonly BookedPriceLine[]) => lines.reduce((sum, each) => sum + each.totalCents, 0);

describe("a companion's share and fee", () => {
  it("is the unit price of the companion's own line, booking-wide lines not shared out", () => {
    expect(companionShareOf(booked, "golf_playing")).toBe(60_000);
    expect(companionShareOf(booked, "non_playing")).toBe(0);
  });

  it("applies the schedule's rule of the day to the share: 40 days before, the default's 20 %", () => {
    const terms = companionRemovalTerms(defaultCancellationSchedule, { lines: booked, companionType: "golf_playing", startsOn, today: addDays(startsOn, -40) });
    expect(terms).toMatchObject({ allowed: true, feeCents: 12_000, shareCents: 60_000, until: addDays(startsOn, -30) });
    const later = companionRemovalTerms(defaultCancellationSchedule, { lines: booked, companionType: "golf_playing", startsOn, today: addDays(startsOn, -20) });
    expect(later).toMatchObject({ allowed: true, feeCents: 30_000 });
  });

  it("caps a fixed amount at the share, and refuses what the schedule refuses", () => {
    const fixed: CancellationSchedule = { customer_may_cancel: true, rules: [{ days_before: 0, fee: { kind: "amount", amount_cents: 90_000 } }] };
    expect(companionRemovalTerms(fixed, { lines: booked, companionType: "golf_playing", startsOn, today: addDays(startsOn, -3) })).toMatchObject({ feeCents: 60_000 });
    const none: CancellationSchedule = { customer_may_cancel: false };
    expect(companionRemovalTerms(none, { lines: booked, companionType: "golf_playing", startsOn, today: addDays(startsOn, -40) })).toMatchObject({
      allowed: false,
      reason: "not_by_customer",
    });
    expect(companionRemovalTerms(defaultCancellationSchedule, { lines: booked, companionType: "golf_playing", startsOn, today: addDays(startsOn, 1) })).toMatchObject({
      allowed: false,
      reason: "too_late",
    });
  });
});

describe("the booking's lines without the companion", () => {
  it("has one fewer of their line and the fee as a line of its own at their VAT rate", () => {
    const after = linesWithoutCompanion(booked, { companionType: "golf_playing", feeCents: 12_000, feeKey: "c1", label });
    expect(after).toEqual([
      booked[0],
      { ...line("companion", "golf_playing", 60_000, 1, 700) },
      booked[2],
      { kind: "cancellation_fee", key: "c1", label, quantity: 1, unitCents: 12_000, totalCents: 12_000, vatRateBasisPoints: 700 },
    ]);
    expect(total(after)).toBe(total(booked) - 60_000 + 12_000);
    expect(keptFeesOf(after)).toBe(12_000);
  });

  it("drops the line of the last companion of a type, and adds no line for no fee", () => {
    const one = [booked[0]!, line("companion", "non_playing", 30_000)];
    expect(linesWithoutCompanion(one, { companionType: "non_playing", feeCents: 0, feeKey: "c1", label })).toEqual([booked[0]]);
  });

  it("refuses a fee beyond the share", () => {
    expect(() => linesWithoutCompanion(booked, { companionType: "golf_playing", feeCents: 60_001, feeKey: "c1", label })).toThrow(RangeError);
  });

  it("is priced with the fee in the total, so the deposit and the remainder still add up", () => {
    const after = linesWithoutCompanion(booked, { companionType: "golf_playing", feeCents: 12_000, feeKey: "c1", label });
    const price = priceBooking(priceLinesOfBooked(after), { depositPercent: 25, balanceDueDaysBeforeEvent: 30 }, { today: "2027-01-10", startsOn });
    expect(price.totalCents).toBe(total(after));
    expect(price.depositCents + price.remainderCents).toBe(price.totalCents);
  });

  it("leaves a later whole cancellation's schedule to the rest, the fees already kept on top", () => {
    const after = linesWithoutCompanion(booked, { companionType: "golf_playing", feeCents: 12_000, feeKey: "c1", label });
    expect(wholeCancellationBase({ baseCents: total(after), lines: after })).toEqual({ baseCents: total(after) - 12_000, keptCents: 12_000 });
    expect(wholeCancellationBase({ baseCents: 5_000, lines: after })).toEqual({ baseCents: 0, keptCents: 5_000 });
    expect(wholeCancellationBase({ baseCents: 5_000, lines: null })).toEqual({ baseCents: 5_000, keptCents: 0 });
  });
});

describe("a discount code's booking losing a companion (decisions 075 and 079)", () => {
  it("keeps the discount as booked: its lines are no price lines, the pricing takes the booking's discount", () => {
    const discounted = [...booked, line("discount", "SUMMER", -10_000)];
    const after = linesWithoutCompanion(discounted, { companionType: "golf_playing", feeCents: 12_000, feeKey: "c1", label });
    expect(priceLinesOfBooked(after).map((each) => each.kind)).not.toContain("discount");
    const price = priceBooking(priceLinesOfBooked(after), { depositPercent: 25, balanceDueDaysBeforeEvent: 30 }, { today: "2027-01-10", startsOn }, 10_000);
    expect(price.totalCents).toBe(total(after));
  });
});

describe("the account after a companion is taken off (property)", () => {
  it("adds up: the total falls by share less fee, what is paid beyond what is owed goes back, and nothing is given back twice", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 50_000 }),
        (mainCents, companionCents, companions, feePercent, paidPercent, creditedRaw) => {
          const lines = [line("participant", "participant", mainCents), line("companion", "driver", companionCents, companions)];
          const before = total(lines);
          const share = companionShareOf(lines, "driver");
          const schedule: CancellationSchedule = { customer_may_cancel: true, rules: [{ days_before: 0, fee: { kind: "percent", percent: feePercent } }] };
          const terms = companionRemovalTerms(schedule, { lines, companionType: "driver", startsOn, today: addDays(startsOn, -40) });
          if (!terms.allowed) throw new Error("the rule applies");
          expect(terms.feeCents).toBeGreaterThanOrEqual(0);
          expect(terms.feeCents).toBeLessThanOrEqual(share);
          const after = linesWithoutCompanion(lines, { companionType: "driver", feeCents: terms.feeCents, feeKey: "c", label });
          const price = priceBooking(priceLinesOfBooked(after), { depositPercent: 25, balanceDueDaysBeforeEvent: 30 }, { today: "2027-01-10", startsOn });
          expect(price.totalCents).toBe(before - share + terms.feeCents);
          const paid = Math.floor((before * paidPercent) / 100);
          const credited = Math.min(creditedRaw, price.totalCents);
          const input: AccountInput = {
            status: "confirmed",
            totalCents: price.totalCents,
            depositCents: price.depositCents,
            depositDueOn: "2027-01-10",
            remainderDueOn: price.remainderDueOn,
            cancellationFeeCents: null,
            creditedCents: credited,
            payments: paid > 0 ? [{ id: "p1", method: "card", status: "succeeded", amountCents: paid, receivedOn: "2027-01-10" }] : [],
            refunds: [],
          };
          const account = bookingAccount(input, "2027-05-21");
          // Every figure from the same sums: owed less net paid is outstanding less credit.
          expect(account.owedCents).toBe(price.totalCents - credited);
          expect(account.outstandingCents - account.creditCents).toBe(account.owedCents - account.netPaidCents);
          expect(account.dues.reduce((sum, due) => sum + due.amountCents, 0)).toBe(account.owedCents);
          // What goes back is the credit, at most what was paid; afterwards nothing is owed beyond the account's due.
          if (account.creditCents > 0) {
            const plan = planAccountRefund(account, account.creditCents, ["p1"]);
            expect(plan.ok).toBe(true);
            const refunded = bookingAccount(
              { ...input, refunds: plan.ok ? plan.parts.map((part) => ({ paymentId: part.paymentId, amountCents: part.amountCents, channel: "provider", on: "2027-05-21" })) : [] },
              "2027-05-21",
            );
            expect(refunded.creditCents).toBe(0);
            expect(refunded.outstandingCents).toBe(0);
            expect(refunded.netPaidCents).toBe(refunded.owedCents);
            expect(refunded.paymentState === "paid" || refunded.paymentState === "nothing_due").toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
