import { describe, expect, it } from "vitest";
import { localeOfText, pickLocale } from "../../core/contracts/localized-text";
import { capacityAllows, categoryNameIn, daysBetween, localesMissing, missingTranslations, stockAllows } from "../../core/domain/catalogue-rules";

describe("the catalogue's rules (decision 034)", () => {
  it("lists each text whose English is there and whose German is missing or blank, in field order", () => {
    const missing = missingTranslations([
      ["title", { en: "Golf week", de: "Golfwoche" }],
      ["teaser", { en: "Five days", de: "  " }],
      ["location", { en: "", de: "" }],
      ["prices.addon.pit_box.label", { en: "Pit box" }],
    ]);
    expect(missing).toEqual(["teaser.de", "prices.addon.pit_box.label.de"]);
    expect(localesMissing(missing)).toEqual(["de"]);
    expect(localesMissing([])).toEqual([]);
  });

  it("refuses a capacity below the places taken and a stock below what is used; unlimited stock always allows", () => {
    expect(capacityAllows(10, 10)).toBe(true);
    expect(capacityAllows(9, 10)).toBe(false);
    expect(stockAllows(2, 2)).toBe(true);
    expect(stockAllows(1, 2)).toBe(false);
    expect(stockAllows(null, 500)).toBe(true);
  });

  it("counts whole days between ISO dates across a change of summer time", () => {
    expect(daysBetween("2027-03-20", "2027-04-03")).toBe(14);
    expect(daysBetween("2027-04-03", "2027-03-20")).toBe(-14);
  });

  it("never shows an empty German text: it falls back to English and says so", () => {
    expect(pickLocale({ en: "Golf", de: "" }, "de")).toBe("Golf");
    expect(localeOfText({ en: "Golf", de: " " }, "de")).toBe("en");
    expect(pickLocale({ en: "Golf", de: "Golfen" }, "de")).toBe("Golfen");
    expect(localeOfText({ en: "Golf", de: "Golfen" }, "de")).toBe("de");
  });

  it("names a category in the page's language, else in English marked as the fallback, else by its number", () => {
    const sailing = { id: 7, translations: { en: { name: "Sailing" }, de: { name: "Segeln" } } };
    expect(categoryNameIn(sailing, "de")).toEqual({ name: "Segeln", fallback: false });
    expect(categoryNameIn({ id: 7, translations: { en: { name: "Sailing" }, de: null } }, "de")).toEqual({ name: "Sailing", fallback: true });
    expect(categoryNameIn({ id: 7, translations: { en: { name: "Sailing" } } }, "en")).toEqual({ name: "Sailing", fallback: false });
    expect(categoryNameIn({ id: 7, translations: {} }, "en")).toEqual({ name: "7", fallback: false });
  });
});
