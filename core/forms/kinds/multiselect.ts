import { z } from "zod";
import { choiceOptions, choiceValuesOf } from "./choice";
import { problem, type FormItemKindModule } from "./kind-module";

/** Any number of the offered choices, as tick boxes. */
export const multiselect = {
  options: choiceOptions,
  answer: {
    blankMessage: "validation.required",
    schema: (item) => {
      const allowed = choiceValuesOf(item);
      return z.array(
        z.string(problem("validation.choice")).refine((value) => allowed.includes(value), problem("validation.choice")),
        problem("validation.choice"),
      );
    },
  },
} satisfies FormItemKindModule;
