import { data } from "react-router";
import {
  listedBookingStatuses,
  paymentOptions,
  paymentStates,
  staffBookingSorts,
  staffBookingsQuerySchema,
  type StaffBookingRow,
} from "../../../../core/contracts/staff-bookings";
import { formatDateTime } from "../../../../core/domain/dates";
import { formatMoney } from "../../../../core/domain/money";
import { issueMessage } from "../../../../core/i18n/field-errors";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath, type Locale } from "../../../../core/i18n/locales";
import { webContext } from "../../../../server/load-context";
import {
  bookingsQueryInput,
  columnSort,
  hrefWith,
  sortableColumns,
  type BookingRowView,
  type ColumnSortLinks,
  type SortableColumn,
} from "../../../utils/admin-bookings-query";
import { pageLocale } from "../../../utils/auth.server";
import { eventFilterChoices, requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/bookings";
import { bulkBookingsAction } from "../../../utils/admin-bookings-bulk.server";

/** One row as the table shows it: amounts and dates formatted here, so server and browser render the same text. */
function rowView(row: StaffBookingRow, locale: Locale): BookingRowView {
  return {
    ...row,
    href: localizePath(`/admin/bookings/${row.uuid}`, locale),
    display: {
      submitted: row.submitted_at ? formatDateTime(row.submitted_at, locale) : null,
      total: formatMoney(row.total_cents, locale),
      paid: formatMoney(row.paid_cents, locale),
    },
  };
}

/** What the form shows: the address's own values, also when they could not be read. */
function formValues(params: URLSearchParams) {
  const input = bookingsQueryInput(params);
  const list = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []).flatMap((entry) => entry.split(","));
  const payment = list(input.payment);
  return {
    q: typeof input.q === "string" ? input.q : "",
    event: typeof input.event === "string" ? input.event : "",
    status: list(input.status),
    paymentOption: paymentOptions.find((option) => payment.includes(option)) ?? "",
    paymentState: paymentStates.find((state) => payment.includes(state)) ?? "",
    from: typeof input.from === "string" ? input.from : "",
    to: typeof input.to === "string" ? input.to : "",
    sort: typeof input.sort === "string" ? input.sort : "",
  };
}

/**
 * `/admin/bookings` (+ /de): the desk's list of submitted bookings (issue 13, decision 028). Search,
 * filters, sort and page are the address's parameters; the list is read by `services.staffBookings`.
 * An address the contract refuses shows the form with what was wrong (400) and no list.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const t = translatorFor(locale);
  const params = url.searchParams;
  const parsed = staffBookingsQuerySchema.safeParse(bookingsQueryInput(params));
  const choices = {
    events: await eventFilterChoices(web, actor, locale),
    statuses: listedBookingStatuses.map((status) => ({ value: status, label: t(`admin.bookings.statuses.${status}`) })),
    paymentOptions: paymentOptions.map((option) => ({ value: option, label: t(`admin.bookings.paymentOptions.${option}`) })),
    paymentStates: paymentStates.map((state) => ({ value: state, label: t(`admin.bookings.paymentStates.${state}`) })),
    sorts: staffBookingSorts.map((sort) => ({ value: sort, label: t(`admin.bookings.sorts.${sort}`) })),
  };
  const selection = {
    // The action posts to the list's own address: its filters, sort and page stay after the action.
    action: `${url.pathname}${url.search}`,
    exportAction: localizePath("/admin/bookings/export", locale),
    defaultDialect: locale === "de" ? ("excel-de" as const) : ("rfc4180" as const),
  };
  const base = { locale, form: formValues(params), choices, clearHref: url.pathname, selection };
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => `${t(`admin.bookings.${issueField(issue.path[0])}`)}: ${issueMessage(issue, locale)}`);
    return data({ ...base, errors, list: null }, { status: 400 });
  }
  const query = parsed.data;
  const result = await web.services.staffBookings.list(actor, { query, locale });
  const { page, page_count: pageCount, total } = result.meta;
  const sorts = Object.fromEntries(
    (Object.keys(sortableColumns) as SortableColumn[]).map((column) => {
      const sort = columnSort(column, query.sort);
      const linkSorts = sort.next.endsWith("_asc") ? "ascending" : "descending";
      return [column, { ariaSort: sort.ariaSort, href: hrefWith(url.pathname, params, { sort: sort.next, page: null }), linkSorts }];
    }),
  ) as ColumnSortLinks;
  return {
    ...base,
    errors: [] as string[],
    list: {
      rows: result.data.map((row) => rowView(row, locale)),
      total,
      page,
      pageCount,
      sorts,
      previousHref: page > 1 ? hrefWith(url.pathname, params, { page: page - 1 > 1 ? String(page - 1) : null }) : null,
      nextHref: page < pageCount ? hrefWith(url.pathname, params, { page: String(page + 1) }) : null,
    },
  };
}

/** The selection form's posts (decision 033): resend, cancel (after its confirmation), per booking an outcome. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const desk = await requireStaffDesk(url, web);
  return bulkBookingsAction(web, desk, { locale: pageLocale(url), form: await request.formData() });
}

/** The catalogue key of the form field a refused parameter belongs to. */
function issueField(name: PropertyKey | undefined): "searchLabel" | "event" | "status" | "from" | "to" | "sort" | "paymentOption" | "page" {
  switch (name) {
    case "q":
      return "searchLabel";
    case "event":
    case "status":
    case "from":
    case "to":
    case "sort":
      return name;
    case "payment":
      return "paymentOption";
    default:
      return "page";
  }
}
