import { pickLocale } from "../../../core/contracts/localized-text";
import type { StaffAuditEntry, StaffAuditList, StaffAuditQuery } from "../../../core/contracts/staff-audit";
import type { Actor } from "../../../core/domain/permissions";
import { describeStaffAuditEntry } from "../../../core/domain/staff-audit-entry";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Database, Queryable } from "../../db/client";
import { countStaffAuditRows, eventTitles, readStaffAuditRows, staffAuditPeople, type StaffAuditRecord } from "./staff-audit-records";

/** The rows as the reader reads them: what happened and its sentence in their language. */
export async function describedRows(db: Queryable, rows: readonly StaffAuditRecord[], locale: Locale): Promise<StaffAuditEntry[]> {
  const titles = await eventTitles(db, rows);
  return rows.map((row) => {
    const title = typeof row.details.event === "string" ? titles.get(row.details.event) : undefined;
    const described = describeStaffAuditEntry({ action: row.action, details: row.details, subjectName: row.subjectEmail ?? (title ? pickLocale(title, locale) : null) }, locale);
    return {
      id: row.id,
      at: row.at.toISOString(),
      actor_id: row.actorId,
      actor_email: row.actorEmail,
      action: row.action,
      kind: described.kind,
      what: described.what,
      text: described.text,
    };
  });
}

/**
 * `GET api/staff/audit` and `/admin/audit` (issue 31, decision 078): the staff audit log, newest first,
 * filtered by person, kind and operator days, a page at a time, in the reader's language. Admins only.
 * One read-only snapshot, so the page and its total agree.
 */
export async function listStaffAudit(deps: { db: Database }, actor: Actor, input: { query: StaffAuditQuery; locale: Locale }): Promise<StaffAuditList> {
  authorize(actor, "staff.audit.read", null);
  const { query } = input;
  return deps.db.transaction(
    async (tx) => {
      const rows = await readStaffAuditRows(tx, query, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
      return {
        data: await describedRows(tx, rows, input.locale),
        meta: { page: query.page, per_page: query.per_page, total: await countStaffAuditRows(tx, query) },
        people: await staffAuditPeople(tx),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
