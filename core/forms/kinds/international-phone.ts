import { isValidPhoneNumber, type CountryCode } from "libphonenumber-js";
import { z } from "zod";
import { optionsOf, problem, type FormItemKindModule } from "./kind-module";

const options = z.looseObject({
  /** The country a number without "+" is read in. */
  defaultCountry: z.string().optional().catch(undefined),
});

/** A telephone number in international form, or national form of the item's default country. */
export const internationalPhone = {
  options,
  answer: {
    blankMessage: "validation.required",
    schema: (item) => {
      const country = optionsOf(options, item).defaultCountry as CountryCode | undefined;
      return z
        .string(problem("validation.phone"))
        .trim()
        .refine((text) => text.length <= 30 && isValidPhoneNumber(text, country), problem("validation.phone"));
    },
  },
} satisfies FormItemKindModule;
