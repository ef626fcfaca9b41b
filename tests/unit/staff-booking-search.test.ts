import { describe, expect, it } from "vitest";
import { staffBookingsQuerySchema } from "../../core/contracts/staff-bookings";
import { bookingSearchOf, likePrefix } from "../../core/domain/booking-search";
import { operatorDayStart } from "../../core/domain/dates";

describe("what the staff desk's search box means", () => {
  it("is nothing when blank", () => {
    expect(bookingSearchOf(undefined)).toBeNull();
    expect(bookingSearchOf("   ")).toBeNull();
  });

  it("reads one word as a code, upper-cased, and a code typed without its dash with one", () => {
    expect(bookingSearchOf(" gc-7k4m2q ")?.code).toBe("GC-7K4M2Q");
    expect(bookingSearchOf("gc7k4m2q")?.code).toBe("GC-7K4M2Q");
    expect(bookingSearchOf("T-1A2B")?.code).toBe("T-1A2B");
    expect(bookingSearchOf("Stefan Hofmann")?.code).toBeNull();
  });

  it("searches names and e-mails by their lower-cased, single-spaced start", () => {
    expect(bookingSearchOf("  Stefan   HOF ")?.prefix).toBe("stefan hof");
  });

  it("reads a phone number by its digits, from four on", () => {
    expect(bookingSearchOf("+49 89 4521")?.phoneDigits).toEqual(["49894521"]);
    expect(bookingSearchOf("(089) 45-21")?.phoneDigits).toEqual(["0894521", "49894521"]);
    expect(bookingSearchOf("+49")?.phoneDigits).toBeNull();
    expect(bookingSearchOf("anna 1234")?.phoneDigits).toBeNull();
  });

  it("reads six code characters as a code without its prefix (issue 32)", () => {
    expect(bookingSearchOf("nzfkag")?.codeBody).toBe("NZFKAG");
    expect(bookingSearchOf("NZFKAGX")?.codeBody).toBeNull();
    // 0, 1, I, L and O are never in a code.
    expect(bookingSearchOf("hofman")?.codeBody).toBeNull();
    expect(bookingSearchOf("stefan")?.codeBody).toBe("STEFAN");
  });

  it("reads two or more words also as surname first, a comma or none between (issue 32)", () => {
    expect(bookingSearchOf("Hofmann  Stefan")?.surnameFirst).toBe("hofmann stefan");
    expect(bookingSearchOf("Hofmann, St")?.surnameFirst).toBe("hofmann st");
    expect(bookingSearchOf("Hofmann, St")?.prefix).toBe("hofmann, st");
    expect(bookingSearchOf("Hofmann")?.surnameFirst).toBeNull();
  });

  it("reads an address's domain, with or without its @ (issue 32)", () => {
    expect(bookingSearchOf("Example.com")?.emailDomain).toBe("example.com");
    expect(bookingSearchOf("@example")?.emailDomain).toBe("example");
    expect(bookingSearchOf("anna@example.com")?.emailDomain).toBeNull();
    expect(bookingSearchOf("Anna Zeller")?.emailDomain).toBeNull();
    expect(bookingSearchOf("hofmann")?.emailDomain).toBeNull();
  });

  it("reads a German number written nationally or with 00 as the international one too (issue 32)", () => {
    expect(bookingSearchOf("089 4521 7730")?.phoneDigits).toEqual(["08945217730", "498945217730"]);
    expect(bookingSearchOf("0044 20 3333")?.phoneDigits).toEqual(["0044203333", "44203333"]);
    expect(bookingSearchOf("+49 89 4521")?.phoneDigits).toEqual(["49894521"]);
  });

  it("makes LIKE's wildcards literal", () => {
    expect(likePrefix("50%_off\\")).toBe("50\\%\\_off\\\\%");
  });
});

describe("the list's query", () => {
  it("takes lists as commas or repeated names, and defaults to the newest first on page 1", () => {
    expect(staffBookingsQuerySchema.parse({ status: "paid, cancelled", payment: ["invoice", "unpaid"] })).toMatchObject({
      status: ["paid", "cancelled"],
      payment: ["invoice", "unpaid"],
      sort: "submitted_desc",
      page: 1,
    });
  });

  it("refuses drafts, unknown sorts and a range that ends before it starts", () => {
    expect(staffBookingsQuerySchema.safeParse({ status: "draft" }).success).toBe(false);
    expect(staffBookingsQuerySchema.safeParse({ sort: "email" }).success).toBe(false);
    expect(staffBookingsQuerySchema.safeParse({ from: "2026-03-02", to: "2026-03-01" }).success).toBe(false);
    expect(staffBookingsQuerySchema.safeParse({ from: "2026-03-01", to: "2026-03-01" }).success).toBe(true);
  });
});

describe("a day of the operator's calendar", () => {
  it("begins at midnight in Berlin, in winter, in summer and on both days the clocks change", () => {
    expect(operatorDayStart("2026-01-15").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(operatorDayStart("2026-07-15").toISOString()).toBe("2026-07-14T22:00:00.000Z");
    expect(operatorDayStart("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(operatorDayStart("2026-10-25").toISOString()).toBe("2026-10-24T22:00:00.000Z");
  });
});
