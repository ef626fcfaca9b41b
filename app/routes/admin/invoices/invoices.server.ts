import { data } from "react-router";
import { invoiceExportPaths, invoiceListStatuses, staffInvoicesQuerySchemaFor, type StaffInvoiceRow } from "../../../../core/contracts/staff-invoices";
import { formatDate, operatorToday } from "../../../../core/domain/dates";
import { formatMoney } from "../../../../core/domain/money";
import { issueMessage } from "../../../../core/i18n/field-errors";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath, type Locale } from "../../../../core/i18n/locales";
import { eventFilterChoices, openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/invoices";

const percent = (basisPoints: number, locale: Locale) => new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB").format(basisPoints / 100);

/** One document as the table and the phone list show it, formatted here so server and browser render the same text. */
function rowView(row: StaffInvoiceRow, locale: Locale) {
  const t = translatorFor(locale);
  const vat =
    row.vat.treatment === "per_line"
      ? row.vat.rates
          .map((part) => t("admin.invoices.vatPart", { rate: percent(part.rate_basis_points, locale), amount: formatMoney(part.vat_cents, locale) }))
          .join(" · ")
      : row.vat.treatment === "margin_scheme"
        ? t("admin.invoices.marginScheme")
        : t("admin.invoices.vatUnknown");
  const title = t(`invoices.kind.${row.kind}`, { number: row.number });
  return {
    uuid: row.uuid,
    number: row.number,
    kind: t(`admin.invoices.kinds.${row.kind}`),
    cancellation: row.kind === "cancellation",
    title,
    issued: formatDate(row.issued_on, locale),
    bookingCode: row.booking.code,
    bookingHref: localizePath(`/admin/bookings/${row.booking.uuid}`, locale),
    pdfHref: localizePath(`/admin/invoices/${row.uuid}/pdf`, locale),
    customer: row.customer.name,
    company: row.customer.company,
    event: row.event.title,
    gross: formatMoney(row.gross_cents, locale),
    vat,
    note: row.cancels
      ? t("admin.invoices.cancels", { number: row.cancels })
      : row.cancelled_by
        ? t("admin.invoices.cancelledBy", { number: row.cancelled_by })
        : null,
  };
}
export type InvoiceRowView = ReturnType<typeof rowView>;

/** The address with some parameters replaced (null: removed). */
function hrefWith(pathname: string, params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * `/admin/invoices` (+ /de): the accountant's list (issue 28, decision 069). Period, event and status
 * are the address's parameters (default: the current month, every document); the export links carry
 * the same filters. A refused address shows the form with what was wrong (400) and no list.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  const t = translatorFor(locale);
  const params = url.searchParams;
  const input = Object.fromEntries(["from", "to", "event", "status", "page"].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));
  const parsed = staffInvoicesQuerySchemaFor(operatorToday(web.services.now())).safeParse(input);
  const choices = {
    events: await eventFilterChoices(web, actor, locale),
    statuses: invoiceListStatuses.map((status) => ({ value: status, label: t(`admin.invoices.statuses.${status}`) })),
  };
  const form = {
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    event: params.get("event") ?? "",
    status: params.get("status") ?? "all",
  };
  const base = { locale, choices, clearHref: url.pathname, datevConfigured: web.services.staffInvoices.datevConfigured };
  if (!parsed.success) {
    const errors = parsed.error.issues.map(
      (issue) =>
        `${t(`admin.invoices.${issue.path[0] === "from" ? "from" : issue.path[0] === "event" ? "event" : issue.path[0] === "status" ? "status" : "to"}`)}: ${issueMessage(issue, locale)}`,
    );
    return data({ ...base, form, errors, list: null }, { status: 400 });
  }
  const query = parsed.data;
  const result = await web.services.staffInvoices.list(actor, { query, locale });
  const { page, page_count: pageCount, totals } = result.meta;
  const filters = new URLSearchParams({ from: query.from, to: query.to, status: query.status, ...(query.event ? { event: query.event } : {}) });
  const exportHref = (path: string, extra: Record<string, string> = {}) =>
    `${localizePath(`/admin/invoices/${path}`, locale)}?${new URLSearchParams({ ...Object.fromEntries(filters), ...extra }).toString()}`;
  return {
    ...base,
    form: { ...form, from: query.from, to: query.to, status: query.status },
    errors: [] as string[],
    list: {
      rows: result.data.map((row) => rowView(row, locale)),
      found: t("admin.invoices.found", { count: result.meta.total, from: formatDate(query.from, locale), to: formatDate(query.to, locale) }),
      page,
      pageCount,
      previousHref: page > 1 ? hrefWith(url.pathname, params, { page: page - 1 > 1 ? String(page - 1) : null }) : null,
      nextHref: page < pageCount ? hrefWith(url.pathname, params, { page: String(page + 1) }) : null,
      totals: {
        invoiced: formatMoney(totals.invoiced_cents, locale),
        cancelled: formatMoney(-totals.cancelled_cents, locale),
        net: formatMoney(totals.net_cents, locale),
        vat: totals.vat.map((part) => ({
          label: t("admin.invoices.totals.vat", { rate: percent(part.rate_basis_points, locale) }),
          amount: formatMoney(part.vat_cents, locale),
          of: t("admin.invoices.totals.vatOf", { gross: formatMoney(part.gross_cents, locale) }),
        })),
        marginScheme: totals.margin_scheme_cents !== 0 ? formatMoney(totals.margin_scheme_cents, locale) : null,
      },
      exports: {
        csv: exportHref(invoiceExportPaths.csv, { dialect: locale === "de" ? "excel-de" : "rfc4180" }),
        datev: exportHref(invoiceExportPaths.datev),
      },
    },
  };
}
