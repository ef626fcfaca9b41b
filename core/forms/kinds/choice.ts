import { z } from "zod";
import type { PublicFormItem } from "../../contracts/forms";
import { choicesOption, optionsOf, problem, type AnswerRule } from "./kind-module";

/** Options of the kinds that offer choices. */
export const choiceOptions = z.looseObject({ choices: choicesOption });

/** The values an item offers. */
export const choiceValuesOf = (item: Pick<PublicFormItem, "options">) => optionsOf(choiceOptions, item).choices.map((choice) => choice.value);

/** One of the offered values (any text when the item offers none). Shared by radio, select and SMA. */
export const oneChoice: AnswerRule = {
  blankMessage: "validation.required",
  schema: (item) => {
    const allowed = choiceValuesOf(item);
    return z
      .string(problem("validation.choice"))
      .trim()
      .refine((text) => allowed.length === 0 || allowed.includes(text), problem("validation.choice"));
  },
};
