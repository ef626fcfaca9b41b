import type { InputHTMLAttributes } from "react";

/** What the Field needs of a Conform field (`fields.email` of `useForm`): its name, ids, errors and value. */
export type FieldState = {
  id: string;
  name: string;
  errorId: string;
  errors?: string[] | undefined;
  initialValue?: unknown;
  key?: string | undefined;
};

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "defaultValue"> & {
  /** A field of a Conform form: name, ids, error and the value typed last come from it. */
  field: FieldState;
  label: string;
  hint?: string;
};

/** A labelled input whose error (the localized catalogue text) and hint are tied to it for assistive technology. */
export function Field({ field, label, hint, required, className, ...input }: FieldProps) {
  const { id, errorId } = field;
  const hintId = `${id}-hint`;
  const shownError = field.errors?.[0];
  const initialValue = typeof field.initialValue === "string" ? field.initialValue : undefined;
  // A caller's own description (the password rules) is kept beside the error and the hint.
  const describedBy = [shownError ? errorId : null, hint ? hintId : null, input["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger-700">
            {" "}
            *
          </span>
        )}
      </label>
      <input
        {...input}
        key={field.key}
        id={id}
        name={field.name}
        defaultValue={initialValue}
        required={required}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none transition focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20 ${
          shownError ? "border-danger-700" : "border-navy-900/20"
        }`}
      />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      {shownError && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger-700">
          {shownError}
        </p>
      )}
    </div>
  );
}

/** A message from the server above a form: success (polite) or failure (assertive). */
export function FormMessage({ tone, children }: { tone: "success" | "error" | "info"; children: React.ReactNode }) {
  const styles = {
    success: "bg-success-50 text-success-700 ring-success-700/20",
    error: "bg-danger-50 text-danger-700 ring-danger-700/20",
    info: "bg-navy-50 text-navy-900 ring-navy-900/15",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-xl px-4 py-3 text-sm font-medium ring-1 ring-inset ${styles[tone]}`}>
      {children}
    </div>
  );
}
