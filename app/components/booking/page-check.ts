import type { FieldErrors } from "../../../core/contracts/errors";
import type { PublicFormItem } from "../../../core/contracts/forms";
import { bookingPageSchema } from "../../../core/forms/booking-page-schema";
import type { ValidationMessage } from "../../../core/forms/kinds";

/**
 * The booking page's check in the browser: the same schema as the server's page save
 * (core/forms/booking-page-schema.ts), in the page's language. Its own module, with zod, loaded once
 * the visitor interacts with the page (decision 052): null when the answers pass.
 */
export function checkPage(
  page: { items: PublicFormItem[] },
  answers: Record<string, unknown>,
  options: { today: string; translate: (key: ValidationMessage, values?: { count: number }) => string; judges: (item: PublicFormItem) => boolean },
): FieldErrors | null {
  const result = bookingPageSchema(page, options).safeParse(answers);
  if (result.success) return null;
  const found: FieldErrors = {};
  for (const issue of result.error.issues) if (typeof issue.path[0] === "string") found[issue.path[0]] = [issue.message];
  return found;
}
