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

/**
 * A reduction or a cancellation fee shared out over the VAT rates of the lines it comes off, in
 * proportion to each rate's gross (largest remainder, so the shares add up to the amount to the cent;
 * money review, finding 5). Up to the lines' total no rate's share exceeds its gross, so no rate goes
 * negative. Lines without a rate (the margin scheme) are one group. Rates in the order the lines
 * first name them; a share of 0 is left out; with nothing to weigh by, the first line's rate takes it all.
 */
export function shareOverRates<Rate extends number | undefined>(
  amountCents: number,
  lines: readonly { totalCents: number; vatRateBasisPoints: Rate }[],
): { vatRateBasisPoints: Rate; amountCents: number }[] {
  const groups: { vatRateBasisPoints: Rate; weight: number }[] = [];
  for (const line of lines) {
    const group = groups.find((candidate) => candidate.vatRateBasisPoints === line.vatRateBasisPoints);
    if (group) group.weight += Math.max(0, line.totalCents);
    else groups.push({ vatRateBasisPoints: line.vatRateBasisPoints, weight: Math.max(0, line.totalCents) });
  }
  const first = groups[0];
  if (!first) return [];
  const whole = groups.reduce((sum, group) => sum + group.weight, 0);
  if (whole === 0 || amountCents === 0) return amountCents === 0 ? [] : [{ vatRateBasisPoints: first.vatRateBasisPoints, amountCents }];
  const shares = groups.map((group, index) => {
    const exact = (amountCents * group.weight) / whole;
    const floor = Math.floor(exact);
    return { index, vatRateBasisPoints: group.vatRateBasisPoints, amountCents: floor, remainder: exact - floor };
  });
  let left = amountCents - shares.reduce((sum, share) => sum + share.amountCents, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break;
    share.amountCents += 1;
    left -= 1;
  }
  return shares.filter((share) => share.amountCents !== 0).map(({ vatRateBasisPoints, amountCents: cents }) => ({ vatRateBasisPoints, amountCents: cents }));
}
