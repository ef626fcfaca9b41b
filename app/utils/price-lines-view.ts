import type { StaffBookingDetail } from "../../core/contracts/staff-bookings";
import { formatMoney } from "../../core/domain/money";
import type { Locale } from "../../core/i18n/locales";

/**
 * The staff detail's price lines (issue 28) as the money panel shows them, formatted in the page's
 * language: each line with its quantity, unit price and amount, the total they add up to, a reduction
 * staff granted (goodwill) and what remains, and a cancelled booking's kept fee. When the event's
 * price list changed after the booking, its lines no longer add up to the booking's total: both are
 * named, so the desk is not misled by either figure.
 */
export function priceLinesView(money: StaffBookingDetail["money"], status: StaffBookingDetail["status"], locale: Locale) {
  const format = (cents: number) => formatMoney(cents, locale);
  const linesCents = money.lines.reduce((sum, line) => sum + line.total_cents, 0);
  const reduction = Math.min(money.credited_cents, money.total_cents);
  return {
    lines: money.lines.map((line) => ({
      id: `${line.kind}:${line.key}`,
      label: line.label,
      quantity: line.quantity,
      unit: format(line.unit_cents),
      amount: format(line.total_cents),
    })),
    total: format(money.total_cents),
    reduction: reduction > 0 ? { amount: format(-reduction), after: format(money.total_cents - reduction) } : null,
    cancellationFee: status === "cancelled" ? format(money.cancellation_fee_cents ?? 0) : null,
    keptNothing: status === "cancelled" && !money.cancellation_fee_cents,
    mismatch: linesCents !== money.total_cents ? { lines: format(linesCents), total: format(money.total_cents) } : null,
  };
}
export type PriceLinesView = ReturnType<typeof priceLinesView>;
