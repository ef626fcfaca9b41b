import { describe, expect, it } from "vitest";
import type { PublicFormItem } from "../../core/contracts/forms";
import { takesAnswer, validateAnswer, validatePage } from "../../core/domain/form-validation";
import { isValidationKey } from "../../core/i18n/field-errors";

let counter = 0;
function item(kind: PublicFormItem["kind"], options: Record<string, unknown> = {}, required = false): PublicFormItem {
  counter += 1;
  return {
    uuid: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    parent_uuid: null,
    kind,
    name: `item${counter}`,
    label: "Label",
    help: null,
    required,
    options,
  };
}
const today = "2026-11-22";
const choices = {
  choices: [
    { value: "mr", label: "Mr." },
    { value: "mrs", label: "Mrs." },
  ],
};

describe("form validation per item kind", () => {
  it("requires required answers and marks unchecked required checkboxes", () => {
    expect(validateAnswer(item("input", {}, true), "  ", today)).toBe("validation.required");
    expect(validateAnswer(item("input"), "", today)).toBeNull();
    expect(validateAnswer(item("checkbox", {}, true), false, today)).toBe("validation.mustAccept");
    expect(validateAnswer(item("checkbox", {}, true), true, today)).toBeNull();
    expect(validateAnswer(item("upload", {}, true), undefined, today)).toBe("validation.required");
  });

  it("checks text length, e-mail and numbers", () => {
    expect(validateAnswer(item("input", { maxLength: 5 }), "123456", today)).toBe("validation.tooLong");
    expect(validateAnswer(item("input", { type: "email" }), "me@example", today)).toBe("validation.email");
    expect(validateAnswer(item("input", { type: "email" }), "me@example.com", today)).toBeNull();
    expect(validateAnswer(item("textarea", { maxLength: 10 }), "x".repeat(11), today)).toBe("validation.tooLong");
    expect(validateAnswer(item("input", {}), 42, today)).toBe("validation.required");
  });

  it("accepts only offered choices", () => {
    expect(validateAnswer(item("select", choices), "mr", today)).toBeNull();
    expect(validateAnswer(item("radio", choices), "dr", today)).toBe("validation.choice");
    expect(validateAnswer(item("multiselect", choices), ["mr", "mrs"], today)).toBeNull();
    expect(validateAnswer(item("multiselect", choices), ["mr", "x"], today)).toBe("validation.choice");
    expect(validateAnswer(item("multiselect", choices), "mr", today)).toBe("validation.choice");
  });

  it("checks dates, times and date-times, with 'today' as a bound", () => {
    expect(validateAnswer(item("date"), "2026-02-30", today)).toBe("validation.date");
    expect(validateAnswer(item("date", { max: "today" }), "2026-11-23", today)).toBe("validation.dateRange");
    expect(validateAnswer(item("date", { max: "today" }), "1980-05-01", today)).toBeNull();
    expect(validateAnswer(item("time"), "24:00", today)).toBe("validation.time");
    expect(validateAnswer(item("time"), "07:45", today)).toBeNull();
    expect(validateAnswer(item("datetime"), "2026-03-30T14:05", today)).toBeNull();
    expect(validateAnswer(item("datetime"), "2026-03-30 14:05", today)).toBe("validation.datetime");
  });

  it("knows countries and international phone numbers", () => {
    expect(validateAnswer(item("country_select"), "DE", today)).toBeNull();
    expect(validateAnswer(item("nationality_select"), "EU", today)).toBe("validation.country");
    expect(validateAnswer(item("country_select"), "de", today)).toBe("validation.country");
    expect(validateAnswer(item("international_phone", { defaultCountry: "DE" }), "+49 89 4521 7730", today)).toBeNull();
    expect(validateAnswer(item("international_phone", { defaultCountry: "DE" }), "089 4521 7730", today)).toBeNull();
    expect(validateAnswer(item("international_phone"), "+1 201 555 0123", today)).toBeNull();
    expect(validateAnswer(item("international_phone", { defaultCountry: "DE" }), "12", today)).toBe("validation.phone");
  });

  it("skips static items and keys page errors by item uuid", () => {
    for (const kind of ["headline", "html", "image", "wysiwyg", "price_list", "group"] as const) expect(takesAnswer(item(kind))).toBe(false);
    const name = item("input", {}, true);
    const phone = item("international_phone", { defaultCountry: "DE" }, true);
    const heading = item("headline");
    expect(validatePage([name, phone, heading], { [phone.uuid]: "nope" }, today)).toEqual({
      [name.uuid]: ["validation.required"],
      [phone.uuid]: ["validation.phone"],
    });
  });

  it("uses only messages that the catalogues translate", () => {
    for (const key of [
      "validation.choice",
      "validation.date",
      "validation.dateRange",
      "validation.time",
      "validation.datetime",
      "validation.country",
      "validation.phone",
      "validation.mustAccept",
      "validation.number",
    ]) {
      expect(isValidationKey(key, "en"), key).toBe(true);
    }
  });
});
