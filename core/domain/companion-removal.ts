import type { BookedPriceLine } from "./booked-price-lines";
import { cancellationFeeOn, type CancellationSchedule, type CancellationTerms } from "./cancellation-schedule";
import type { IsoDate } from "./dates";
import type { Cents } from "./money";
import type { PriceLine } from "./pricing";

/**
 * A customer takes one companion off their booking (issue 30, decision 075 addendum). Pure: the
 * manage page's preview and the removal itself (server/bookings/companion-removal-plan.ts) ask these.
 *
 * **The companion's share** of the price is what their own line costs: the unit price of the booked
 * companion line of their type, as the booking was priced (never today's price list). The lines of the
 * booking as a whole — the main participant, the per-day resources (reserved per booking, not per
 * person), the priced choices, a reduction staff granted, a discount — are not shared out: they stay
 * with the booking as they are. **The fee** is the event's schedule applied to that share on the
 * operator's day (a percentage of it, or the rule's fixed amount, never above the share). **The
 * booking afterwards**: one fewer of the companion's line, and the fee as a price line of its own
 * (`cancellation_fee`, at the companion line's VAT rate), so the total falls by the share less the fee
 * and every surface that reads the lines (invoice, money panel, exports) shows the same figures.
 */

export const cancellationFeeKind = "cancellation_fee";

/** The booked line a companion of `companionType` is priced on, when the booking has one. */
export function companionLineOf(lines: readonly BookedPriceLine[], companionType: string): BookedPriceLine | null {
  return lines.find((line) => line.kind === "companion" && line.key === companionType && line.quantity > 0) ?? null;
}

/** The companion's share: the unit price of their own line (0 when the booking priced none for them). */
export function companionShareOf(lines: readonly BookedPriceLine[], companionType: string): Cents {
  return companionLineOf(lines, companionType)?.unitCents ?? 0;
}

/** What taking the companion off costs today by the event's schedule, applied to their share. */
export function companionRemovalTerms(
  schedule: CancellationSchedule,
  input: { lines: readonly BookedPriceLine[]; companionType: string; startsOn: IsoDate; today: IsoDate },
): CancellationTerms & { shareCents: Cents } {
  const shareCents = companionShareOf(input.lines, input.companionType);
  return { ...cancellationFeeOn(schedule, { startsOn: input.startsOn, today: input.today, baseCents: shareCents }), shareCents };
}

/**
 * The booking's lines without the companion: their line one fewer (gone at none), and the fee as a line
 * of its own when there is one. `feeKey` names it (the companion's id: each removal its own line);
 * `label` is its text in every language, as a price row's label is.
 */
export function linesWithoutCompanion(
  lines: readonly BookedPriceLine[],
  input: { companionType: string; feeCents: Cents; feeKey: string; label: Readonly<Record<string, string>> },
): BookedPriceLine[] {
  const own = companionLineOf(lines, input.companionType);
  if (input.feeCents < 0 || !Number.isInteger(input.feeCents) || input.feeCents > (own?.unitCents ?? 0))
    throw new RangeError(`a companion's fee must be whole cents within their share (got ${input.feeCents})`);
  const kept = lines.flatMap((line) => {
    if (line !== own) return [line];
    const quantity = line.quantity - 1;
    return quantity > 0 ? [{ ...line, quantity, totalCents: line.totalCents - line.unitCents }] : [];
  });
  if (input.feeCents === 0) return kept;
  const fee: BookedPriceLine = {
    kind: cancellationFeeKind,
    key: input.feeKey,
    label: { ...input.label },
    quantity: 1,
    unitCents: input.feeCents,
    totalCents: input.feeCents,
    vatRateBasisPoints: own?.vatRateBasisPoints ?? lines[0]?.vatRateBasisPoints ?? 1900,
  };
  return [...kept, fee];
}

/** The fees of companions taken off earlier: kept in full, whatever happens to the rest of the booking. */
export function keptFeesOf(lines: readonly Pick<BookedPriceLine, "kind" | "totalCents">[] | null): Cents {
  return (lines ?? []).filter((line) => line.kind === cancellationFeeKind).reduce((sum, line) => sum + line.totalCents, 0);
}

/**
 * Booked lines as the pricing takes them (core/domain/pricing.ts). A discount's lines are not among
 * them: the pricing takes the discount as its own argument (decision 079), the booking's `discountCents`.
 */
export function priceLinesOfBooked(lines: readonly BookedPriceLine[]): PriceLine[] {
  return lines.flatMap((line) => (line.kind === "discount" ? [] : [{ kind: line.kind, key: line.key, unitCents: line.unitCents, quantity: line.quantity }]));
}

/**
 * A whole booking cancelled after a companion was taken off: the schedule's fee applies to what the
 * booking costs without the fees already kept, and those fees stay owed on top — never more than the
 * booking costs. `baseCents` is what the booking costs (its total less reductions).
 */
export function wholeCancellationBase(input: { baseCents: Cents; lines: readonly Pick<BookedPriceLine, "kind" | "totalCents">[] | null }): {
  baseCents: Cents;
  keptCents: Cents;
} {
  const keptCents = Math.min(input.baseCents, keptFeesOf(input.lines));
  return { baseCents: input.baseCents - keptCents, keptCents };
}
