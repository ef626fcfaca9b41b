import type { TextareaHTMLAttributes } from "react";
import type { FieldState } from "../field";

/** The Field's multi-line sibling: label, hint and the localized error tied to the textarea. */
export function TextAreaField({
  field,
  label,
  hint,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "defaultValue"> & { field: FieldState; label: string; hint?: string | undefined }) {
  const shownError = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  const describedBy = [shownError ? field.errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={field.id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      <textarea
        {...textarea}
        key={field.key}
        id={field.id}
        name={field.name}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20 ${
          shownError ? "border-danger-700" : "border-navy-900/20"
        }`}
      />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      {shownError && (
        <p id={field.errorId} className="mt-1.5 text-sm font-medium text-danger-700">
          {shownError}
        </p>
      )}
    </div>
  );
}
