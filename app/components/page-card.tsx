import type { ReactNode } from "react";

/** A centered white card with a heading: the frame of the account pages. */
export function PageCard({ title, intro, children, wide = false }: { title: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <section className={`mx-auto px-4 py-10 sm:px-6 sm:py-16 ${wide ? "max-w-3xl" : "max-w-lg"}`} aria-labelledby="page-title">
      <h1 id="page-title" className="text-balance font-display text-3xl font-bold text-navy-900 sm:text-4xl">
        {title}
      </h1>
      {intro && <div className="mt-3 text-base leading-relaxed text-ink-soft">{intro}</div>}
      <div className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-8">{children}</div>
    </section>
  );
}
