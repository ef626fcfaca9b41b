import { describe, expect, it } from "vitest";
import type { PublicFormItem } from "../../core/contracts/forms";
import { validatePage } from "../../core/domain/form-validation";
import { postcodeCountryItems, postcodeProblem } from "../../core/forms/postcode";

describe("postcodeProblem", () => {
  it("checks a known country's format and names it for the common ones", () => {
    expect(postcodeProblem("80331", "DE")).toBeNull();
    expect(postcodeProblem(" 80331 ", "de")).toBeNull();
    expect(postcodeProblem("!!!", "DE")).toBe("validation.postcodeForDE");
    expect(postcodeProblem("8033", "DE")).toBe("validation.postcodeForDE");
    expect(postcodeProblem("1010", "AT")).toBeNull();
    expect(postcodeProblem("1012 AB", "NL")).toBeNull();
    expect(postcodeProblem("SW1A 1AA", "GB")).toBeNull();
    expect(postcodeProblem("80331", "GB")).toBe("validation.postcodeForGB");
    // Known to the library, without an example of ours: a plain message.
    expect(postcodeProblem("100-0001", "JP")).toBeNull();
    expect(postcodeProblem("!!!", "JP")).toBe("validation.postcode");
  });

  it("takes 2 to 10 letters, digits, spaces and hyphens where no format is known", () => {
    expect(postcodeProblem("AB-12 3", null)).toBeNull();
    expect(postcodeProblem("!!!", null)).toBe("validation.postcodeCharacters");
    expect(postcodeProblem("1", null)).toBe("validation.postcodeCharacters");
    expect(postcodeProblem("12345678901", null)).toBe("validation.postcodeCharacters");
    expect(postcodeProblem("!!!", "")).toBe("validation.postcodeCharacters");
  });
});

const item = (uuid: string, kind: PublicFormItem["kind"], name: string, required = true): PublicFormItem => ({
  uuid,
  parent_uuid: null,
  kind,
  name,
  label: name,
  help: null,
  required,
  options: {},
});

describe("a page's postcodes", () => {
  const items = [
    item("p", "input", "main.postcode"),
    item("c", "country_select", "main.country"),
    item("bp", "input", "billing.postcode", false),
    item("bc", "country_select", "billing.country", false),
    item("x", "input", "main.city"),
  ];

  it("pairs each postcode with the country select of its prefix", () => {
    expect(postcodeCountryItems(items)).toEqual(
      new Map([
        ["p", "c"],
        ["bp", "bc"],
      ]),
    );
  });

  it("refuses '!!!' and a postcode that does not fit the chosen country, on the server's and the browser's page check", () => {
    expect(validatePage(items, { p: "!!!", c: "DE", x: "München" }, "2026-11-29")).toEqual({ p: ["validation.postcodeForDE"] });
    expect(validatePage(items, { p: "1010", c: "AT", bp: "80331", bc: "CH", x: "Wien" }, "2026-11-29")).toEqual({ bp: ["validation.postcodeForCH"] });
    expect(validatePage(items, { p: "80331", c: "DE", x: "München" }, "2026-11-29")).toEqual({});
  });
});
