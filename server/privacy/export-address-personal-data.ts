import { personalDataExportSchema, staffPersonalDataExportSchema } from "../../core/contracts/personal-data";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { validationFailed } from "../accounts/account-records";
import { authorize } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { writeStaffAudit } from "../staff/audit/staff-audit-records";
import type { PersonalDataFile } from "./export-personal-data";
import { renderPersonalDataPdf } from "./personal-data-pdf";
import { addressPersonalData } from "./personal-data-records";

/**
 * A data-subject request's copy (Art. 15 GDPR, issue 30): everything held under an e-mail address as
 * JSON or the readable PDF, for an admin to send on. Written to the staff audit log with the address and
 * what the file held, in the same transaction as the read.
 */
export async function exportAddressPersonalData(
  deps: { db: Queryable; now: () => Date },
  actor: Actor,
  input: { email: unknown; format: unknown; locale: Locale },
): Promise<PersonalDataFile> {
  authorize(actor, "staff.personal-data.manage", null);
  const parsed = staffPersonalDataExportSchema.safeParse({ email: input.email, format: input.format });
  if (!parsed.success) throw validationFailed(fieldErrorsOf(parsed.error, input.locale));
  const { email, format } = parsed.data;
  const now = deps.now();
  const data = await deps.db.transaction(async (tx) => {
    const found = personalDataExportSchema.parse(await addressPersonalData(tx, email, { locale: input.locale, now }));
    await writeStaffAudit(tx, actor, {
      action: "personal_data_exported",
      details: { email, format, bookings: found.bookings.length, account: found.account !== null, waitlist_entries: found.waitlist_entries.length },
      at: now,
    });
    return found;
  });
  const name = `personal-data-${email.replace(/[^a-z0-9]+/g, "-")}-${now.toISOString().slice(0, 10)}`;
  if (format === "json") {
    return { filename: `${name}.json`, contentType: "application/json; charset=utf-8", body: new TextEncoder().encode(JSON.stringify(data, null, 2)), data };
  }
  return { filename: `${name}.pdf`, contentType: "application/pdf", body: await renderPersonalDataPdf(data, input.locale), data };
}
