import type { BookedPriceLine } from "./booked-price-lines";
import type { IsoDate } from "./dates";
import { shareOverRates } from "./invoice-corrections";
import type { Cents } from "./money";
import { percentOf } from "./pricing";

/**
 * Vouchers and discount codes (issue 31, decision 079): the pure rules. Staff make codes worth an
 * amount or a percentage, valid between two days, for a number of uses in all and per customer (by
 * e-mail), optionally only for some events or categories. The server reads the rows and counts the
 * uses; what a code is worth, and whether it may be used, is decided here.
 */

/** What a code takes off: a fixed amount in cents, or a whole percentage of the booking's total. */
export type VoucherDiscount = { kind: "amount"; amountCents: Cents } | { kind: "percent"; percent: number };

export type VoucherTerms = {
  active: boolean;
  discount: VoucherDiscount;
  /** The first and last operator day it may be used on (both included); null: open on that side. */
  validFrom: IsoDate | null;
  validUntil: IsoDate | null;
  /** Uses in all; null: unlimited. */
  usageLimit: number | null;
  /** Uses per customer e-mail; null: unlimited. */
  perCustomerLimit: number | null;
  timesUsed: number;
  /** Only for these events, or the events of these categories; both empty: for every event. */
  eventIds: readonly string[];
  categoryIds: readonly number[];
};

/** Why a code is refused, each with its own text (`voucher.refused.<reason>`). */
export const voucherRefusals = ["unknown", "inactive", "not_yet_valid", "expired", "not_for_event", "used_up", "customer_limit"] as const;
export type VoucherRefusal = (typeof voucherRefusals)[number];

export type VoucherUse = {
  today: IsoDate;
  eventId: string;
  categoryId: number;
  /** Uses of the code already standing under the customer's e-mail (not counting this booking). */
  customerUses: number;
};

/** Why the code may not be used for this booking now, or null when it may. */
export function voucherRefusal(voucher: VoucherTerms | null, use: VoucherUse): VoucherRefusal | null {
  if (!voucher) return "unknown";
  if (!voucher.active) return "inactive";
  if (voucher.validFrom !== null && use.today < voucher.validFrom) return "not_yet_valid";
  if (voucher.validUntil !== null && use.today > voucher.validUntil) return "expired";
  const restricted = voucher.eventIds.length > 0 || voucher.categoryIds.length > 0;
  if (restricted && !voucher.eventIds.includes(use.eventId) && !voucher.categoryIds.includes(use.categoryId)) return "not_for_event";
  if (voucher.usageLimit !== null && voucher.timesUsed >= voucher.usageLimit) return "used_up";
  if (voucher.perCustomerLimit !== null && use.customerUses >= voucher.perCustomerLimit) return "customer_limit";
  return null;
}

/** What the code takes off a total: never more than the total, a percentage rounded half up to the cent. */
export function voucherDiscountCents(discount: VoucherDiscount, totalCents: Cents): Cents {
  if (totalCents <= 0) return 0;
  const cents = discount.kind === "amount" ? discount.amountCents : percentOf(totalCents, discount.percent);
  return Math.max(0, Math.min(cents, totalCents));
}

/** A code as typed: surrounding spaces dropped, upper case (codes are kept in upper case). */
export const normalizeVoucherCode = (code: string): string => code.trim().toUpperCase();
/** What a code may look like: letters, digits and dashes, 3 to 32 of them. */
export const voucherCodePattern = /^[A-Z0-9-]{3,32}$/;

/**
 * The discount as price lines of the booking: one negative line per VAT rate of the booked lines,
 * shared over the rates in proportion to their gross (as a staff reduction is on an invoice), so the
 * VAT each rate contains is right after the discount. Labelled `label` in every language.
 */
export function discountLinesOf(
  lines: readonly Pick<BookedPriceLine, "totalCents" | "vatRateBasisPoints">[],
  discountCents: Cents,
  code: string,
  label: Readonly<Record<string, string>>,
): BookedPriceLine[] {
  if (discountCents <= 0) return [];
  return shareOverRates(discountCents, lines).map((share) => ({
    kind: "discount",
    key: code,
    label: { ...label },
    quantity: 1,
    unitCents: -share.amountCents,
    totalCents: -share.amountCents,
    vatRateBasisPoints: share.vatRateBasisPoints,
  }));
}

/** What staff enter for a code (the contract's fields that have rules across them). */
export type VoucherInput = {
  code: string;
  discountKind: "amount" | "percent";
  discountValue: number;
  validFrom: IsoDate | null;
  validUntil: IsoDate | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
};

type VoucherProblemField = "code" | "discount_value" | "valid_until" | "usage_limit" | "per_customer_limit";
type VoucherProblemKey = "api.voucherInvalid" | "admin.vouchers.invalidValue" | "admin.vouchers.invalidDates" | "admin.vouchers.invalidLimit";

/** Each field's problem as a catalogue key; empty when the code may be saved. */
export function voucherInputProblems(input: VoucherInput): Partial<Record<VoucherProblemField, VoucherProblemKey>> {
  const problems: Partial<Record<VoucherProblemField, VoucherProblemKey>> = {};
  if (!voucherCodePattern.test(normalizeVoucherCode(input.code))) problems.code = "api.voucherInvalid";
  const valueOk =
    Number.isInteger(input.discountValue) && input.discountValue > 0 && (input.discountKind === "amount" ? input.discountValue <= 10_000_000 : input.discountValue <= 100);
  if (!valueOk) problems.discount_value = "admin.vouchers.invalidValue";
  if (input.validFrom !== null && input.validUntil !== null && input.validUntil < input.validFrom) problems.valid_until = "admin.vouchers.invalidDates";
  const limitOk = (limit: number | null) => limit === null || (Number.isInteger(limit) && limit >= 1 && limit <= 1_000_000);
  if (!limitOk(input.usageLimit)) problems.usage_limit = "admin.vouchers.invalidLimit";
  if (!limitOk(input.perCustomerLimit)) problems.per_customer_limit = "admin.vouchers.invalidLimit";
  return problems;
}
