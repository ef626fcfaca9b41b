import { useId, type InputHTMLAttributes } from "react";

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  /** Called when the visitor edits the field: its server error no longer applies. */
  onEdit?: (name: string) => void;
};

/** A labelled input whose error and hint are tied to it for assistive technology. */
export function Field({ name, label, error, hint, required, onEdit, className, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
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
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onInput={() => onEdit?.(name)}
        className={`mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none transition focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20 ${
          error ? "border-danger-700" : "border-navy-900/20"
        }`}
      />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger-700">
          {error}
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
