import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cancellationFeeOn,
  daysBefore,
  defaultCancellationSchedule,
  feeOf,
  neverCheaper,
  scheduleProblems,
  type CancellationFee,
  type CancellationSchedule,
} from "../../core/domain/cancellation-schedule";
import { addDays } from "../../core/domain/dates";

const startsOn = "2027-03-30";
const percent = (value: number): CancellationFee => ({ kind: "percent", percent: value });
const amount = (cents: number): CancellationFee => ({ kind: "amount", amount_cents: cents });
const schedule = (...rules: [number, CancellationFee][]): CancellationSchedule => ({
  customer_may_cancel: true,
  rules: rules.map(([days_before, fee]) => ({ days_before, fee })),
});

describe("cancellation schedule (issue 30)", () => {
  it("applies the first rule whose days the days before the start reach", () => {
    const staffel = schedule([40, percent(10)], [10, percent(50)], [0, amount(100_000)]);
    const on = (days: number) => cancellationFeeOn(staffel, { startsOn, today: addDays(startsOn, -days), baseCents: 200_000 });
    expect(on(60)).toMatchObject({ allowed: true, feeCents: 20_000, daysBefore: 60, until: addDays(startsOn, -40) });
    expect(on(40)).toMatchObject({ allowed: true, feeCents: 20_000 });
    expect(on(39)).toMatchObject({ allowed: true, feeCents: 100_000, until: addDays(startsOn, -10) });
    expect(on(10)).toMatchObject({ allowed: true, feeCents: 100_000 });
    expect(on(9)).toMatchObject({ allowed: true, feeCents: 100_000, until: startsOn });
    expect(on(0)).toMatchObject({ allowed: true, feeCents: 100_000 });
    // Started: no longer cancelled by the customer.
    expect(on(-1)).toEqual({ allowed: false, reason: "too_late", daysBefore: -1 });
  });

  it("refuses after the last rule's days, and always when the event says no cancellation by the customer", () => {
    const until14 = schedule([30, percent(0)], [14, percent(50)]);
    expect(cancellationFeeOn(until14, { startsOn, today: addDays(startsOn, -13), baseCents: 10_000 })).toEqual({ allowed: false, reason: "too_late", daysBefore: 13 });
    expect(cancellationFeeOn({ customer_may_cancel: false }, { startsOn, today: addDays(startsOn, -300), baseCents: 10_000 })).toEqual({
      allowed: false,
      reason: "not_by_customer",
      daysBefore: 300,
    });
  });

  it("rounds a percentage to the cent and never asks more than the booking costs", () => {
    expect(feeOf(percent(20), 10_001)).toBe(2_000);
    expect(feeOf(percent(25), 10_002)).toBe(2_501);
    expect(feeOf(amount(50_000), 30_000)).toBe(30_000);
    expect(feeOf(percent(100), 0)).toBe(0);
  });

  it("counts calendar days across the change to summer time", () => {
    expect(daysBefore("2027-03-30", "2027-03-20")).toBe(10);
    expect(daysBefore("2027-03-30", "2027-03-31")).toBe(-1);
  });

  it("validates order, ranges and that cancelling later never costs less", () => {
    expect(scheduleProblems(defaultCancellationSchedule)).toEqual([]);
    expect(scheduleProblems({ customer_may_cancel: false })).toEqual([]);
    expect(scheduleProblems(schedule())).toEqual([{ path: ["rules"], problem: "empty" }]);
    expect(scheduleProblems(schedule([10, percent(10)], [20, percent(20)]))).toEqual([{ path: ["rules", 1, "days_before"], problem: "order" }]);
    expect(scheduleProblems(schedule([10, percent(10)], [10, percent(20)]))).toEqual([{ path: ["rules", 1, "days_before"], problem: "order" }]);
    expect(scheduleProblems(schedule([30, percent(50)], [10, percent(20)]))).toEqual([{ path: ["rules", 1, "fee"], problem: "fee_lower" }]);
    expect(scheduleProblems(schedule([30, amount(5_000)], [10, amount(4_000)]))).toEqual([{ path: ["rules", 1, "fee"], problem: "fee_lower" }]);
    // A fixed amount then a percentage: a cheap booking would pay less later, unless the percentage is everything.
    expect(scheduleProblems(schedule([30, amount(5_000)], [10, percent(50)]))).toEqual([{ path: ["rules", 1, "fee"], problem: "fee_lower" }]);
    expect(scheduleProblems(schedule([30, amount(5_000)], [10, percent(100)]))).toEqual([]);
    expect(scheduleProblems(schedule([30, percent(0)], [10, amount(5_000)]))).toEqual([]);
    expect(scheduleProblems(schedule([30, percent(101)]))).toEqual([{ path: ["rules", 0, "fee"], problem: "percent" }]);
    expect(scheduleProblems(schedule([-1, percent(10)]))).toEqual([{ path: ["rules", 0, "days_before"], problem: "days" }]);
  });

  const feeArb: fc.Arbitrary<CancellationFee> = fc.oneof(
    fc.integer({ min: 0, max: 100 }).map(percent),
    fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500_000 })).map(amount),
  );
  const scheduleArb: fc.Arbitrary<CancellationSchedule> = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 400 }), feeArb), { minLength: 1, maxLength: 6 })
    .map((rules) => schedule(...[...rules].sort((a, b) => b[0] - a[0])));

  it("property: the fee is never above what the booking costs, nor negative", () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: -20, max: 500 }), fc.integer({ min: 0, max: 2_000_000 }), (staffel, days, baseCents) => {
        const terms = cancellationFeeOn(staffel, { startsOn, today: addDays(startsOn, -days), baseCents });
        if (terms.allowed) {
          expect(terms.feeCents).toBeGreaterThanOrEqual(0);
          expect(terms.feeCents).toBeLessThanOrEqual(baseCents);
        }
      }),
    );
  });

  it("property: in a schedule that validates, more days before the start never cost more", () => {
    fc.assert(
      fc.property(
        scheduleArb.filter((staffel) => scheduleProblems(staffel).length === 0),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (staffel, a, b, baseCents) => {
          const [more, fewer] = a >= b ? [a, b] : [b, a];
          const earlier = cancellationFeeOn(staffel, { startsOn, today: addDays(startsOn, -more), baseCents });
          const later = cancellationFeeOn(staffel, { startsOn, today: addDays(startsOn, -fewer), baseCents });
          // Allowed later means allowed earlier too, and never cheaper.
          if (later.allowed) {
            expect(earlier.allowed).toBe(true);
            if (earlier.allowed) expect(later.feeCents).toBeGreaterThanOrEqual(earlier.feeCents);
          }
        },
      ),
    );
  });

  it("property: neverCheaper holds for every cost exactly when it says so", () => {
    fc.assert(
      fc.property(feeArb, feeArb, fc.integer({ min: 0, max: 2_000_000 }), (earlier, later, baseCents) => {
        if (neverCheaper(earlier, later)) expect(feeOf(later, baseCents)).toBeGreaterThanOrEqual(feeOf(earlier, baseCents));
      }),
    );
  });
});
