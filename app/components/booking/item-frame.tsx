import type { ReactNode } from "react";

export const controlClasses = (error?: string) =>
  `mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none transition focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20 ${
    error ? "border-danger-700" : "border-navy-900/20"
  }`;

export const describedBy = (id: string, error?: string, help?: string | null) =>
  [error ? `${id}-error` : null, help ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

export function RequiredMark({ required }: { required: boolean }) {
  if (!required) return null;
  return (
    <span aria-hidden="true" className="text-danger-700">
      {" "}
      *
    </span>
  );
}

export function Hint({ id, help }: { id: string; help?: string | null | undefined }) {
  if (!help) return null;
  return (
    <p id={`${id}-hint`} className="mt-1.5 text-xs text-ink-soft">
      {help}
    </p>
  );
}

export function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger-700">
      {error}
    </p>
  );
}

type FrameProps = { id: string; label: string; required: boolean; help?: string | null | undefined; error?: string | undefined; children: ReactNode };

/** A labelled single control with its hint and error tied to it (`aria-describedby`). */
export function ItemFrame({ id, label, required, help, error, children }: FrameProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
        <RequiredMark required={required} />
      </label>
      {children}
      <Hint id={id} help={help} />
      <ErrorText id={id} error={error} />
    </div>
  );
}

/** A group of choices (radio buttons, check boxes): a fieldset whose legend is the question. */
export function ChoiceGroup({ id, label, required, help, error, children }: FrameProps) {
  return (
    // The id (and tabIndex) let the error summary's link lead here and focus the group.
    <fieldset id={id} tabIndex={-1} className="outline-none" aria-describedby={describedBy(id, error, help)} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-navy-900">
        {label}
        <RequiredMark required={required} />
      </legend>
      <Hint id={id} help={help} />
      <div className="mt-2 space-y-2">{children}</div>
      <ErrorText id={id} error={error} />
    </fieldset>
  );
}
