import type { StaffAuditFilter } from "../../../core/contracts/staff-audit";
import { formatDateTime } from "../../../core/domain/dates";
import type { Actor } from "../../../core/domain/permissions";
import { staffAuditCsv } from "../../../core/domain/staff-audit-entry";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { describedRows } from "./list-staff-audit";
import { readStaffAuditRows, writeStaffAudit } from "./staff-audit-records";

/** One file holds at most this many rows, the newest; a narrower filter gets older ones. */
export const staffAuditExportLimit = 10_000;

/**
 * `GET api/staff/audit.csv` and `/admin/audit/export.csv` (issue 31): the filtered log as a CSV in the
 * reader's language, newest first. The export is itself a row of the log (`audit_exported`, with the
 * filter), written in the transaction that reads the rows. Admins only.
 */
export async function exportStaffAudit(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { filter: StaffAuditFilter; locale: Locale },
): Promise<{ fileName: string; contentType: string; body: string }> {
  authorize(actor, "staff.audit.read", null);
  const { locale, filter } = input;
  const t = translatorFor(locale);
  const now = deps.now();
  const entries = await deps.db.transaction(async (tx) => {
    const rows = await readStaffAuditRows(tx, filter, { limit: staffAuditExportLimit, offset: 0 });
    const described = await describedRows(tx, rows, locale);
    const recorded = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
    await writeStaffAudit(tx, actor, { action: "audit_exported", details: { filter: recorded, rows: rows.length }, at: now });
    return described;
  });
  const header = (["when", "who", "kind", "what", "details"] as const).map((column) => t(`admin.audit.columns.${column}`));
  const lines = entries.map((entry) => [
    formatDateTime(entry.at, locale),
    entry.actor_email,
    entry.kind ? t(`admin.audit.kinds.${entry.kind}`) : "",
    entry.what,
    entry.text ?? "",
  ]);
  return { fileName: `${t("admin.audit.fileName")}_${now.toISOString().slice(0, 10)}.csv`, contentType: "text/csv; charset=utf-8", body: staffAuditCsv(header, lines) };
}
