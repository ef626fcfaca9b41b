import { z } from "zod";
import { invoiceKinds } from "../domain/invoice-corrections";

/**
 * One issued document of a booking as every surface lists it (manage page, customer dashboard, staff
 * detail, the accountant's list): an invoice or a cancellation invoice, with what it cancels or what
 * cancelled it. Invoices less cancellation invoices are what the booking owes (issue 28).
 */
export const invoiceSummarySchema = z.object({
  uuid: z.uuid(),
  number: z.string().min(1),
  kind: z.enum(invoiceKinds),
  issued_on: z.iso.date(),
  /** Gross and positive; a cancellation invoice credits it. */
  total_cents: z.number().int().nonnegative(),
  /** A cancellation invoice: the number of the invoice it cancels. */
  cancels: z.string().nullable(),
  /** An invoice: the number of the cancellation invoice that cancelled it; null while it stands. */
  cancelled_by: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** Whether a booking's documents include an invoice no cancellation invoice cancels (what the id-less download serves). */
export const hasStandingInvoice = (documents: readonly Pick<InvoiceSummary, "kind" | "number" | "cancels">[]): boolean =>
  documents.some((document) => document.kind === "invoice" && !documents.some((other) => other.kind === "cancellation" && other.cancels === document.number));
