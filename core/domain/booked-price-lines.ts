import type { Cents } from "./money";
import type { PriceLine, PriceLineKind } from "./pricing";

/** Germany's standard rate, for a line with no price row behind it (the schema's default too). */
export const defaultVatRate = 1900;

/** A booked line is a priced thing, or a discount code's share of the total at one VAT rate (decision 079, negative). */
export type BookedLineKind = PriceLineKind | "discount";

/**
 * One priced thing of a booking as it was priced (money review, finding 3): stored with the booking
 * when it is submitted and whenever staff price it again, and read back by its invoices, the staff
 * money panel and the exports, so that a later change of the event's price list changes nothing the
 * booking says. Same things (two golf-playing companions, a car on two days) are summed up. `label`
 * is the price row's label in every language as it was; null for a priced choice (labelled from the
 * booking's own form version, which never changes) and for a line without a price row.
 */
export type BookedPriceLine = {
  kind: BookedLineKind;
  key: string;
  label: Readonly<Record<string, string>> | null;
  quantity: number;
  unitCents: Cents;
  totalCents: Cents;
  vatRateBasisPoints: number;
};

export type ListedPriceRow = { kind: string; key: string; label: Readonly<Record<string, string>>; vatRateBasisPoints: number };

/**
 * The booking's priced lines from `bookingPriceLines`' answer and the price rows it was priced with:
 * one line per kind and key, its VAT rate the price row's; a priced choice takes the event price's
 * rate (decision 042), like the main service it comes with; the standard rate when there is none.
 */
export function bookedPriceLinesOf(lines: readonly PriceLine[], prices: readonly ListedPriceRow[]): BookedPriceLine[] {
  const eventVatRate = prices.find((price) => price.kind === "participant" && price.key === "participant")?.vatRateBasisPoints ?? defaultVatRate;
  const booked = new Map<string, BookedPriceLine>();
  for (const line of lines) {
    const option = line.kind === "option";
    const price = option ? undefined : prices.find((candidate) => candidate.kind === line.kind && candidate.key === line.key);
    const id = `${line.kind}:${line.key}`;
    const current = booked.get(id) ?? {
      kind: line.kind,
      key: line.key,
      label: price ? { ...price.label } : null,
      quantity: 0,
      unitCents: line.unitCents,
      totalCents: 0,
      vatRateBasisPoints: option ? eventVatRate : (price?.vatRateBasisPoints ?? defaultVatRate),
    };
    current.quantity += line.quantity;
    current.totalCents += line.unitCents * line.quantity;
    booked.set(id, current);
  }
  return [...booked.values()];
}

/** What the booked lines add up to. */
export const bookedLinesTotal = (lines: readonly Pick<BookedPriceLine, "totalCents">[]): Cents => lines.reduce((sum, line) => sum + line.totalCents, 0);
