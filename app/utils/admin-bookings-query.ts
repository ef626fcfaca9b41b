import type { StaffBookingRow, StaffBookingSort } from "../../core/contracts/staff-bookings";

/**
 * The bookings list keeps its search, filters, sort and page in the address (a GET form, so it works
 * without scripts and a link or reload shows the same list). Pure: shared by the loader and its tests.
 */

/** The address's parameters as the list's contract reads them; an empty form field means "not set". */
export function bookingsQueryInput(params: URLSearchParams): Record<string, string | string[] | undefined> {
  const one = (name: string) => params.get(name)?.trim() || undefined;
  const many = (name: string) => {
    const values = params.getAll(name).filter((value) => value.trim() !== "");
    return values.length ? values : undefined;
  };
  return {
    q: one("q"),
    event: one("event"),
    status: many("status"),
    payment: many("payment"),
    from: one("from"),
    to: one("to"),
    sort: one("sort"),
    page: one("page"),
  };
}

/** The columns whose header sorts the list, each with its two orders and the one a first click asks for. */
export const sortableColumns = {
  code: { ascending: "code_asc", descending: "code_desc", first: "code_asc" },
  submitted: { ascending: "submitted_asc", descending: "submitted_desc", first: "submitted_desc" },
  participant: { ascending: "name_asc", descending: "name_desc", first: "name_asc" },
  money: { ascending: "total_asc", descending: "total_desc", first: "total_desc" },
} as const satisfies Record<string, { ascending: StaffBookingSort; descending: StaffBookingSort; first: StaffBookingSort }>;
export type SortableColumn = keyof typeof sortableColumns;

export type ColumnSort = {
  /** `aria-sort` of the column's header. */
  ariaSort: "ascending" | "descending" | "none";
  /** The order its header link asks for: the other direction when the list is already sorted by it. */
  next: StaffBookingSort;
};

export function columnSort(column: SortableColumn, current: StaffBookingSort): ColumnSort {
  const orders = sortableColumns[column];
  if (current === orders.ascending) return { ariaSort: "ascending", next: orders.descending };
  if (current === orders.descending) return { ariaSort: "descending", next: orders.ascending };
  return { ariaSort: "none", next: orders.first };
}

/** `pathname?…` with some parameters replaced or removed (`null`), the others kept in their order. */
export function hrefWith(pathname: string, params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** One row of the table as the loader hands it over: links made and amounts and dates formatted on the server. */
export type BookingRowView = StaffBookingRow & {
  href: string;
  display: { submitted: string | null; total: string; paid: string };
};

/** Per sortable column: its header's `aria-sort` and the address its link leads to. */
export type ColumnSortLinks = Record<SortableColumn, { ariaSort: ColumnSort["ariaSort"]; href: string; linkSorts: "ascending" | "descending" }>;
