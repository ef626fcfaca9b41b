import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { BookedPriceLine } from "../../core/domain/booked-price-lines";
import type { IsoDate } from "../../core/domain/dates";
import type { Cents } from "../../core/domain/money";
import { discountLinesOf, voucherDiscountCents, voucherRefusal, type VoucherDiscount, type VoucherRefusal, type VoucherTerms } from "../../core/domain/vouchers";
import { translatorFor } from "../../core/i18n/i18n";
import { locales } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { voucherRedemptions, vouchers } from "../db/schema";

type VoucherRow = typeof vouchers.$inferSelect;

/** Thrown inside a transaction: a code that may not be used undoes everything, and says why. */
export class VoucherRefused extends Error {
  constructor(readonly reason: VoucherRefusal) {
    super(`voucher refused: ${reason}`);
  }
}

export const discountOfVoucher = (row: Pick<VoucherRow, "discountKind" | "discountValue">): VoucherDiscount =>
  row.discountKind === "amount" ? { kind: "amount", amountCents: row.discountValue } : { kind: "percent", percent: row.discountValue };

export const termsOfVoucher = (row: VoucherRow): VoucherTerms => ({
  active: row.active,
  discount: discountOfVoucher(row),
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  usageLimit: row.usageLimit,
  perCustomerLimit: row.perCustomerLimit,
  timesUsed: row.timesUsed,
  eventIds: row.eventIds,
  categoryIds: row.categoryIds,
});

/** The discount lines' label in every language: "Voucher SUMMER26" / "Gutschein SUMMER26". */
export const discountLabelOf = (code: string): Record<string, string> =>
  Object.fromEntries(locales.map((locale) => [locale, translatorFor(locale)("voucher.lineLabel", { code })]));

/** Standing uses of the code under this e-mail (uses whose booking gave its places back are not counted). */
async function customerUses(db: Queryable, voucherId: string, email: string | null): Promise<number> {
  if (!email) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucherId, voucherId), eq(voucherRedemptions.email, email.toLowerCase()), isNull(voucherRedemptions.releasedAt)));
  return row?.count ?? 0;
}

export type VoucherContext = { eventId: string; categoryId: number; email: string | null; today: IsoDate };

/** Whether the code may be used for this booking now (no lock, nothing written): the code's row, or why not. */
export async function checkVoucher(db: Queryable, code: string, context: VoucherContext): Promise<{ ok: true; voucher: VoucherRow } | { ok: false; reason: VoucherRefusal }> {
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.code, code)).limit(1);
  const reason = voucherRefusal(voucher ? termsOfVoucher(voucher) : null, {
    today: context.today,
    eventId: context.eventId,
    categoryId: context.categoryId,
    customerUses: voucher ? await customerUses(db, voucher.id, context.email) : 0,
  });
  return reason || !voucher ? { ok: false, reason: reason ?? "unknown" } : { ok: true, voucher };
}

/**
 * Redeems the code for a booking being submitted, in the submission's transaction: checked, then one
 * conditional UPDATE takes a use (on PostgreSQL a second buyer waits for the first to commit and checks
 * the count again, so the last use goes to exactly one booking, like the last place), then the customer's
 * uses are counted again under that row lock. Throws `VoucherRefused` (undoing the submission) when
 * it may not be used. Returns what it takes off and the booking's discount lines.
 */
export async function redeemVoucher(
  tx: Queryable,
  input: VoucherContext & { code: string; bookingId: string; lines: readonly BookedPriceLine[]; now: Date },
): Promise<{ discountCents: Cents; discount: VoucherDiscount; lines: BookedPriceLine[] }> {
  const checked = await checkVoucher(tx, input.code, input);
  if (!checked.ok) throw new VoucherRefused(checked.reason);
  const [taken] = await tx
    .update(vouchers)
    .set({ timesUsed: sql`${vouchers.timesUsed} + 1` })
    .where(
      and(
        eq(vouchers.id, checked.voucher.id),
        eq(vouchers.active, true),
        sql`(${vouchers.usageLimit} is null or ${vouchers.timesUsed} < ${vouchers.usageLimit})`,
      ),
    )
    .returning();
  if (!taken) throw new VoucherRefused(checked.voucher.active ? "used_up" : "inactive");
  // Counted again while this transaction holds the code's row: another booking of the same customer that
  // committed while this one waited is seen now (each statement reads what is committed when it starts).
  if (taken.perCustomerLimit !== null && (await customerUses(tx, taken.id, input.email)) >= taken.perCustomerLimit) throw new VoucherRefused("customer_limit");
  const discount = discountOfVoucher(taken);
  const gross = input.lines.reduce((sum, line) => sum + line.totalCents, 0);
  const discountCents = voucherDiscountCents(discount, gross);
  await tx.insert(voucherRedemptions).values({
    voucherId: taken.id,
    bookingId: input.bookingId,
    email: (input.email ?? "").toLowerCase(),
    discountCents,
    redeemedAt: input.now,
  });
  return { discountCents, discount, lines: discountLinesOf(input.lines, discountCents, taken.code, discountLabelOf(taken.code)) };
}

/**
 * Gives back the use of a booking whose places go back (hold ran out, request rejected, cancelled;
 * decision 079): the redemption stays on record, marked released, and the code counts one use less.
 * Called before the places are released, so a code's row is always locked before an event's row.
 */
export async function releaseVoucherUse(tx: Queryable, bookingId: string, now: Date): Promise<void> {
  const released = await tx
    .update(voucherRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(voucherRedemptions.bookingId, bookingId), isNull(voucherRedemptions.releasedAt)))
    .returning({ voucherId: voucherRedemptions.voucherId });
  for (const { voucherId } of released)
    await tx
      .update(vouchers)
      .set({ timesUsed: sql`greatest(${vouchers.timesUsed} - 1, 0)` })
      .where(eq(vouchers.id, voucherId));
}

/**
 * A booking priced again by staff keeps the code it was booked with: what the code is worth is taken
 * off the new lines' sum as at submission (a percentage of the new sum, an amount at most the sum).
 */
export function keptDiscountOf(
  booking: { voucherCode: string | null; voucherDiscount: VoucherDiscount | null; status: string },
  lines: readonly BookedPriceLine[],
): { discountCents: Cents; lines: BookedPriceLine[] } {
  if (!booking.voucherCode || !booking.voucherDiscount || booking.status === "draft") return { discountCents: 0, lines: [] };
  const discountCents = voucherDiscountCents(booking.voucherDiscount, lines.reduce((sum, line) => sum + line.totalCents, 0));
  return { discountCents, lines: discountLinesOf(lines, discountCents, booking.voucherCode, discountLabelOf(booking.voucherCode)) };
}

/**
 * The use is taken again when a booking takes its places again (`holdAgain`: an expired booking paid
 * late, a cancellation reversed by staff): the price with its discount stood all along, so this is not
 * refused at the limit (the code may count one use beyond it, as the event may count the places back).
 */
export async function retakeVoucherUse(tx: Queryable, bookingId: string): Promise<void> {
  const retaken = await tx
    .update(voucherRedemptions)
    .set({ releasedAt: null })
    .where(and(eq(voucherRedemptions.bookingId, bookingId), isNotNull(voucherRedemptions.releasedAt)))
    .returning({ voucherId: voucherRedemptions.voucherId });
  for (const { voucherId } of retaken)
    await tx
      .update(vouchers)
      .set({ timesUsed: sql`${vouchers.timesUsed} + 1` })
      .where(eq(vouchers.id, voucherId));
}
