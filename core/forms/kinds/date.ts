import { z } from "zod";
import { problem, type FormItemKindModule } from "./kind-module";
import { dateBoundsOf, isRealDate } from "./plain-options";

/** A bound: a yyyy-mm-dd date or "today" (the operator's calendar date); anything else is no bound. */
const bound = z
  .union([z.literal("today"), z.string().refine(isRealDate)])
  .optional()
  .catch(undefined);
const options = z.looseObject({ min: bound, max: bound });

// What the bounds are (also in the browser before the page's check loads) is read without zod (decision 052).
export { dateBoundsOf };

/** A calendar date, sent as yyyy-mm-dd whatever the page's language shows, within its bounds. */
export const date = {
  options,
  answer: {
    blankMessage: "validation.required",
    schema: (item, today) => {
      const { min, max } = dateBoundsOf(item, today);
      return z
        .string(problem("validation.date"))
        .trim()
        .refine(isRealDate, { ...problem("validation.date"), abort: true })
        .refine((text) => !((min && text < min) || (max && text > max)), problem("validation.dateRange"));
    },
  },
} satisfies FormItemKindModule;
