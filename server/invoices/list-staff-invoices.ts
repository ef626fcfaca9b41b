import { staffInvoicesPageSize, type StaffInvoicesPage, type StaffInvoicesQuery } from "../../core/contracts/staff-invoices";
import { documentTotalsOf } from "../../core/domain/invoice-list";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { authorize } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { readListedInvoices } from "./invoice-list-records";

/**
 * `GET api/staff/invoices` and `/admin/invoices`: the accountant's list of issued invoices and
 * cancellation invoices of a period (issue dates), event and status, 100 a page, with the totals of
 * every document the filters match: invoiced less cancelled, and the VAT by rate (decision 069).
 */
export async function listStaffInvoices(
  deps: { db: Queryable },
  actor: Actor,
  input: { query: StaffInvoicesQuery; locale: Locale },
): Promise<StaffInvoicesPage> {
  authorize(actor, "staff.invoices.read", null);
  const { query } = input;
  const documents = await readListedInvoices(deps.db, query, input.locale);
  const totals = documentTotalsOf(documents.map((document) => ({ kind: document.kind, totalCents: document.totalCents, vat: document.vatOfDocument })));
  const pageCount = Math.max(1, Math.ceil(documents.length / staffInvoicesPageSize));
  const start = (query.page - 1) * staffInvoicesPageSize;
  return {
    data: documents.slice(start, start + staffInvoicesPageSize).map(({ totalCents: _total, vatOfDocument: _vat, ...row }) => row),
    meta: {
      from: query.from,
      to: query.to,
      page: query.page,
      page_size: staffInvoicesPageSize,
      total: documents.length,
      page_count: pageCount,
      totals: {
        invoiced_cents: totals.invoicedCents,
        cancelled_cents: totals.cancelledCents,
        net_cents: totals.netCents,
        vat: totals.vat.map((part) => ({ rate_basis_points: part.rateBasisPoints, gross_cents: part.grossCents, vat_cents: part.vatCents })),
        margin_scheme_cents: totals.marginSchemeCents,
      },
    },
  };
}
