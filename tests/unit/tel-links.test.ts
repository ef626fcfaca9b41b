import { describe, expect, it } from "vitest";
import { telNumberOf } from "../../core/domain/tel-links";

describe("telNumberOf (E.164 for the call-back queue's tel: links)", () => {
  it.each([
    ["+49 89 4521 7730", "DE", "+498945217730"],
    ["+44 20 7946 0958", "DE", "+442079460958"],
    // A national number, read in the phone item's default country, as the form accepted it.
    ["089 4521 7730", "DE", "+498945217730"],
    ["0049 89 4521 7730", "DE", "+498945217730"],
    ["(089) 4521-7730", "DE", "+498945217730"],
    ["0664 1234567", "AT", "+436641234567"],
  ])("%s (default %s) → %s", (stored, country, e164) => {
    expect(telNumberOf(stored, country)).toBe(e164);
  });

  it("reads a national number in the participant's country when the item names none", () => {
    expect(telNumberOf("0664 1234567", null, "AT")).toBe("+436641234567");
    expect(telNumberOf("0664 1234567", undefined, "not a country")).toBeNull();
  });

  it.each([[null], [undefined], [""], ["   "], ["12"], ["not a number"], ["+49 89 1"], ["9".repeat(41)]])("answers null for %j", (stored) => {
    expect(telNumberOf(stored, "DE")).toBeNull();
  });
});
