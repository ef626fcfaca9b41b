import { eq } from "drizzle-orm";
import type { SiteSettings, SiteSettingsChange } from "../../../core/contracts/site";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { sites } from "../../db/schema";
import { auditContentChange, firstSiteRow, toSiteSettings } from "./site-settings-records";

/**
 * An admin saves the site settings (decision 035): every field at once, as the form shows them,
 * already checked by the contract. One transaction with the audit row naming each changed field
 * (from → to); nothing changed, nothing written. The caller drops the public read cache. On a fresh
 * installation the first save creates them: that is how the seed writes them (decision 043).
 */
export async function updateSiteSettings(
  deps: { db: Database; now: () => Date; widgetFrameAncestorsDefault: string },
  actor: Actor,
  input: { settings: SiteSettingsChange; actorEmail: string },
): Promise<SiteSettings> {
  authorize(actor, "staff.site.manage", null);
  const now = deps.now();
  const { settings } = input;
  return deps.db.transaction(async (tx) => {
    const row = await firstSiteRow(tx, { forUpdate: true });
    if (!row) {
      // Only a first start meets no site; it seeds under an advisory lock (server/db/seed.ts), so one row is made.
      const [created] = await tx.insert(sites).values(siteColumns(settings, now)).returning();
      if (!created) throw new Error("site settings insert returned nothing");
      await auditContentChange(tx, { actor, actorEmail: input.actorEmail, action: "site_settings_created", details: {}, at: now });
      return toSiteSettings(created, deps.widgetFrameAncestorsDefault);
    }
    const before = toSiteSettings(row, deps.widgetFrameAncestorsDefault);
    const changed = Object.fromEntries(
      (Object.keys(settings) as (keyof SiteSettingsChange)[])
        .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(settings[field]))
        .map((field) => [field, { from: before[field], to: settings[field] }]),
    );
    if (Object.keys(changed).length === 0) return before;
    const [updated] = await tx.update(sites).set(siteColumns(settings, now)).where(eq(sites.id, row.id)).returning();
    if (!updated) throw new Error("site settings update returned nothing");
    await auditContentChange(tx, { actor, actorEmail: input.actorEmail, action: "site_settings_changed", details: { changed }, at: now });
    return toSiteSettings(updated, deps.widgetFrameAncestorsDefault);
  });
}

function siteColumns(settings: SiteSettingsChange, now: Date) {
  return {
    company: settings.company,
    street: settings.street,
    zip: settings.zip,
    city: settings.city,
    country: settings.country,
    phone: settings.phone,
    fax: settings.fax,
    email: settings.email,
    website: settings.website,
    registryCourt: settings.registry_court,
    managingDirector: settings.managing_director,
    vatId: settings.vat_id,
    supportEmail: settings.support_email,
    supportHours: settings.support_hours,
    travelOperatorNotice: settings.travel_operator_notice,
    leisureWithdrawalNotice: settings.leisure_withdrawal_notice,
    depositPercent: settings.deposit_percent,
    balanceDueDaysBeforeEvent: settings.balance_due_days_before_event,
    holdMinutes: settings.hold_minutes,
    bankTransferDueDays: settings.bank_transfer_due_days,
    uploadRetentionDays: settings.upload_retention_days,
    answerRetentionDays: settings.answer_retention_days,
    vatTreatment: settings.vat_treatment,
    bankName: settings.bank_name,
    iban: settings.iban,
    bic: settings.bic,
    widgetFrameAncestors: settings.widget_frame_ancestors || null,
    updatedAt: now,
  } satisfies typeof sites.$inferInsert;
}
