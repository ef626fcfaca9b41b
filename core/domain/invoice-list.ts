import type { InvoiceKind } from "./invoice-corrections";
import { vatByRate } from "./pricing";

/**
 * The accountant's invoice list (issue 28, decision 069), pure: each document's VAT from the lines
 * its snapshot printed, signed (a cancellation invoice credits what it cancels), and the period's
 * totals, invoiced less cancelled.
 */

export type VatTreatment = "per_line" | "margin_scheme";
export type DocumentLines = {
  /** Absent on documents issued before the treatment was snapshotted. */
  vatTreatment?: VatTreatment | undefined;
  lines: readonly { totalCents: number; vatRateBasisPoints?: number | undefined }[];
};
export type VatPart = { rateBasisPoints: number; grossCents: number; vatCents: number };
export type DocumentVat = { treatment: "per_line"; rates: VatPart[] } | { treatment: "margin_scheme" } | { treatment: "unknown" };

/** +1 for an invoice, −1 for a cancellation invoice: what the document adds to what is invoiced. */
export const signOf = (kind: InvoiceKind): 1 | -1 => (kind === "invoice" ? 1 : -1);

/**
 * The VAT a document states, per rate (highest first), with the cancellation's sign. Lines without a
 * rate (issued before rates were snapshotted) leave the VAT unknown rather than guessed.
 */
export function documentVatOf(document: DocumentLines, kind: InvoiceKind): DocumentVat {
  if (document.vatTreatment === "margin_scheme") return { treatment: "margin_scheme" };
  if (document.vatTreatment !== "per_line") return { treatment: "unknown" };
  const rated: { totalCents: number; vatRateBasisPoints: number }[] = [];
  for (const line of document.lines) {
    if (line.vatRateBasisPoints === undefined) return { treatment: "unknown" };
    rated.push({ totalCents: line.totalCents, vatRateBasisPoints: line.vatRateBasisPoints });
  }
  const sign = signOf(kind);
  return {
    treatment: "per_line",
    rates: vatByRate(rated)
      .filter((part) => part.grossCents !== 0)
      .map((part) => ({ rateBasisPoints: part.rate, grossCents: sign * part.grossCents, vatCents: sign * part.vatCents })),
  };
}

export type ListedDocument = { kind: InvoiceKind; totalCents: number; vat: DocumentVat };
export type DocumentTotals = {
  invoicedCents: number;
  cancelledCents: number;
  /** Invoiced less cancelled. */
  netCents: number;
  /** Per rate, highest first, cancellations subtracted. */
  vat: VatPart[];
  /** Gross of the margin-scheme documents, cancellations subtracted. */
  marginSchemeCents: number;
};

/** The totals of the documents listed: what was invoiced, what cancelled, the difference, and its VAT by rate. */
export function documentTotalsOf(documents: readonly ListedDocument[]): DocumentTotals {
  let invoicedCents = 0;
  let cancelledCents = 0;
  let marginSchemeCents = 0;
  const byRate = new Map<number, VatPart>();
  for (const document of documents) {
    if (document.kind === "invoice") invoicedCents += document.totalCents;
    else cancelledCents += document.totalCents;
    if (document.vat.treatment === "margin_scheme") marginSchemeCents += signOf(document.kind) * document.totalCents;
    if (document.vat.treatment !== "per_line") continue;
    for (const part of document.vat.rates) {
      const sum = byRate.get(part.rateBasisPoints) ?? { rateBasisPoints: part.rateBasisPoints, grossCents: 0, vatCents: 0 };
      byRate.set(part.rateBasisPoints, { ...sum, grossCents: sum.grossCents + part.grossCents, vatCents: sum.vatCents + part.vatCents });
    }
  }
  return {
    invoicedCents,
    cancelledCents,
    netCents: invoicedCents - cancelledCents,
    vat: [...byRate.values()].sort((a, b) => b.rateBasisPoints - a.rateBasisPoints),
    marginSchemeCents,
  };
}
