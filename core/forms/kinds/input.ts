import { z } from "zod";
import type { PublicFormItem } from "../../contracts/forms";
import { numberOption, optionsOf, problem, type FormItemKindModule, type ValidationMessage } from "./kind-module";

const options = z.looseObject({
  /** "email" and "number" are checked; anything else is plain text. */
  type: z.enum(["text", "email", "number"]).optional().catch(undefined),
  maxLength: numberOption,
});

/**
 * The message of a text over its limit. Messages travel as catalogue keys without numbers, so the
 * limit of people's names (100) has its own text, "At most 100 characters"; other limits say "too long".
 */
const tooLongMessage = (maxLength: number): ValidationMessage => (maxLength === 100 ? "validation.atMost100Characters" : "validation.tooLong");

/** The length limit of a text answer: the item's `maxLength`, else 2000 characters. */
export const maximumLengthOf = (item: Pick<PublicFormItem, "options">): number => optionsOf(options, item).maxLength ?? 2000;

/** One line of text, an e-mail address or a number (written with a point or a comma). */
export const input = {
  options,
  answer: {
    blankMessage: "validation.required",
    schema: (item) => {
      const { type } = optionsOf(options, item);
      const maxLength = maximumLengthOf(item);
      return z
        .string(problem("validation.required"))
        .trim()
        .max(maxLength, problem(tooLongMessage(maxLength)))
        .refine((text) => type !== "email" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text), problem("validation.email"))
        .refine((text) => type !== "number" || /^-?\d+([.,]\d+)?$/.test(text), problem("validation.number"));
    },
  },
} satisfies FormItemKindModule;
