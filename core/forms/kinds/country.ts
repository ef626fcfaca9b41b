import countries from "i18n-iso-countries";
import { z } from "zod";
import { problem, textOption, type AnswerRule } from "./kind-module";

/** Options of the country kinds: the code chosen before the visitor chooses. */
export const countryOptions = z.looseObject({ default: textOption });

/** An ISO 3166-1 alpha-2 code that exists ("DE"), shared by the country and nationality kinds. */
export const countryCode: AnswerRule = {
  blankMessage: "validation.required",
  schema: () =>
    z
      .string(problem("validation.country"))
      .trim()
      .refine((text) => /^[A-Z]{2}$/.test(text) && countries.isValid(text), problem("validation.country")),
};
