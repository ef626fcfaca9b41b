import type { z } from "zod";
import type { PublicFormItem } from "../../contracts/forms";
import { checkbox } from "./checkbox";
import { companion } from "./companion";
import { countrySelect } from "./country-select";
import { date } from "./date";
import { datetime } from "./datetime";
import { file } from "./file";
import { group } from "./group";
import { headline } from "./headline";
import { html } from "./html";
import { image } from "./image";
import { input, maximumLengthOf } from "./input";
import { internationalPhone } from "./international-phone";
import { baseItemOptions, isBlank, isCompletableLater, type FormItemKind, type FormItemKindModule, type ValidationMessage } from "./kind-module";
import { multiselect } from "./multiselect";
import { nationalitySelect } from "./nationality-select";
import { priceList } from "./price-list";
import { radio } from "./radio";
import { select } from "./select";
import { sma } from "./sma";
import { textarea } from "./textarea";
import { time } from "./time";
import { upload } from "./upload";
import { vehicles } from "./vehicles";
import { vehiclesPerDay } from "./vehicles-per-day";
import { wysiwyg } from "./wysiwyg";

export type { FormItemKind, FormItemKindModule, ValidationMessage };
export { baseItemOptions, isCompletableLater };

/**
 * Every form item kind, one module each. `satisfies Record<FormItemKind, …>` makes a kind added to
 * the contract's enum a compile error here until its module exists (and the web's renderer map in
 * app/components/booking/kinds/index.ts likewise); nothing switches over kinds with a default.
 */
export const formItemKinds = {
  checkbox,
  companion,
  date,
  datetime,
  file,
  group,
  headline,
  html,
  image,
  input,
  international_phone: internationalPhone,
  multiselect,
  price_list: priceList,
  radio,
  select,
  country_select: countrySelect,
  nationality_select: nationalitySelect,
  sma,
  textarea,
  time,
  upload,
  vehicles,
  vehicles_per_day: vehiclesPerDay,
  wysiwyg,
} satisfies Record<FormItemKind, FormItemKindModule>;

/** The values a problem's text needs: a text over its limit names the limit (i18next's `count`; issue 32). */
export function messageValues(item: PublicFormItem, message: ValidationMessage): { count: number } | undefined {
  if (message !== "validation.tooLong" || (item.kind !== "input" && item.kind !== "textarea")) return undefined;
  return { count: maximumLengthOf(item) };
}

/** Whether items of this kind take an answer (content and containers do not). */
export function takesAnswer(item: Pick<PublicFormItem, "kind">): boolean {
  return formItemKinds[item.kind].answer !== null;
}

/**
 * The problem with one answer, or null. `today` is the operator's calendar date (date bounds). An
 * item that may be completed later is never missing: it can be answered after checkout.
 */
export function validateAnswer(item: PublicFormItem, value: unknown, today: string): ValidationMessage | null {
  const rule: FormItemKindModule["answer"] = formItemKinds[item.kind].answer;
  if (!rule) return null;
  if (!rule.checksBlank && isBlank(value)) return item.required && !isCompletableLater(item) ? rule.blankMessage : null;
  const result = answerSchema(rule, item, today).safeParse(value);
  // Every message a kind's schema reports is a ValidationMessage (built with `problem()`).
  return result.success ? null : ((result.error.issues[0]?.message ?? "validation.required") as ValidationMessage);
}

/**
 * A kind's schema depends on the item's kind, options and `required`, and on today (date bounds): built
 * once per item and day, not on every answer checked (building a zod schema costs more than checking
 * with it; a sale rush checks every page of every booking). Keyed by the options object, so a form
 * dropped from the read cache takes its schemas with it.
 */
const answerSchemas = new WeakMap<object, Map<string, z.ZodType>>();

function answerSchema(rule: NonNullable<FormItemKindModule["answer"]>, item: PublicFormItem, today: string): z.ZodType {
  const key = `${item.kind}|${item.required}|${today}`;
  let byKey = answerSchemas.get(item.options);
  const known = byKey?.get(key);
  if (known) return known;
  if (!byKey || byKey.size >= 8) answerSchemas.set(item.options, (byKey = new Map()));
  const schema = rule.schema(item, today);
  byKey.set(key, schema);
  return schema;
}
