import { useEffect, useState } from "react";
import type { FieldErrors } from "../../core/contracts/errors";

/** Spec §4: clearing one field's error removes it; when none remain, the error state is empty. */
export function withoutFieldError(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}

export function firstError(errors: FieldErrors, field: string): string | undefined {
  return errors[field]?.[0];
}

/**
 * The server's errors of the last submission, per field. Typing in a field clears its error, as the
 * visitor is dealing with it; a new answer from the server replaces them all.
 */
export function useFieldErrors(fromServer: FieldErrors | undefined) {
  const [errors, setErrors] = useState<FieldErrors>(fromServer ?? {});
  useEffect(() => setErrors(fromServer ?? {}), [fromServer]);
  return {
    errors,
    clear: (field: string) => setErrors((current) => withoutFieldError(current, field)),
    hasErrors: Object.keys(errors).length > 0,
  };
}
