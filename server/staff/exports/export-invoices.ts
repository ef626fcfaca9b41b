import type { CsvDialect } from "../../../core/contracts/staff-exports";
import { invoiceExportContentTypes, type InvoiceExportFormat, type StaffInvoicesQuery } from "../../../core/contracts/staff-invoices";
import { datevBatch, withinOneFiscalYear, type DatevSettings } from "../../../core/domain/datev-extf";
import type { Actor } from "../../../core/domain/permissions";
import { encodeWindows1252 } from "../../../core/domain/windows-1252";
import { fieldError } from "../../../core/i18n/field-errors";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { AppError } from "../../errors";
import { writeStaffAudit } from "../audit/staff-audit-records";
import { readListedInvoices, readMoneyMovements, type ListedInvoice } from "../../invoices/invoice-list-records";
import { csvDialectRules, csvLine } from "./participant-export-csv";
import type { ExportCell } from "./participant-export-rows";

export type InvoiceExport = { fileName: string; contentType: string; body: Uint8Array<ArrayBuffer> };

/** The VAT rates (basis points) any listed document has, highest first: one column each. */
function ratesOf(documents: readonly ListedInvoice[]): number[] {
  const rates = new Set(
    documents.flatMap((document) => (document.vat.treatment === "per_line" ? document.vat.rates.map((part) => part.rate_basis_points) : [])),
  );
  return [...rates].sort((a, b) => b - a);
}

const percent = (basisPoints: number) => String(basisPoints / 100);
const euros = (cents: number) => cents / 100;

/** The list as a CSV: the page's columns, one line per document, amounts signed (a cancellation negative), one VAT column per rate. */
function invoicesCsv(documents: readonly ListedInvoice[], dialect: CsvDialect, locale: Locale): string {
  const t = translatorFor(locale);
  const rates = ratesOf(documents);
  const header: ExportCell[] = [
    t("admin.invoices.columns.number"),
    t("admin.invoices.columns.kind"),
    t("admin.invoices.columns.issuedOn"),
    t("admin.invoices.columns.booking"),
    t("admin.invoices.columns.customer"),
    t("admin.invoices.columns.company"),
    t("admin.invoices.columns.event"),
    t("admin.invoices.columns.grossEuros"),
    ...rates.map((rate) => t("admin.invoices.columns.vatAtRate", { rate: percent(rate) })),
    t("admin.invoices.columns.vatTreatment"),
    t("admin.invoices.columns.cancels"),
    t("admin.invoices.columns.cancelledBy"),
  ];
  const lines = documents.map((document) => {
    const vat = document.vat;
    const byRate = new Map(vat.treatment === "per_line" ? vat.rates.map((part) => [part.rate_basis_points, part.vat_cents]) : []);
    const cells: ExportCell[] = [
      document.number,
      t(`admin.invoices.kinds.${document.kind}`),
      document.issued_on,
      document.booking.code,
      document.customer.name,
      document.customer.company,
      document.event.title,
      euros(document.gross_cents),
      ...rates.map((rate) => {
        const cents = byRate.get(rate);
        return cents === undefined ? null : euros(cents);
      }),
      t(`admin.invoices.treatments.${vat.treatment}`),
      document.cancels,
      document.cancelled_by,
    ];
    return csvLine(cells, dialect);
  });
  return csvDialectRules[dialect].bom + [csvLine(header, dialect), ...lines].join("");
}

/**
 * The accountant's list as a file (decision 069): `csv` (the list's columns; formula injection guarded
 * by the participant exports' CSV writer) or `datev`, a DATEV booking batch (EXTF) of the documents
 * listed and of the money received and given back in the period (of the event, when one is asked for),
 * in Windows-1252. The batch needs the adviser's and client's numbers (DATEV_* in the environment)
 * and a period within one fiscal year; otherwise a clear refusal. It changes nothing; the file taken is
 * a row of the staff audit log (issue 31), written once the file is made.
 */
export async function exportInvoices(
  deps: { db: Queryable; now: () => Date; datev: DatevSettings | null },
  actor: Actor,
  input: { query: StaffInvoicesQuery; format: InvoiceExportFormat; dialect: CsvDialect; locale: Locale },
): Promise<InvoiceExport> {
  authorize(actor, "staff.invoices.read", null);
  const { query, locale } = input;
  const period = `${query.from}_${query.to}`;
  const audit = () =>
    writeStaffAudit(deps.db, actor, { action: "invoices_exported", details: { format: input.format, from: query.from, to: query.to, event: query.event ?? null, status: query.status }, at: deps.now() });
  if (input.format === "csv") {
    const documents = await readListedInvoices(deps.db, query, locale);
    await audit();
    return {
      fileName: `${translatorFor(locale)("admin.invoices.fileName")}_${period}.csv`,
      contentType: invoiceExportContentTypes.csv,
      body: new TextEncoder().encode(invoicesCsv(documents, input.dialect, locale)),
    };
  }
  const settings = deps.datev;
  if (!settings) throw new AppError("CONFLICT", "datevNotConfigured");
  if (!withinOneFiscalYear(query.from, query.to, settings.fiscalYearStart)) {
    throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: fieldError("to", "validation.datevOneFiscalYear", locale) });
  }
  const [documents, money] = await Promise.all([readListedInvoices(deps.db, query, locale), readMoneyMovements(deps.db, query)]);
  const batch = datevBatch({
    settings,
    period: { from: query.from, to: query.to },
    now: deps.now(),
    documents: documents.map((document) => ({
      number: document.number,
      kind: document.kind,
      issuedOn: document.issued_on,
      totalCents: document.totalCents,
      vat: document.vatOfDocument,
      bookingCode: document.booking.code,
      customer: document.customer.company ?? document.customer.name,
      cancels: document.cancels,
    })),
    money,
  });
  await audit();
  return { fileName: `EXTF_Buchungsstapel_${period}.csv`, contentType: invoiceExportContentTypes.datev, body: encodeWindows1252(batch) };
}
