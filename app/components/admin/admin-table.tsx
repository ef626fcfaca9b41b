import type { ReactNode } from "react";

/**
 * A back-office table in its own horizontally scrolling region (reachable by keyboard, named by the
 * section's heading); `relative`, so an sr-only header label inside cannot widen a phone's page.
 * The first header cell lines up with the section's padding.
 */
export function AdminTable({ labelledBy, minWidth, headers, children }: { labelledBy: string; minWidth: string; headers: ReactNode[]; children: ReactNode }) {
  return (
    <div className="relative mt-3 overflow-x-auto" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <thead className="border-y border-navy-900/10 bg-navy-50 text-xs uppercase tracking-wide text-ink-soft">
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col" className={index === 0 ? "px-5 py-2.5 sm:px-6" : "px-3 py-2.5"}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-900/10">{children}</tbody>
      </table>
    </div>
  );
}
