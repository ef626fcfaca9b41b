import type { StaffVoucherInput } from "../../core/contracts/staff-vouchers";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import type { Deps } from "../deps/deps";
import { listStaffVouchers } from "../staff/vouchers/list-staff-vouchers";
import { saveStaffVoucher } from "../staff/vouchers/save-staff-voucher";
import { setStaffVoucherActive } from "../staff/vouchers/set-staff-voucher-active";

/** The back office's discount codes (issue 31, decision 079): list, create, change, deactivate; every write audited. */
export function bindStaffVouchers(deps: Deps) {
  const vouchers = { db: deps.db, now: deps.now };
  return {
    list: (actor: Actor) => listStaffVouchers(vouchers, actor),
    create: (actor: Actor, input: { voucher: StaffVoucherInput; actorEmail: string; locale: Locale }) => saveStaffVoucher(vouchers, actor, input),
    update: (actor: Actor, input: { voucherId: string; voucher: StaffVoucherInput; actorEmail: string; locale: Locale }) => saveStaffVoucher(vouchers, actor, input),
    setActive: (actor: Actor, input: { voucherId: string; active: boolean; actorEmail: string }) => setStaffVoucherActive(vouchers, actor, input),
  };
}
