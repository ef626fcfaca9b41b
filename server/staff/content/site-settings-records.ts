import { asc } from "drizzle-orm";
import type { SiteSettings } from "../../../core/contracts/site";
import type { Actor } from "../../../core/domain/permissions";
import type { Queryable } from "../../db/client";
import { sites, staffAuditLog } from "../../db/schema";
import { everyLocale } from "../../../core/contracts/localized-text";
import type { StaffAuditAction } from "../../../core/domain/staff-audit-entry";

type SiteRow = typeof sites.$inferSelect;

/** The first (and usually only) site; the public reads take the same one (server/catalog/site.ts). */
export async function firstSiteRow(db: Queryable, options: { forUpdate?: boolean } = {}): Promise<SiteRow | undefined> {
  const query = db.select().from(sites).orderBy(asc(sites.id)).limit(1);
  const [row] = await (options.forUpdate ? query.for("update") : query);
  return row;
}

/** The stored settings as the back office edits them; `fallback`: the server's default for the widget's framers. */
export function toSiteSettings(row: SiteRow, fallback: string): SiteSettings {
  return {
    company: row.company,
    street: row.street,
    zip: row.zip,
    city: row.city,
    country: row.country,
    phone: row.phone,
    fax: row.fax,
    email: row.email,
    website: row.website,
    registry_court: row.registryCourt,
    managing_director: row.managingDirector,
    vat_id: row.vatId,
    support_email: row.supportEmail,
    support_hours: everyLocale(row.supportHours),
    travel_operator_notice: everyLocale(row.travelOperatorNotice),
    leisure_withdrawal_notice: everyLocale(row.leisureWithdrawalNotice),
    deposit_percent: row.depositPercent,
    balance_due_days_before_event: row.balanceDueDaysBeforeEvent,
    hold_minutes: row.holdMinutes,
    bank_transfer_due_days: row.bankTransferDueDays,
    upload_retention_days: row.uploadRetentionDays,
    answer_retention_days: row.answerRetentionDays,
    vat_treatment: row.vatTreatment,
    bank_name: row.bankName,
    iban: row.iban,
    bic: row.bic,
    widget_frame_ancestors: row.widgetFrameAncestors ?? "",
    effective_widget_frame_ancestors: row.widgetFrameAncestors || fallback,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A back-office change that is not a booking's and names no account (site settings, content pages):
 * who, what, the details (decision 035). In the caller's transaction.
 */
export async function auditContentChange(
  db: Queryable,
  input: { actor: Actor; actorEmail: string; action: StaffAuditAction; details: Record<string, unknown>; at: Date },
): Promise<void> {
  await db.insert(staffAuditLog).values({
    actorId: input.actor.user?.userId ?? null,
    actorEmail: input.actorEmail,
    action: input.action,
    details: input.details,
    at: input.at,
  });
}
