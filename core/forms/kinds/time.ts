import { z } from "zod";
import { numberOption, problem, textOption, type FormItemKindModule } from "./kind-module";

/** A time of day, hh:mm (24 hours). */
export const time = {
  options: z.looseObject({ min: textOption, max: textOption, stepMinutes: numberOption }),
  answer: {
    blankMessage: "validation.required",
    schema: () =>
      z
        .string(problem("validation.time"))
        .trim()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, problem("validation.time")),
  },
} satisfies FormItemKindModule;
