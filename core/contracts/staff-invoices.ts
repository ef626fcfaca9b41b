import { z } from "zod";
import { invoiceKinds } from "../domain/invoice-corrections";
import { addDays } from "../domain/dates";

/**
 * The accountant's invoice list (issue 28, decision 069): `GET api/staff/invoices` lists every issued
 * invoice and cancellation invoice of a period (by issue date), event and status, with the period's
 * totals; `GET api/staff/invoices/export.csv` and `…/export-datev.csv` are the same list as a CSV and
 * as a DATEV booking batch (EXTF, revenue and the period's payments and refunds). Staff only.
 */

/**
 * `standing`: invoices no cancellation invoice has cancelled; `cancelled`: invoices that were
 * cancelled; `cancellations`: the cancellation invoices; `all`: every document.
 */
export const invoiceListStatuses = ["all", "standing", "cancelled", "cancellations"] as const;
export type InvoiceListStatus = (typeof invoiceListStatuses)[number];

export const staffInvoicesPageSize = 100;
/** One period is at most a year: a DATEV batch never spans more than one fiscal year, and a page's sums stay cheap. */
export const maximumInvoicePeriodDays = 366;

const isoDate = z.iso.date({ message: "validation.date" });

/**
 * `from`/`to`: issue dates, both included (the operator's calendar). Without them: the month of `today`
 * (the caller passes the operator's day). `event`: one event's bookings. `page`: 100 rows a page.
 */
export function staffInvoicesQuerySchemaFor(today: string) {
  const monthStart = `${today.slice(0, 7)}-01`;
  const monthEnd = addDays(`${addDays(monthStart, 31).slice(0, 7)}-01`, -1);
  return z
    .object({
      from: isoDate.default(monthStart),
      to: isoDate.default(monthEnd),
      event: z.string().uuid({ message: "validation.choice" }).optional(),
      status: z.enum(invoiceListStatuses, { message: "validation.choice" }).default("all"),
      page: z.coerce.number({ message: "validation.number" }).int({ message: "validation.number" }).min(1).max(10_000).default(1),
    })
    .superRefine((query, context) => {
      if (query.from > query.to) context.addIssue({ code: "custom", path: ["to"], message: "validation.dateOrder" });
      else if (addDays(query.from, maximumInvoicePeriodDays - 1) < query.to)
        context.addIssue({ code: "custom", path: ["to"], message: "validation.periodTooLong" });
    });
}
/** The documented shape (OpenAPI); the handler parses with the operator's today as the default. */
export const staffInvoicesQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  event: z.string().uuid({ message: "validation.choice" }).optional(),
  status: z.enum(invoiceListStatuses, { message: "validation.choice" }).optional(),
  page: z.coerce.number({ message: "validation.number" }).int({ message: "validation.number" }).min(1).max(10_000).optional(),
});
export type StaffInvoicesQuery = z.output<ReturnType<typeof staffInvoicesQuerySchemaFor>>;

/** The VAT of a document: per rate from its lines (gross and the VAT contained), or the § 25 UStG margin scheme (no VAT shown). */
export const invoiceVatSchema = z.discriminatedUnion("treatment", [
  z.object({
    treatment: z.literal("per_line"),
    rates: z.array(z.object({ rate_basis_points: z.number().int(), gross_cents: z.number().int(), vat_cents: z.number().int() })),
  }),
  z.object({ treatment: z.literal("margin_scheme") }),
  /** Issued before the treatment was kept with the document. */
  z.object({ treatment: z.literal("unknown") }),
]);
export type InvoiceVat = z.infer<typeof invoiceVatSchema>;

export const staffInvoiceRowSchema = z.object({
  uuid: z.uuid(),
  number: z.string(),
  kind: z.enum(invoiceKinds),
  issued_on: z.iso.date(),
  booking: z.object({ uuid: z.uuid(), code: z.string() }),
  customer: z.object({ name: z.string(), company: z.string().nullable() }),
  event: z.object({ uuid: z.uuid(), title: z.string() }),
  /** Gross, signed: a cancellation invoice's is negative (it credits what it cancels). */
  gross_cents: z.number().int(),
  /** Signed like `gross_cents`. */
  vat: invoiceVatSchema,
  /** A cancellation invoice: the number of the invoice it cancels. */
  cancels: z.string().nullable(),
  /** An invoice: the number of the cancellation invoice that cancelled it (at any date); null while it stands. */
  cancelled_by: z.string().nullable(),
});
export type StaffInvoiceRow = z.infer<typeof staffInvoiceRowSchema>;

export const invoiceTotalsSchema = z.object({
  /** Gross of the invoices listed. */
  invoiced_cents: z.number().int(),
  /** Gross of the cancellation invoices listed (positive). */
  cancelled_cents: z.number().int(),
  /** Invoiced less cancelled. */
  net_cents: z.number().int(),
  /** Net VAT per rate of the documents listed (cancellations subtracted); margin-scheme documents have none. */
  vat: z.array(z.object({ rate_basis_points: z.number().int(), gross_cents: z.number().int(), vat_cents: z.number().int() })),
  /** Gross (net of cancellations) of the margin-scheme documents listed. */
  margin_scheme_cents: z.number().int(),
});
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

export const staffInvoicesResponseSchema = z.object({
  data: z.array(staffInvoiceRowSchema),
  meta: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** Every document the filters match, on all pages. */
    total: z.number().int(),
    page_count: z.number().int(),
    /** Over every document the filters match, not only this page. */
    totals: invoiceTotalsSchema,
  }),
});
export type StaffInvoicesPage = z.infer<typeof staffInvoicesResponseSchema>;

export const invoiceExportFormats = ["csv", "datev"] as const;
export type InvoiceExportFormat = (typeof invoiceExportFormats)[number];
/** The files' endings under `api/staff/invoices/` and `/admin/invoices/`. */
export const invoiceExportPaths = { csv: "export.csv", datev: "export-datev.csv" } as const satisfies Record<InvoiceExportFormat, string>;
export const invoiceExportContentTypes = {
  csv: "text/csv; charset=utf-8",
  // DATEV reads Windows-1252 (ANSI); the file is meant for its import, not for a spreadsheet.
  datev: "text/csv; charset=windows-1252",
} as const satisfies Record<InvoiceExportFormat, string>;
