/**
 * Which invoices a booking's change calls for (issue 28, GoBD and § 14 UStG): an issued invoice is
 * never changed. When what a booking owes (or what its invoice must say) is no longer what its
 * standing invoice says, that invoice is cancelled in full by a cancellation invoice that refers to it,
 * and, where money is still owed, a new invoice is issued. Pure: the caller reads the booking's
 * invoices and draws up what an invoice issued now would say.
 */

export const invoiceKinds = ["invoice", "cancellation"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

export type IssuedInvoice = {
  id: string;
  kind: InvoiceKind;
  /** Gross, never negative: a cancellation invoice's total is what it cancels. */
  totalCents: number;
  /** The invoice a cancellation invoice cancels; null for an invoice. */
  cancelsInvoiceId: string | null;
};

/** The invoices no cancellation invoice has cancelled: what the booking is invoiced for now. */
export function standingInvoicesOf<T extends IssuedInvoice>(issued: readonly T[]): T[] {
  const cancelled = new Set(issued.flatMap((invoice) => (invoice.cancelsInvoiceId ? [invoice.cancelsInvoiceId] : [])));
  return issued.filter((invoice) => invoice.kind === "invoice" && !cancelled.has(invoice.id));
}

/** Invoices less cancellation invoices: after every correction, what the booking owes. */
export function invoicedCentsOf(issued: readonly IssuedInvoice[]): number {
  return issued.reduce((sum, invoice) => sum + (invoice.kind === "invoice" ? invoice.totalCents : -invoice.totalCents), 0);
}

export type InvoiceCorrection = {
  /** Standing invoices to cancel, each by its own cancellation invoice. */
  cancel: string[];
  /** Whether to issue a new invoice for what is owed now. */
  issue: boolean;
};

/**
 * The correction of a booking's invoices. `owedCents` is what the booking owes now (its account),
 * `standingStillFits` whether the standing invoice says what an invoice drawn up now would say (lines,
 * total, addressee). A booking without any invoice yet is not binding: nothing to correct (its first
 * invoice comes when it becomes binding).
 */
export function invoiceCorrectionOf(issued: readonly IssuedInvoice[], now: { owedCents: number; standingStillFits: boolean }): InvoiceCorrection {
  if (issued.length === 0) return { cancel: [], issue: false };
  const standing = standingInvoicesOf(issued);
  const [only] = standing;
  const fits = standing.length === 1 && only !== undefined && only.totalCents === now.owedCents && now.standingStillFits;
  if (fits) return { cancel: [], issue: false };
  if (standing.length === 0 && now.owedCents === 0) return { cancel: [], issue: false };
  return { cancel: standing.map((invoice) => invoice.id), issue: now.owedCents > 0 };
}
