import { z } from "zod";
import { numberOption, optionsOf, problem, type FormItemKindModule } from "./kind-module";

const options = z.looseObject({
  /** "email" and "number" are checked; anything else is plain text. */
  type: z.enum(["text", "email", "number"]).optional().catch(undefined),
  maxLength: numberOption,
});

/** One line of text, an e-mail address or a number (written with a point or a comma). */
export const input = {
  options,
  answer: {
    blankMessage: "validation.required",
    schema: (item) => {
      const { type, maxLength = 2000 } = optionsOf(options, item);
      return z
        .string(problem("validation.required"))
        .trim()
        .max(maxLength, problem("validation.tooLong"))
        .refine((text) => type !== "email" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text), problem("validation.email"))
        .refine((text) => type !== "number" || /^-?\d+([.,]\d+)?$/.test(text), problem("validation.number"));
    },
  },
} satisfies FormItemKindModule;
