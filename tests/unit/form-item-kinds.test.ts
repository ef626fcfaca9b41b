import { describe, expect, it } from "vitest";
import { formItemRenderers } from "../../app/components/booking/kinds";
import { formItemKinds as kindNames, type PublicFormItem } from "../../core/contracts/forms";
import { bookingPageSchema } from "../../core/forms/booking-page-schema";
import { formItemKinds, type FormItemKind, type FormItemKindModule } from "../../core/forms/kinds";
import { isBlank } from "../../core/forms/kinds/kind-module";

let counter = 0;
function item(kind: FormItemKind, options: Record<string, unknown> = {}, required = false): PublicFormItem {
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

/** What the kind's own module says about one answer: its message key, or null. */
function judge(kind: FormItemKind, options: Record<string, unknown>, value: unknown, required = false): string | null {
  const rule: FormItemKindModule["answer"] = formItemKinds[kind].answer;
  const subject = item(kind, options, required);
  if (!rule) return null;
  if (!rule.checksBlank && isBlank(value)) return required ? rule.blankMessage : null;
  const result = rule.schema(subject, today).safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "?");
}

describe("the form item kind registry", () => {
  it("has a module and a renderer for every kind of the contract, and nothing else", () => {
    const sorted = [...kindNames].sort();
    expect(Object.keys(formItemKinds).sort()).toEqual(sorted);
    expect(Object.keys(formItemRenderers).sort()).toEqual(sorted);
  });

  it("reads an answer from the post exactly for the kinds that take one with the post", () => {
    for (const kind of kindNames) {
      const fromPost = formItemRenderers[kind].readAnswer !== null;
      // Uploads and companions take an answer that does not come with the page post.
      const elsewhere = kind === "upload" || kind === "file" || kind === "companion";
      expect(fromPost, kind).toBe(formItemKinds[kind].answer !== null && !elsewhere);
    }
  });

  it("input and textarea: required, length, e-mail and numbers", () => {
    expect(judge("input", {}, "  ", true)).toBe("validation.required");
    expect(judge("input", {}, "")).toBeNull();
    expect(judge("input", { maxLength: 5 }, "123456")).toBe("validation.tooLong");
    expect(judge("input", { maxLength: 5 }, " 12345 ")).toBeNull();
    expect(judge("input", { type: "email" }, "me@example")).toBe("validation.email");
    expect(judge("input", { type: "email" }, "me@example.com")).toBeNull();
    expect(judge("input", { type: "number" }, "12,5")).toBeNull();
    expect(judge("input", { type: "number" }, "twelve")).toBe("validation.number");
    expect(judge("input", { maxLength: "x" }, "x".repeat(2000))).toBeNull();
    expect(judge("input", {}, "x".repeat(2001))).toBe("validation.tooLong");
    expect(judge("textarea", { maxLength: 10 }, "x".repeat(11))).toBe("validation.tooLong");
    expect(judge("input", {}, 42)).toBe("validation.required");
  });

  it("checkbox: a required box must be ticked", () => {
    expect(judge("checkbox", {}, false, true)).toBe("validation.mustAccept");
    expect(judge("checkbox", {}, true, true)).toBeNull();
    expect(judge("checkbox", {}, "on", true)).toBeNull();
    expect(judge("checkbox", {}, "yes", true)).toBe("validation.mustAccept");
    expect(judge("checkbox", {}, false)).toBeNull();
  });

  it("radio, select, SMA and multiselect accept only offered choices", () => {
    expect(judge("select", choices, "mr")).toBeNull();
    expect(judge("radio", choices, "dr")).toBe("validation.choice");
    expect(judge("sma", { choices: [{ value: "requested", label: "Ask" }] }, "requested")).toBeNull();
    expect(judge("select", {}, "anything")).toBeNull();
    expect(judge("multiselect", choices, ["mr", "mrs"])).toBeNull();
    expect(judge("multiselect", choices, ["mr", "x"])).toBe("validation.choice");
    expect(judge("multiselect", choices, "mr")).toBe("validation.choice");
  });

  it("date, time and datetime, with 'today' as a bound", () => {
    expect(judge("date", {}, "2026-02-30")).toBe("validation.date");
    expect(judge("date", { max: "today" }, "2026-11-23")).toBe("validation.dateRange");
    expect(judge("date", { max: "today" }, "1980-05-01")).toBeNull();
    expect(judge("date", { min: "2026-12-01" }, "2026-11-30")).toBe("validation.dateRange");
    expect(judge("date", { min: "not a date" }, "2026-11-30")).toBeNull();
    expect(judge("date", {}, "22.11.2026")).toBe("validation.date");
    expect(judge("time", {}, "24:00")).toBe("validation.time");
    expect(judge("time", {}, "07:45")).toBeNull();
    expect(judge("datetime", {}, "2026-03-30T14:05")).toBeNull();
    expect(judge("datetime", {}, "2026-03-30 14:05")).toBe("validation.datetime");
  });

  it("countries, nationalities and international phone numbers", () => {
    expect(judge("country_select", {}, "DE")).toBeNull();
    expect(judge("nationality_select", {}, "EU")).toBe("validation.country");
    expect(judge("country_select", {}, "de")).toBe("validation.country");
    expect(judge("international_phone", { defaultCountry: "DE" }, "+49 89 4521 7730")).toBeNull();
    expect(judge("international_phone", { defaultCountry: "DE" }, "089 4521 7730")).toBeNull();
    expect(judge("international_phone", {}, "+1 201 555 0123")).toBeNull();
    expect(judge("international_phone", { defaultCountry: "DE" }, "12")).toBe("validation.phone");
  });

  it("uploads and companions only need to be given when required; content takes no answer", () => {
    expect(judge("upload", {}, undefined, true)).toBe("validation.required");
    expect(judge("file", {}, "00000000-0000-4000-8000-000000000001", true)).toBeNull();
    expect(judge("companion", {}, undefined)).toBeNull();
    for (const kind of ["headline", "html", "image", "wysiwyg", "price_list", "group"] as const) expect(formItemKinds[kind].answer, kind).toBeNull();
  });

  it("vehicles judge their own blank answers", () => {
    expect(formItemKinds.vehicles.answer.checksBlank).toBe(true);
    expect(judge("vehicles", { vehicleKeys: ["street_gt"] }, ["1:street_gt"])).toBeNull();
    expect(judge("vehicles", { vehicleKeys: ["street_gt"] }, ["1:unknown"])).not.toBeNull();
  });

  it("reads bad options as their defaults instead of failing", () => {
    expect(formItemKinds.input.options.parse({ type: 7, maxLength: "long" })).toEqual({ type: undefined, maxLength: undefined });
    expect(formItemKinds.select.options.parse({ choices: [{ value: "a", label: "A" }, { nope: true }, "x"] })).toMatchObject({
      choices: [{ value: "a", label: "A" }],
    });
    expect(formItemKinds.select.options.parse({})).toMatchObject({ choices: [] });
  });

  it("builds the page schema with translated messages keyed by item uuid, skipping what it is told not to judge", () => {
    const name = item("input", {}, true);
    const file = item("upload", {}, true);
    const schema = bookingPageSchema({ items: [name, file] }, { today, translate: (key) => `t(${key})`, judges: (candidate) => candidate.kind !== "upload" });
    const result = schema.safeParse({ [name.uuid]: "" });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[[name.uuid], "t(validation.required)"]]);
    expect(schema.safeParse({ [name.uuid]: "Anna" }).success).toBe(true);
  });
});
