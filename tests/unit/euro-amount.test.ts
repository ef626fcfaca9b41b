import { describe, expect, it } from "vitest";
import { centsOfEuros } from "../../core/domain/euro-amount";

describe("centsOfEuros (amounts typed by staff)", () => {
  it.each([
    ["120", 12000],
    ["120.5", 12050],
    ["120,50", 12050],
    [" 0,01 ", 1],
    ["999999.99", 99999999],
  ])("reads %j as %i cents", (typed, cents) => expect(centsOfEuros(typed)).toBe(cents));

  it.each(["", "0", "0,00", "-5", "1.234,50", "12.345", "12,5 €", "abc", "1e3", "1234567"])("refuses %j", (typed) => expect(centsOfEuros(typed)).toBeNull());
});
