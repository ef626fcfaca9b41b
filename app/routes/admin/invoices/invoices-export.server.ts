import { csvDialects } from "../../../../core/contracts/staff-exports";
import { invoiceExportPaths, staffInvoicesQuerySchemaFor, type InvoiceExportFormat } from "../../../../core/contracts/staff-invoices";
import { operatorToday } from "../../../../core/domain/dates";
import { badRequest, orNotFound } from "../../../utils/http-errors.server";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/invoices-export";
import { fileDownload } from "../../../utils/file-download.server";

/** The format is the address's ending: one route per file in app/routes.ts, like the API's. */
function formatOf(pathname: string): InvoiceExportFormat {
  return pathname.endsWith(`/${invoiceExportPaths.datev}`) ? "datev" : "csv";
}

/**
 * `/admin/invoices/export.csv` and `/admin/invoices/export-datev.csv` (+ /de): the invoice list's
 * files for a staff session in the browser, with the page's filters (decision 069). A wrong filter is
 * a 400, never a file.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  const params = url.searchParams;
  const input = Object.fromEntries(["from", "to", "event", "status"].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));
  const query = staffInvoicesQuerySchemaFor(operatorToday(web.services.now())).safeParse(input);
  const dialect = params.get("dialect") ?? "rfc4180";
  if (!query.success || !(csvDialects as readonly string[]).includes(dialect)) badRequest();
  const file = await orNotFound(
    web.services.staffInvoices.export(actor, { query: query.data, format: formatOf(url.pathname), dialect: dialect as (typeof csvDialects)[number], locale }),
  );
  return fileDownload(file);
}
