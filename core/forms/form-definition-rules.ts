import type { FormDefinition, FormDefinitionItem } from "../contracts/form-definitions";
import { companionItemOptions, vehicleItemOptions } from "../domain/booking-choices";
import { formItemKinds } from "./kinds";
import { defaultLocale } from "../i18n/locales";

/**
 * The builder's checks of a whole form definition before it is saved or published (decision 036),
 * pure: the server translates the message keys. Errors are keyed `items.<uuid>.<field>`,
 * `pages.<uuid>.<field>` or `form`, each an array of messages (the spec's field errors).
 */
export type DefinitionMessage =
  | "formDefinition.labelMissing"
  | "formDefinition.titleMissing"
  | "formDefinition.nameMissing"
  | "formDefinition.nameTaken"
  | "formDefinition.uuidTaken"
  | "formDefinition.optionInvalid"
  | "formDefinition.choicesMissing"
  | "formDefinition.pricesMissing"
  | "formDefinition.priceUnknown"
  | "formDefinition.twoSmaItems"
  | "formDefinition.companionTypesMissing"
  | "formDefinition.vehicleKeyUnknown"
  | "formDefinition.parentInvalid";

export type DefinitionProblems = Record<string, DefinitionMessage[]>;

/** What the event offers: its price list's keys and its per-day resources' keys. */
export type DefinitionContext = { priceKeys: readonly string[]; resourceKeys: readonly string[] };

const choiceKinds = new Set<FormDefinitionItem["kind"]>(["radio", "select", "multiselect", "sma"]);

export function definitionProblems(definition: FormDefinition, context: DefinitionContext): DefinitionProblems {
  const problems: DefinitionProblems = {};
  const add = (key: string, message: DefinitionMessage) => {
    const list = problems[key] ?? [];
    if (!list.includes(message)) list.push(message);
    problems[key] = list;
  };
  const names = new Map<string, string>();
  const uuids = new Set<string>();
  let smaItems = 0;
  for (const page of definition.pages) {
    if (uuids.has(page.uuid)) add(`pages.${page.uuid}.uuid`, "formDefinition.uuidTaken");
    uuids.add(page.uuid);
    if (!page.title.en.trim()) add(`pages.${page.uuid}.title`, "formDefinition.titleMissing");
    const groupsOfPage = new Set(page.items.filter((item) => item.kind === "group").map((item) => item.uuid));
    for (const item of page.items) {
      const at = (field: string) => `items.${item.uuid}.${field}`;
      if (uuids.has(item.uuid)) add(at("uuid"), "formDefinition.uuidTaken");
      uuids.add(item.uuid);
      if (!item.label.en.trim()) add(at("label"), "formDefinition.labelMissing");
      if (!item.name.trim()) add(at("name"), "formDefinition.nameMissing");
      else if (names.has(item.name)) add(at("name"), "formDefinition.nameTaken");
      else names.set(item.name, item.uuid);
      if (item.parent_uuid !== null && (item.parent_uuid === item.uuid || !groupsOfPage.has(item.parent_uuid)))
        add(at("parent_uuid"), "formDefinition.parentInvalid");
      for (const key of replacedOptions(item)) add(at(`options.${key}`), "formDefinition.optionInvalid");
      if (choiceKinds.has(item.kind) && choiceCount(item) === 0) add(at("options.choices"), "formDefinition.choicesMissing");
      if (item.kind === "sma") smaItems += 1;
      if (item.kind === "price_list") {
        const keys = Array.isArray(item.options.priceKeys) ? item.options.priceKeys : [];
        if (keys.length === 0) add(at("options.priceKeys"), "formDefinition.pricesMissing");
        else if (keys.some((key) => typeof key !== "string" || !context.priceKeys.includes(key))) add(at("options.priceKeys"), "formDefinition.priceUnknown");
      }
      if (item.kind === "companion") {
        const { types } = companionItemOptions(item.options);
        // Each type's price (its `companion` row in the event's price list) is checked by `missingFormPrices` (price-list-rules.ts).
        if (types.length === 0) add(at("options.types"), "formDefinition.companionTypesMissing");
      }
      if (item.kind === "vehicles" || item.kind === "vehicles_per_day") {
        const { vehicleKeys } = vehicleItemOptions(item.kind, item.options);
        if (vehicleKeys.some((key) => !context.resourceKeys.includes(key))) add(at("options.vehicleKeys"), "formDefinition.vehicleKeyUnknown");
      }
    }
  }
  if (smaItems > 1) add("form", "formDefinition.twoSmaItems");
  return problems;
}

function choiceCount(item: FormDefinitionItem): number {
  const parsed = formItemKinds[item.kind].options.safeParse(item.options);
  const read: Record<string, unknown> = parsed.success ? parsed.data : {};
  const choices = read.choices;
  return Array.isArray(choices) ? choices.length : 0;
}

/**
 * The options the kind registry's schema would not keep as given. Those schemas never throw (a public
 * form must not break on an operator's typo): a bad value falls back to its default and malformed list
 * entries are left out. The builder refuses instead what would be silently replaced or dropped.
 */
export function replacedOptions(item: Pick<FormDefinitionItem, "kind" | "options">): string[] {
  const parsed = formItemKinds[item.kind].options.safeParse(item.options);
  if (!parsed.success) return ["options"];
  const read: Record<string, unknown> = parsed.data;
  return Object.entries(item.options).flatMap(([key, given]) => {
    // Kinds whose options are read into another shape (companions, vehicles) are judged by the rules above.
    if (!(key in read)) return [];
    const kept = read[key];
    if (Array.isArray(given)) return Array.isArray(kept) && kept.length === given.length ? [] : [key];
    // A text option may be given in every language ({ en, de, … }); the served form picks one before the kind reads it.
    if (isLocalizedText(given)) return [];
    if (given !== null && typeof given === "object") return kept !== null && typeof kept === "object" ? [] : [key];
    return Object.is(kept, given) ? [] : [key];
  });
}

function isLocalizedText(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value) && typeof (value as Record<string, unknown>)[defaultLocale] === "string";
}
