import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../utils/use-translation";
import type { BookingRowView, ColumnSortLinks, SortableColumn } from "../../utils/admin-bookings-query";
import { BookingStatusBadge } from "./status-badge";

/**
 * The bookings list as a table (TanStack Table for the column model; the markup is ours, a real
 * <table>). Sorting and paging happen on the server: a sortable column's header is a link to the
 * same list in the other order, with `aria-sort` saying how it is sorted now. On a narrow screen
 * the table scrolls sideways inside its own focusable region, the page around it does not.
 */

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, BookingRowView>();

/** The link's name says what a click does: the opposite of the current order, or the column's first order. */
function SortHeader({ label, sort }: { label: string; sort: ColumnSortLinks[SortableColumn] }) {
  const { t } = useTranslation();
  return (
    <Link to={sort.href} className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
      {label}
      <span className="sr-only">, {t(sort.linkSorts === "ascending" ? "admin.bookings.sortAscending" : "admin.bookings.sortDescending")}</span>
      <span aria-hidden="true" className="text-ink-soft">
        {sort.ariaSort === "ascending" ? "▲" : sort.ariaSort === "descending" ? "▼" : "↕"}
      </span>
    </Link>
  );
}

export function BookingsTable({ rows, sorts, caption }: { rows: BookingRowView[]; sorts: ColumnSortLinks; caption: string }) {
  const { t } = useTranslation();
  const columns = useMemo(() => {
    const sortable = (column: SortableColumn, label: string) => () => <SortHeader label={label} sort={sorts[column]} />;
    return helper.columns([
      // The selection's checkboxes (decision 033): posted by the form around the table as `booking`.
      helper.accessor("code", {
        id: "select",
        header: () => <span className="sr-only">{t("admin.bookings.bulk.selectionLabel")}</span>,
        cell: (info) => (
          <input
            type="checkbox"
            name="booking"
            value={info.row.original.uuid}
            aria-label={t("admin.bookings.bulk.selectBooking", { code: info.getValue() ?? t("admin.bookings.noCode") })}
            className="h-5 w-5 accent-navy-800"
          />
        ),
      }),
      helper.accessor("code", {
        id: "code",
        header: sortable("code", t("admin.bookings.columns.code")),
        cell: (info) => (
          <Link
            to={info.row.original.href}
            className="whitespace-nowrap font-mono font-semibold text-navy-800 underline underline-offset-4 hover:text-navy-700"
          >
            {info.getValue() ?? t("admin.bookings.noCode")}
          </Link>
        ),
      }),
      helper.accessor((row) => row.display.submitted ?? "", {
        id: "submitted",
        header: sortable("submitted", t("admin.bookings.columns.submitted")),
        cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span>,
      }),
      helper.accessor((row) => row.event.title, { id: "event", header: () => t("admin.bookings.columns.event"), cell: (info) => info.getValue() }),
      helper.accessor((row) => row.main_participant.name, {
        id: "participant",
        header: sortable("participant", t("admin.bookings.columns.participant")),
        cell: (info) => (
          <>
            <span className="block font-semibold text-navy-900">{info.getValue()}</span>
            {info.row.original.main_participant.email && <span className="block break-words text-ink-soft">{info.row.original.main_participant.email}</span>}
          </>
        ),
      }),
      helper.accessor("places", { id: "places", header: () => t("admin.bookings.columns.places"), cell: (info) => info.getValue() }),
      helper.accessor((row) => row.display.total, {
        id: "money",
        header: sortable("money", t("admin.bookings.columns.money")),
        cell: (info) => (
          <>
            <span className="block whitespace-nowrap font-semibold text-navy-900">{info.getValue()}</span>
            <span className="block whitespace-nowrap text-ink-soft">{t("admin.bookings.paid", { amount: info.row.original.display.paid })}</span>
          </>
        ),
      }),
      helper.accessor("payment_option", {
        id: "paymentOption",
        header: () => t("admin.bookings.columns.paymentOption"),
        cell: (info) => (
          <>
            <span className="block whitespace-nowrap">{t(`admin.bookings.paymentOptions.${info.getValue() ?? "none"}`)}</span>
            <span className="block whitespace-nowrap text-ink-soft">{t(`admin.bookings.paymentStates.${info.row.original.payment_state}`)}</span>
          </>
        ),
      }),
      helper.accessor("status", {
        id: "status",
        header: () => t("admin.bookings.columns.status"),
        cell: (info) => <BookingStatusBadge status={info.getValue()} />,
      }),
    ]);
  }, [sorts, t]);
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.uuid });
  const ariaSortOf = (id: string): "ascending" | "descending" | "none" | undefined => (id in sorts ? sorts[id as SortableColumn].ariaSort : undefined);
  return (
    <div
      role="region"
      aria-label={t("admin.bookings.tableRegion")}
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-navy-900/10"
    >
      <table className="w-full min-w-[60rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-navy-50 text-xs uppercase tracking-wide text-navy-900">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={ariaSortOf(header.column.id)}
                  className={header.column.id === "select" ? "w-0 py-3 pl-4 pr-0" : "whitespace-nowrap px-4 py-3 font-semibold"}
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-navy-900/10">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="align-top hover:bg-navy-50/60">
              {row.getAllCells().map(
                (cell): ReactNode => (
                  <td key={cell.id} className={cell.column.id === "select" ? "py-3 pl-4 pr-0" : "px-4 py-3"}>
                    <table.FlexRender cell={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
