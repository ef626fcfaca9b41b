import { z } from "zod";
import type { FormItemKind, PublicFormItem } from "../../contracts/forms";
import type { VehicleChoiceProblem } from "../../domain/booking-choices";
import type { PostcodeProblem } from "../postcode";
import { maximumChoicePriceCents } from "./plain-options";

// The zod-free readings the browser needs first (decision 052) live in ./plain-options.ts.
export { isBlank, isCompletableLater, isRealDate, maximumChoicePriceCents } from "./plain-options";

export type { FormItemKind };

/** The message keys an answer's problem is reported with (translated when the answer is built). */
export type ValidationMessage =
  | "validation.required"
  | "validation.tooLong"
  | "validation.atMost100Characters"
  | "validation.email"
  | "validation.choice"
  | "validation.date"
  | "validation.dateRange"
  | "validation.time"
  | "validation.datetime"
  | "validation.country"
  | "validation.phone"
  | "validation.mustAccept"
  | "validation.number"
  | "validation.maxCompanions"
  | VehicleChoiceProblem
  | PostcodeProblem;

/** zod's issue option carrying a message key: typed here so a schema can only report known keys. */
export const problem = (key: ValidationMessage) => ({ error: key }) as const;

export type AnswerRule = {
  /** What a required item without an answer reports ("validation.mustAccept" for a checkbox). */
  blankMessage: ValidationMessage;
  /** True when the schema judges blank answers itself (vehicles: "required" depends on the days offered). */
  checksBlank?: boolean;
  /** The schema of one non-blank answer of this item; every issue's message is a ValidationMessage. */
  schema: (item: PublicFormItem, today: string) => z.ZodType;
};

/**
 * One form item kind: how its options are read (a zod schema that never throws: a bad option falls
 * back to its default, as an operator's typo must not break a public form) and how its answer is
 * validated. `answer: null` marks content and containers, which take no answer.
 */
export type FormItemKindModule = {
  options: z.ZodType<Record<string, unknown>>;
  answer: AnswerRule | null;
};

/** A kind's options read from an item: bad or missing values become their defaults. */
export function optionsOf<Options extends Record<string, unknown>>(schema: z.ZodType<Options>, item: Pick<PublicFormItem, "options">): Options {
  return schema.parse(item.options);
}

// A choice's price (decision 038) is whole, non-negative cents: anything else drops the choice, so the builder's save is refused.
const choiceSchema = z.object({ value: z.string(), label: z.unknown(), price_cents: z.number().int().min(0).max(maximumChoicePriceCents).optional() });
/** The offered choices of a radio, select, multiselect or SMA item; malformed entries are left out. */
export const choicesOption = z
  .array(z.unknown())
  .catch([])
  .transform((entries) =>
    entries.flatMap((entry) => {
      const parsed = choiceSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  )
  .optional()
  .transform((choices) => choices ?? []);

/** An optional number option: anything else is as if it were not set. */
export const numberOption = z.number().optional().catch(undefined);
/** An optional text option: anything else is as if it were not set. */
export const textOption = z.string().optional().catch(undefined);

/**
 * Options every kind understands, beside its own. `completableLater`: the item "may be completed
 * later": the booking can be submitted without it (even when required), and its answer may be given
 * on the "manage my booking" page until the form's deadline (decision 023).
 */
export const baseItemOptions = z.looseObject({ completableLater: z.boolean().optional().catch(undefined) });
