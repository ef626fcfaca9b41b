import { z } from "zod";
import { isRealDate, problem, type FormItemKindModule } from "./kind-module";

/** A date and time, yyyy-mm-ddThh:mm (as a browser's datetime-local field sends it). */
export const datetime = {
  options: z.looseObject({}),
  answer: {
    blankMessage: "validation.required",
    schema: () =>
      z
        .string(problem("validation.datetime"))
        .trim()
        .refine((text) => /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/.test(text) && isRealDate(text.slice(0, 10)), problem("validation.datetime")),
  },
} satisfies FormItemKindModule;
