import type { InputHTMLAttributes, ReactNode } from "react";

export const inputClass = "mt-1 block w-full rounded-lg border border-navy-900/20 bg-white px-3 py-2 text-base font-normal text-ink";

/** One labelled control of the event edit page with its error below, tied to it for assistive technology. */
export function Input({
  name,
  label,
  error,
  children,
  ...input
}: { name: string; label: string; error?: string | undefined; children?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = `field-${name.replace(/\./g, "-")}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      {children ?? (
        <input
          id={id}
          name={name}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
