import { z } from "zod";
import type { PublicFormItem } from "../contracts/forms";
import { messageValues, validateAnswer, type ValidationMessage } from "./kinds";
import { hiddenItemUuids, optionalItemUuids } from "./page-rules";
import { postcodeCountryItems, postcodeProblem } from "./postcode";

export type ItemErrors = Record<string, ValidationMessage[]>;

type PageSchemaOptions = {
  /** The operator's calendar date ("today" bounds of date items). */
  today: string;
  /** Turns a message key (and its values: a limit) into the page language's text; without it the issues carry the keys. */
  translate?: (key: ValidationMessage, values?: { count: number }) => string;
  /** Only these items are judged (the browser leaves out answers it cannot see: uploads, companions). */
  judges?: (item: PublicFormItem) => boolean;
};

/**
 * The zod schema of one booking page's answers (keyed by item uuid), built from the kind registry:
 * the server validates a page save with it and the browser validates the same page before it posts.
 * Items hidden by an unticked checkbox are skipped, items made optional by a chosen one
 * (`notRequiredWhen`) need no answer; each issue's path is the item uuid.
 */
export function bookingPageSchema(page: { items: PublicFormItem[] }, { today, translate, judges }: PageSchemaOptions) {
  return z.record(z.string(), z.unknown()).superRefine((answers, context) => {
    const hidden = hiddenItemUuids(page.items, answers);
    const optional = optionalItemUuids(page.items, answers);
    for (const item of page.items) {
      if (hidden.has(item.uuid) || (judges && !judges(item))) continue;
      const found = judgeItem(page.items, item, answers, optional, today);
      if (found) context.addIssue({ code: "custom", path: [item.uuid], message: translate ? translate(found, messageValues(item, found)) : found });
    }
  });
}

/** One item's problem on its page: its kind's rules, then, for a postcode, the format of the country chosen beside it. */
function judgeItem(
  items: PublicFormItem[],
  item: PublicFormItem,
  answers: Record<string, unknown>,
  optional: Set<string>,
  today: string,
): ValidationMessage | null {
  const found = validateAnswer(optional.has(item.uuid) ? { ...item, required: false } : item, answers[item.uuid], today);
  const value = answers[item.uuid];
  if (found || typeof value !== "string" || value.trim() === "") return found;
  const pairs = postcodeCountryItems(items);
  if (!pairs.has(item.uuid)) return null;
  const countryUuid = pairs.get(item.uuid);
  const country = countryUuid ? answers[countryUuid] : null;
  return postcodeProblem(value, typeof country === "string" ? country : null);
}

/** Errors of one page's answers as message keys, keyed by item uuid; empty when the page is complete. */
export function validatePage(items: PublicFormItem[], answers: Record<string, unknown>, today: string): ItemErrors {
  // The same rules as bookingPageSchema, without a zod schema around them (the server checks every save).
  const hidden = hiddenItemUuids(items, answers);
  const optional = optionalItemUuids(items, answers);
  const errors: ItemErrors = {};
  for (const item of items) {
    if (hidden.has(item.uuid)) continue;
    const found = judgeItem(items, item, answers, optional, today);
    if (found) errors[item.uuid] = [found];
  }
  return errors;
}

/** The page's errors in words, keyed by item uuid: each key translated with its values (a text's limit; issue 32). */
export function itemErrorTexts(
  items: PublicFormItem[],
  errors: ItemErrors,
  translate: (key: ValidationMessage, values?: { count: number }) => string,
): Record<string, string[]> {
  const byUuid = new Map(items.map((item) => [item.uuid, item]));
  return Object.fromEntries(
    Object.entries(errors).map(([uuid, keys]) => {
      const item = byUuid.get(uuid);
      return [uuid, keys.map((key) => translate(key, item ? messageValues(item, key) : undefined))];
    }),
  );
}
