import type { VoucherRefusal } from "../../core/domain/vouchers";
import { AppError } from "../errors";

/** The field a refused code's message belongs to, on the review step's form and in the API's `errors`. */
export const voucherField = "voucher_code";

const messageOf = {
  unknown: "voucherUnknown",
  inactive: "voucherInactive",
  not_yet_valid: "voucherNotYetValid",
  expired: "voucherExpired",
  not_for_event: "voucherNotForEvent",
  used_up: "voucherUsedUp",
  customer_limit: "voucherCustomerLimit",
} as const satisfies Record<VoucherRefusal, string>;

/**
 * A code that may not be used, as the 409 the web and the API show: the reason's own localized
 * message (the review step shows it at the code's field; decision 079). Nothing was changed.
 */
export function voucherRefusedError(reason: VoucherRefusal): AppError {
  return new AppError("CONFLICT", messageOf[reason], { reason: "voucher_refused" });
}
