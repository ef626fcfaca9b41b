import { describe, expect, it } from "vitest";
import { vatByRate, priceBooking } from "../../core/domain/pricing";
import { discountLinesOf, normalizeVoucherCode, voucherCodePattern, voucherDiscountCents, voucherInputProblems, voucherRefusal, type VoucherTerms } from "../../core/domain/vouchers";

const code: VoucherTerms = {
  active: true,
  discount: { kind: "amount", amountCents: 5000 },
  validFrom: "2026-06-01",
  validUntil: "2026-06-30",
  usageLimit: 10,
  perCustomerLimit: 1,
  timesUsed: 0,
  eventIds: [],
  categoryIds: [],
};
const use = { today: "2026-06-15", eventId: "event-a", categoryId: 1, customerUses: 0 };

describe("whether a code may be used", () => {
  it("allows a valid code and names the reason of each refusal", () => {
    expect(voucherRefusal(code, use)).toBeNull();
    expect(voucherRefusal(null, use)).toBe("unknown");
    expect(voucherRefusal({ ...code, active: false }, use)).toBe("inactive");
    expect(voucherRefusal(code, { ...use, today: "2026-05-31" })).toBe("not_yet_valid");
    expect(voucherRefusal(code, { ...use, today: "2026-07-01" })).toBe("expired");
    expect(voucherRefusal({ ...code, timesUsed: 10 }, use)).toBe("used_up");
    expect(voucherRefusal(code, { ...use, customerUses: 1 })).toBe("customer_limit");
  });

  it("counts its first and last day as valid, and open ends as open", () => {
    expect(voucherRefusal(code, { ...use, today: "2026-06-01" })).toBeNull();
    expect(voucherRefusal(code, { ...use, today: "2026-06-30" })).toBeNull();
    expect(voucherRefusal({ ...code, validFrom: null, validUntil: null, usageLimit: null, perCustomerLimit: null, timesUsed: 999 }, { ...use, today: "2030-01-01", customerUses: 9 })).toBeNull();
  });

  it("is only for its events or the events of its categories when restricted", () => {
    expect(voucherRefusal({ ...code, eventIds: ["event-b"] }, use)).toBe("not_for_event");
    expect(voucherRefusal({ ...code, eventIds: ["event-a"] }, use)).toBeNull();
    expect(voucherRefusal({ ...code, categoryIds: [2] }, use)).toBe("not_for_event");
    expect(voucherRefusal({ ...code, categoryIds: [1], eventIds: ["event-b"] }, use)).toBeNull();
  });
});

describe("what a code takes off", () => {
  it("never takes more than the total", () => {
    expect(voucherDiscountCents({ kind: "amount", amountCents: 5000 }, 19600)).toBe(5000);
    expect(voucherDiscountCents({ kind: "amount", amountCents: 50000 }, 19600)).toBe(19600);
    expect(voucherDiscountCents({ kind: "percent", percent: 100 }, 19600)).toBe(19600);
    expect(voucherDiscountCents({ kind: "amount", amountCents: 5000 }, 0)).toBe(0);
  });

  it("rounds a percentage half up to the cent", () => {
    // 15 % of 123.45 is 18.5175 → 18.52; 10 % of 0.05 is 0.005 → 0.01; 10 % of 0.04 is 0.004 → 0.00.
    expect(voucherDiscountCents({ kind: "percent", percent: 15 }, 12345)).toBe(1852);
    expect(voucherDiscountCents({ kind: "percent", percent: 10 }, 5)).toBe(1);
    expect(voucherDiscountCents({ kind: "percent", percent: 10 }, 4)).toBe(0);
  });

  it("prices the booking on what is left: the deposit is a share of the discounted total", () => {
    const price = priceBooking(
      [{ kind: "participant", key: "participant", unitCents: 20000, quantity: 1 }],
      { depositPercent: 25, balanceDueDaysBeforeEvent: 30 },
      { today: "2026-01-01", startsOn: "2026-06-01" },
      5000,
    );
    expect(price).toMatchObject({ totalCents: 15000, discountCents: 5000, depositCents: 3750, remainderCents: 11250 });
    const capped = priceBooking([{ kind: "participant", key: "participant", unitCents: 2000, quantity: 1 }], { depositPercent: 25, balanceDueDaysBeforeEvent: 30 }, { today: "2026-01-01", startsOn: "2026-06-01" }, 5000);
    expect(capped).toMatchObject({ totalCents: 0, discountCents: 2000 });
  });

  it("shares the discount over the VAT rates, so each rate's VAT is right after it", () => {
    const lines = [
      { totalCents: 30000, vatRateBasisPoints: 1900 },
      { totalCents: 10000, vatRateBasisPoints: 700 },
    ];
    const discount = discountLinesOf(lines, 1001, "SUMMER", { en: "Voucher SUMMER", de: "Gutschein SUMMER" });
    expect(discount.map((line) => [line.kind, line.totalCents, line.vatRateBasisPoints])).toEqual([
      ["discount", -751, 1900],
      ["discount", -250, 700],
    ]);
    expect(discount.reduce((sum, line) => sum + line.totalCents, 0)).toBe(-1001);
    // 292.49 gross at 19 %, 97.50 at 7 %: the VAT of what is paid.
    expect(vatByRate([...lines, ...discount])).toEqual([
      { rate: 1900, grossCents: 29249, vatCents: 4670 },
      { rate: 700, grossCents: 9750, vatCents: 638 },
    ]);
    expect(discountLinesOf(lines, 0, "SUMMER", {})).toEqual([]);
  });
});

describe("a code as typed", () => {
  it("is trimmed and upper-cased, and only letters, digits and dashes", () => {
    expect(normalizeVoucherCode("  summer-26 ")).toBe("SUMMER-26");
    expect(voucherCodePattern.test("SUMMER-26")).toBe(true);
    expect(voucherCodePattern.test("SU")).toBe(false);
    expect(voucherCodePattern.test("SUMMER 26")).toBe(false);
  });
});

describe("a code as staff enter it", () => {
  const input = { code: "summer-26", discountKind: "percent" as const, discountValue: 10, validFrom: "2026-06-01", validUntil: "2026-06-30", usageLimit: 5, perCustomerLimit: null };
  it("may be saved when its fields agree", () => {
    expect(voucherInputProblems(input)).toEqual({});
  });
  it("names each field's problem", () => {
    expect(
      voucherInputProblems({ ...input, code: "a b", discountValue: 101, validUntil: "2026-05-31", usageLimit: 0, perCustomerLimit: 1.5 }),
    ).toEqual({
      code: "api.voucherInvalid",
      discount_value: "admin.vouchers.invalidValue",
      valid_until: "admin.vouchers.invalidDates",
      usage_limit: "admin.vouchers.invalidLimit",
      per_customer_limit: "admin.vouchers.invalidLimit",
    });
    expect(voucherInputProblems({ ...input, discountKind: "amount", discountValue: 0 })).toEqual({ discount_value: "admin.vouchers.invalidValue" });
  });
});
