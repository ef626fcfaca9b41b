import type { ReactNode } from "react";

/**
 * The parts every back-office list page is made of, so each page says only what is its own: the
 * heading (the page's `h1`, which the layout's skip link and the focus after navigation aim at, its
 * introduction and an action such as "New …"), and the white card holding a list under its `h2`.
 */
export function AdminPageHeading({ title, intro, action }: { title: ReactNode; intro?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 id="page-title" className="font-display text-3xl font-bold text-navy-900">
          {title}
        </h1>
        {intro && <p className="mt-1 max-w-3xl text-ink-soft">{intro}</p>}
      </div>
      {action}
    </div>
  );
}

/** A list in its card: the heading names the table's scrolling region (`headingId`); an empty list says so instead. */
export function AdminListCard({
  headingId,
  heading,
  emptyText,
  children,
}: {
  headingId: string;
  heading: ReactNode;
  emptyText?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="rounded-2xl bg-white shadow-sm ring-1 ring-navy-900/10">
      <h2 id={headingId} className="px-5 pt-5 font-display text-xl font-semibold text-navy-900 sm:px-6">
        {heading}
      </h2>
      {emptyText ? <p className="px-5 pb-5 pt-2 text-ink-soft sm:px-6">{emptyText}</p> : children}
    </div>
  );
}
