import { z } from "zod";
import type { PublicFormItem } from "../../contracts/forms";
import { isRealDate, optionsOf, problem, type FormItemKindModule } from "./kind-module";

/** A bound: a yyyy-mm-dd date or "today" (the operator's calendar date); anything else is no bound. */
const bound = z
  .union([z.literal("today"), z.string().refine(isRealDate)])
  .optional()
  .catch(undefined);
const options = z.looseObject({ min: bound, max: bound });

/** The item's bounds with "today" resolved, as the browser's picker and the server both use them. */
export function dateBoundsOf(item: Pick<PublicFormItem, "options">, today: string): { min: string | null; max: string | null } {
  const { min, max } = optionsOf(options, item);
  const resolve = (value: string | undefined) => (value === "today" ? today : (value ?? null));
  return { min: resolve(min), max: resolve(max) };
}

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
