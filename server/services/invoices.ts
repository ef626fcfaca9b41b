import type { Actor } from "../../core/domain/permissions";
import { invoicePdfFor, readStaffInvoicePdf } from "../invoices/invoice-pdf-service";
import type { Deps } from "../deps/deps";

/** Invoice PDFs, rendered from the snapshot taken when each was issued. */
export function bindInvoices(deps: Deps) {
  const { db } = deps;
  return {
    /** The page passes the session's account id and the booking cookie's token; either may open it. */
    pdfFor: (input: Parameters<typeof invoicePdfFor>[1]) => invoicePdfFor(db, input),
    /** Any issued document for the back office. */
    staffPdf: (actor: Actor, input: { invoiceId: string }) => readStaffInvoicePdf(deps, actor, input),
  };
}
