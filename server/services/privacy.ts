import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import type { Deps } from "../deps/deps";
import { eraseAddressPersonalData } from "../privacy/erase-address-personal-data";
import { exportAddressPersonalData } from "../privacy/export-address-personal-data";
import { exportPersonalData, type PersonalDataSubject } from "../privacy/export-personal-data";
import { findAddressPersonalData } from "../privacy/find-address-personal-data";

/**
 * Personal data (issue 30, decision 076): the export of an account's or a booking's data. Erasure runs
 * inside the account deletion (server/accounts/delete-account.ts) and the retention job (services.jobs).
 */
export function bindPrivacy(deps: Deps) {
  return {
    exportData: (actor: Actor, input: { subject: PersonalDataSubject; format: string; locale: Locale }) => exportPersonalData(deps, actor, input),
  };
}

/** Data-subject requests answered by admins, by e-mail address (issue 30): find, export, erase; each audited. */
export function bindStaffPrivacy(deps: Deps) {
  return {
    find: (actor: Actor, input: Parameters<typeof findAddressPersonalData>[2]) => findAddressPersonalData(deps, actor, input),
    export: (actor: Actor, input: Parameters<typeof exportAddressPersonalData>[2]) => exportAddressPersonalData(deps, actor, input),
    erase: (actor: Actor, input: Parameters<typeof eraseAddressPersonalData>[2]) => eraseAddressPersonalData(deps, actor, input),
  };
}
