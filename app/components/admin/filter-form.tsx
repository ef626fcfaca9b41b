import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "../button";

/** The look of a filter form's inputs and selects. */
export const filterControl =
  "mt-1 block w-full rounded-lg border border-navy-900/20 bg-white px-3 py-2 text-sm text-ink shadow-sm outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20";

/** A filter's label above its control (`id` is the control's). */
export function Labelled({ id, label, children, className = "" }: { id: string; label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A select of the filter's choices; `blank` is the first choice meaning "any". */
export function Choices({
  id,
  name,
  value,
  blank,
  options,
}: {
  id: string;
  name: string;
  value: string;
  blank?: string;
  options: { value: string; label: string }[];
}) {
  return (
    <select id={id} name={name} defaultValue={value} className={filterControl}>
      {blank !== undefined && <option value="">{blank}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * A back-office list's search and filters as one GET form: submitting writes them into the address
 * (page 1), so the list works without scripts, survives a reload and can be linked to; "clear" is a
 * link to the list without them.
 */
export function FilterForm({
  label,
  apply,
  clear,
  clearHref,
  more,
  children,
}: {
  label: string;
  apply: string;
  clear: string;
  clearHref: string;
  /**
   * Filters folded away under a summary (a phone showed two screens of filters before the list: issue
   * 32), open when one of them is set. A closed `<details>` still sends its fields, and needs no script.
   */
  more?: { summary: string; open: boolean; children: ReactNode };
  children: ReactNode;
}) {
  // A new address (a link, back, a submitted search) gives the uncontrolled fields their values afresh.
  const { search } = useLocation();
  return (
    <Form key={search} method="get" role="search" aria-label={label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
      {more && (
        <details open={more.open} className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold text-navy-800 underline-offset-4 hover:underline">{more.summary}</summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{more.children}</div>
        </details>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button type="submit">{apply}</Button>
        <Link to={clearHref} className="text-sm font-semibold text-navy-800 underline underline-offset-4 hover:text-navy-700">
          {clear}
        </Link>
      </div>
    </Form>
  );
}
