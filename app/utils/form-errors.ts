import type { FieldErrors } from "../../core/contracts/errors";

/** Spec §4: clearing one field's error removes it; when none remain, the error state is empty. */
export function withoutFieldError(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}
