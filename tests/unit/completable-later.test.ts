import { describe, expect, it } from "vitest";
import type { PublicFormItem } from "../../core/contracts/forms";
import { validatePage } from "../../core/forms/booking-page-schema";
import { isCompletableLater, validateAnswer } from "../../core/forms/kinds";
import { markCompletableLater } from "../../app/components/booking/completable-later";

const item = (options: Record<string, unknown>, required = true): PublicFormItem => ({
  uuid: "0b0c9a52-3f44-4a8e-9a55-6e8f3f2b9d11",
  parent_uuid: null,
  kind: "select",
  name: "tshirt",
  label: "T-shirt size",
  help: "For the welcome pack.",
  required,
  options: { choices: [{ value: "m", label: "M" }], ...options },
});

describe("items that may be completed later (options.completableLater, decision 023)", () => {
  it("is a base option of every kind; anything but true is not set", () => {
    expect(isCompletableLater(item({ completableLater: true }))).toBe(true);
    expect(isCompletableLater(item({ completableLater: "yes" }))).toBe(false);
    expect(isCompletableLater(item({}))).toBe(false);
  });

  it("a required one may be left blank at booking, but an answer given is still checked by its kind", () => {
    const later = item({ completableLater: true });
    expect(validateAnswer(later, "", "2026-01-01")).toBeNull();
    expect(validatePage([later], {}, "2026-01-01")).toEqual({});
    expect(validateAnswer(later, "xxl", "2026-01-01")).toBe("validation.choice");
    expect(validateAnswer(item({}), "", "2026-01-01")).toBe("validation.required");
  });

  it("the form shows it without the required mark, its hint saying so", () => {
    const shown = markCompletableLater(item({ completableLater: true }), "May be completed later");
    expect(shown).toMatchObject({ required: false, help: "May be completed later. For the welcome pack." });
    expect(markCompletableLater(item({}), "May be completed later").required).toBe(true);
  });
});
