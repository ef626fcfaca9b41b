import { useState, type InputHTMLAttributes, type ReactNode } from "react";

export const inputClass =
  "mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base font-normal text-ink shadow-sm outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20";
export const smallButton =
  "inline-flex min-h-9 items-center justify-center rounded-lg px-2.5 py-1.5 text-sm font-semibold text-navy-900 ring-1 ring-inset ring-navy-900/20 hover:bg-navy-50 disabled:cursor-not-allowed disabled:opacity-40";

/** The errors under a control, tied to it by `aria-describedby`. */
export function FieldErrors({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-danger-700">
      {messages.join(" ")}
    </p>
  );
}

/** A labelled text (or number, time) control, controlled by the builder's state. */
export function TextControl({
  id,
  label,
  value,
  onValue,
  errors,
  hint,
  multiline,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  errors?: readonly string[] | undefined;
  hint?: string | undefined;
  multiline?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange">) {
  const invalid = Boolean(errors?.length);
  const describedBy = [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const className = `${inputClass} ${invalid ? "border-danger-700" : "border-navy-900/20"}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          value={value}
          rows={3}
          lang={input.lang}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={className}
        />
      ) : (
        <input
          id={id}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={className}
          {...input}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      <FieldErrors id={`${id}-error`} messages={errors} />
    </div>
  );
}

export function CheckboxControl({ id, label, checked, onChecked }: { id: string; label: ReactNode; checked: boolean; onChecked: (checked: boolean) => void }) {
  return (
    <label htmlFor={id} className="flex min-h-9 items-center gap-2 text-sm text-ink">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChecked(event.target.checked)} className="size-4 accent-navy-900" />
      {label}
    </label>
  );
}

/** Several tick boxes under one legend (a fieldset), with the errors of the whole set. */
export function CheckboxGroup({
  id,
  legend,
  options,
  chosen,
  onChosen,
  errors,
  empty,
}: {
  id: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  chosen: readonly string[];
  onChosen: (values: string[]) => void;
  errors?: readonly string[] | undefined;
  empty: string;
}) {
  const invalid = Boolean(errors?.length);
  return (
    <fieldset aria-describedby={invalid ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-navy-900">{legend}</legend>
      {options.length === 0 && <p className="mt-1 text-sm text-ink-soft">{empty}</p>}
      <div className="mt-1 flex flex-wrap gap-x-4">
        {options.map((option) => (
          <CheckboxControl
            key={option.value}
            id={`${id}-${option.value.replace(/[^a-zA-Z0-9_-]/g, "-")}`}
            label={option.label}
            checked={chosen.includes(option.value)}
            onChecked={(checked) => onChosen(checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))}
          />
        ))}
      </div>
      <FieldErrors id={`${id}-error`} messages={errors} />
    </fieldset>
  );
}

export function SelectControl({
  id,
  label,
  value,
  onValue,
  options,
  errors,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  errors?: readonly string[] | undefined;
}) {
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={`${inputClass} ${invalid ? "border-danger-700" : "border-navy-900/20"}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-error`} messages={errors} />
    </div>
  );
}

/** Whole cents of an amount typed as "25", "25.5" or "25,50"; undefined when emptied, null when it is no amount. */
export function centsOfAmount(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const match = /^(\d{1,5})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * An amount of money edited as text: the text stays as typed while the field is edited (formatted on
 * every key press, "2" would become "2.00" before the "5" of "25" arrives), and `onCents` gets the
 * cents whenever the text is an amount (undefined when emptied). Leaving the field shows the amount kept.
 */
export function MoneyControl({
  cents,
  onCents,
  ...control
}: { cents: number | undefined; onCents: (cents: number | undefined) => void } & Omit<Parameters<typeof TextControl>[0], "value" | "onValue">) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <TextControl
      {...control}
      inputMode="decimal"
      value={typed ?? (cents === undefined ? "" : (cents / 100).toFixed(2))}
      onValue={(next) => {
        setTyped(next);
        const parsed = centsOfAmount(next);
        if (parsed !== null) onCents(parsed);
      }}
      onBlur={() => setTyped(null)}
    />
  );
}
