import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import type { Deps } from "../deps/deps";
import { exportPersonalData, type PersonalDataSubject } from "../privacy/export-personal-data";

/**
 * Personal data (issue 30, decision 076): the export of an account's or a booking's data. Erasure runs
 * inside the account deletion (server/accounts/delete-account.ts) and the retention job (services.jobs).
 */
export function bindPrivacy(deps: Deps) {
  return {
    exportData: (actor: Actor, input: { subject: PersonalDataSubject; format: string; locale: Locale }) => exportPersonalData(deps, actor, input),
  };
}
