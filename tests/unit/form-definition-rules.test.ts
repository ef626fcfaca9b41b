import { describe, expect, it } from "vitest";
import type { FormDefinition, FormDefinitionItem } from "../../core/contracts/form-definitions";
import { definitionProblems, replacedOptions } from "../../core/forms/form-definition-rules";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const item = (n: number, kind: FormDefinitionItem["kind"], options: Record<string, unknown> = {}, name = `item_${n}`): FormDefinitionItem => ({
  uuid: uuid(n),
  parent_uuid: null,
  kind,
  name,
  label: { en: `Item ${n}`, de: `Element ${n}` },
  help: null,
  required: false,
  options,
});
const form = (...items: FormDefinitionItem[]): FormDefinition => ({ pages: [{ uuid: uuid(999), title: { en: "Page", de: "Seite" }, items }] });
const context = { priceKeys: ["participant", "non_playing", "porsche"], resourceKeys: ["porsche"] };

describe("the whole-form rules of the form builder (decision 036)", () => {
  it("accepts a sound form", () => {
    const sound = form(
      item(1, "input"),
      item(2, "radio", { choices: [{ value: "a", label: { en: "A", de: "A" } }] }),
      item(3, "companion", { types: ["non_playing"], maxCompanions: 2 }),
      item(4, "vehicles_per_day", { vehicleKeys: ["porsche"], days: [1] }),
      item(5, "price_list", { priceKeys: ["participant"] }),
      item(6, "html", { html: { en: "<p>Hi</p>", de: "<p>Hallo</p>" } }),
    );
    expect(definitionProblems(sound, context)).toEqual({});
  });

  it("names each broken rule at its item and field", () => {
    const problems = definitionProblems(
      form(
        item(1, "select", { choices: [] }),
        item(2, "price_list", { priceKeys: [] }),
        item(3, "companion", { types: [] }),
        item(4, "vehicles", { vehicleKeys: ["ferrari"] }),
        item(5, "input", {}, "item_1"),
        item(6, "sma", { choices: [{ value: "requested", label: "Yes" }] }),
        item(7, "sma", { choices: [{ value: "requested", label: "Yes" }] }),
        { ...item(8, "input"), label: { en: " " } },
      ),
      context,
    );
    expect(problems).toEqual({
      [`items.${uuid(1)}.options.choices`]: ["formDefinition.choicesMissing"],
      [`items.${uuid(2)}.options.priceKeys`]: ["formDefinition.pricesMissing"],
      [`items.${uuid(3)}.options.types`]: ["formDefinition.companionTypesMissing"],
      [`items.${uuid(4)}.options.vehicleKeys`]: ["formDefinition.vehicleKeyUnknown"],
      [`items.${uuid(5)}.name`]: ["formDefinition.nameTaken"],
      [`items.${uuid(8)}.label`]: ["formDefinition.labelMissing"],
      form: ["formDefinition.twoSmaItems"],
    });
  });

  it("refuses a price key the event lacks (a companion type's price is price-list-rules' to check, by kind and key)", () => {
    const problems = definitionProblems(form(item(1, "companion", { types: ["driver"] }), item(2, "price_list", { priceKeys: ["nope"] })), context);
    expect(problems[`items.${uuid(1)}.options.types`]).toBeUndefined();
    expect(problems[`items.${uuid(2)}.options.priceKeys`]).toEqual(["formDefinition.priceUnknown"]);
  });

  it("refuses options the kind's schema would silently replace with a default", () => {
    expect(replacedOptions({ kind: "upload", options: { accept: "video/mp4" } })).toEqual(["accept"]);
    expect(replacedOptions({ kind: "upload", options: { accept: ["video/mp4"] } })).toEqual([]);
    expect(replacedOptions({ kind: "radio", options: { choices: [{ value: "a", label: "A" }, 7] } })).toEqual(["choices"]);
  });
});
