import { addDays, type IsoDate } from "./dates";
import type { Cents } from "./money";

/** The operator's money settings (PRODUCT.md "Money"); defaults 25 % and 30 days. */
export type PaymentTerms = { depositPercent: number; balanceDueDaysBeforeEvent: number };

/**
 * `option`: a priced choice of the booking form (decision 042), counted with the add-ons.
 * `cancellation_fee`: what a customer who took one companion off the booking owes for it (decision 075,
 * core/domain/companion-removal.ts): a line of its own, in the total, never priced from the list.
 */
export type PriceLineKind = "participant" | "companion" | "vehicle" | "instructor" | "addon" | "option" | "cancellation_fee";
export type PriceLine = { kind: PriceLineKind; key: string; unitCents: Cents; quantity: number };

export type BookingPrice = {
  eventPriceCents: Cents;
  companionTotalCents: Cents;
  addonsTotalCents: Cents;
  totalCents: Cents;
  /** What a discount code took off (decision 079): the total is the lines' sum less this. */
  discountCents: Cents;
  /** Due at booking: the deposit, or everything when the event is close. */
  depositCents: Cents;
  remainderCents: Cents;
  /** When the remainder falls due; null when nothing remains. */
  remainderDueOn: IsoDate | null;
};

/** `percent` of `cents`, rounded half up to the cent (integer arithmetic, no floating point). */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.floor((cents * percent + 50) / 100);
}

/**
 * Total, deposit and remainder of a booking from its price lines. The deposit is due at booking,
 * the remainder a set number of days before the event; when the event starts that close or
 * closer, everything is due at once.
 */
export function priceBooking(
  lines: PriceLine[],
  terms: PaymentTerms,
  dates: { today: IsoDate; startsOn: IsoDate },
  /** Off the lines' sum (a discount code, decision 079): at most the sum; the deposit is a share of what is left. */
  discount: Cents = 0,
): BookingPrice {
  for (const line of lines) {
    if (!Number.isInteger(line.unitCents) || line.unitCents < 0) throw new RangeError(`price of ${line.key} must be whole, non-negative cents`);
    if (!Number.isInteger(line.quantity) || line.quantity < 0) throw new RangeError(`quantity of ${line.key} must be a whole, non-negative number`);
  }
  const sum = (kinds: PriceLineKind[]) => lines.filter((line) => kinds.includes(line.kind)).reduce((total, line) => total + line.unitCents * line.quantity, 0);
  const eventPriceCents = sum(["participant"]);
  const companionTotalCents = sum(["companion"]);
  // Priced choices are extras too: the booking keeps the spec's totals (no column of their own, decision 042).
  const addonsTotalCents = sum(["vehicle", "instructor", "addon", "option"]);
  if (!Number.isInteger(discount) || discount < 0) throw new RangeError("a discount must be whole, non-negative cents");
  const discountCents = Math.min(discount, eventPriceCents + companionTotalCents + addonsTotalCents);
  // A companion's cancellation fee is kept in the total, in no part of its own (no column; decision 075); a discount never reduces it.
  const totalCents = eventPriceCents + companionTotalCents + addonsTotalCents - discountCents + sum(["cancellation_fee"]);
  const remainderDueOn = addDays(dates.startsOn, -terms.balanceDueDaysBeforeEvent);
  if (dates.today >= remainderDueOn || totalCents === 0) {
    return { eventPriceCents, companionTotalCents, addonsTotalCents, totalCents, discountCents, depositCents: totalCents, remainderCents: 0, remainderDueOn: null };
  }
  const depositCents = percentOf(totalCents, terms.depositPercent);
  return { eventPriceCents, companionTotalCents, addonsTotalCents, totalCents, discountCents, depositCents, remainderCents: totalCents - depositCents, remainderDueOn };
}

/** VAT rates travel as basis points: 1900 is 19 %, 700 is 7 %. */
export type BasisPoints = number;

/** The VAT contained in a gross amount at `rate`, rounded half up to the cent (integer arithmetic). */
export function vatContainedIn(grossCents: Cents, rate: BasisPoints): Cents {
  if (rate <= 0) return 0;
  const divisor = 10_000 + rate;
  return Math.floor((2 * grossCents * rate + divisor) / (2 * divisor));
}

/**
 * The VAT contained in gross price lines, one entry per rate (highest rate first): what an invoice with
 * VAT per line shows under its total. Summed per rate before rounding, as § 14 UStG asks per rate.
 */
export function vatByRate(lines: { totalCents: Cents; vatRateBasisPoints: BasisPoints }[]): { rate: BasisPoints; grossCents: Cents; vatCents: Cents }[] {
  const grossByRate = new Map<BasisPoints, Cents>();
  for (const line of lines) grossByRate.set(line.vatRateBasisPoints, (grossByRate.get(line.vatRateBasisPoints) ?? 0) + line.totalCents);
  return [...grossByRate.entries()].sort(([a], [b]) => b - a).map(([rate, grossCents]) => ({ rate, grossCents, vatCents: vatContainedIn(grossCents, rate) }));
}
