import { addDays, type IsoDate } from "./dates";
import type { Cents } from "./money";

/** The operator's money settings (PRODUCT.md "Money"); defaults 25 % and 30 days. */
export type PaymentTerms = { depositPercent: number; balanceDueDaysBeforeEvent: number };

export type PriceLineKind = "participant" | "companion" | "vehicle" | "instructor" | "addon";
export type PriceLine = { kind: PriceLineKind; key: string; unitCents: Cents; quantity: number };

export type BookingPrice = {
  eventPriceCents: Cents;
  companionTotalCents: Cents;
  addonsTotalCents: Cents;
  totalCents: Cents;
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
export function priceBooking(lines: PriceLine[], terms: PaymentTerms, dates: { today: IsoDate; startsOn: IsoDate }): BookingPrice {
  for (const line of lines) {
    if (!Number.isInteger(line.unitCents) || line.unitCents < 0) throw new RangeError(`price of ${line.key} must be whole, non-negative cents`);
    if (!Number.isInteger(line.quantity) || line.quantity < 0) throw new RangeError(`quantity of ${line.key} must be a whole, non-negative number`);
  }
  const sum = (kinds: PriceLineKind[]) => lines.filter((line) => kinds.includes(line.kind)).reduce((total, line) => total + line.unitCents * line.quantity, 0);
  const eventPriceCents = sum(["participant"]);
  const companionTotalCents = sum(["companion"]);
  const addonsTotalCents = sum(["vehicle", "instructor", "addon"]);
  const totalCents = eventPriceCents + companionTotalCents + addonsTotalCents;
  const remainderDueOn = addDays(dates.startsOn, -terms.balanceDueDaysBeforeEvent);
  if (dates.today >= remainderDueOn || totalCents === 0) {
    return { eventPriceCents, companionTotalCents, addonsTotalCents, totalCents, depositCents: totalCents, remainderCents: 0, remainderDueOn: null };
  }
  const depositCents = percentOf(totalCents, terms.depositPercent);
  return { eventPriceCents, companionTotalCents, addonsTotalCents, totalCents, depositCents, remainderCents: totalCents - depositCents, remainderDueOn };
}
