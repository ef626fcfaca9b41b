/**
 * How the seed writes what the back office can write (decision 043): as `seedActor`, through the same
 * verbs (server/staff/content/) with the inputs checked by the same contracts (core/contracts/*), inside the
 * seed's one transaction. Every change leaves its audit row, naming the seed as the one who acted.
 */
import { staffPageInputSchema } from "../../core/contracts/pages";
import { siteSettingsSchema } from "../../core/contracts/site";
import { seedActor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { createContentPage } from "../staff/content/create-content-page";
import { publishContentPage } from "../staff/content/publish-content-page";
import { updateSiteSettings } from "../staff/content/update-site-settings";
import type { Transaction } from "../db/client";
import { inEveryListedLocale } from "../db/factories/common";
import { legalPages, legalText, type LegalPageKey } from "../db/factories/pages";
import type { SiteSettings } from "../db/factories/site";

/** What the audit rows of the seed's changes say in place of a staff member's e-mail address. */
export const seedActorEmail = "seed (first start)";

/** The verbs' deps: the seed's transaction (their own transactions nest as savepoints) and its clock. */
export type SeedDeps = { db: Transaction; now: () => Date; widgetFrameAncestorsDefault: string };

export const seedDeps = (tx: Transaction, now: Date): SeedDeps => ({ db: tx, now: () => now, widgetFrameAncestorsDefault: "" });

/**
 * The site settings, as an admin would save them on the settings page (the first save creates them).
 * Their texts are asked in every language of the list: one the seed has no text for gets the English one.
 */
export async function seedSiteSettings(deps: SeedDeps, site: SiteSettings): Promise<void> {
  const settings = siteSettingsSchema.parse({
    company: site.company,
    street: site.street,
    zip: site.zip,
    city: site.city,
    country: site.country,
    phone: site.phone,
    fax: site.fax,
    email: site.email,
    website: site.website,
    registry_court: site.registryCourt,
    managing_director: site.managingDirector,
    vat_id: site.vatId,
    support_email: site.supportEmail,
    support_hours: inEveryListedLocale(site.supportHours),
    travel_operator_notice: inEveryListedLocale(site.travelOperatorNotice),
    leisure_withdrawal_notice: inEveryListedLocale(site.leisureWithdrawalNotice),
    deposit_percent: site.depositPercent,
    balance_due_days_before_event: site.balanceDueDaysBeforeEvent,
    hold_minutes: site.holdMinutes,
    bank_transfer_due_days: site.bankTransferDueDays,
    upload_retention_days: site.uploadRetentionDays,
    answer_retention_days: site.answerRetentionDays,
    vat_treatment: site.vatTreatment,
    bank_name: site.bankName,
    iban: site.iban,
    bic: site.bic,
    widget_frame_ancestors: "",
  });
  await updateSiteSettings(deps, seedActor, { settings, actorEmail: seedActorEmail });
}

/**
 * The legal pages (terms, privacy, imprint), created and published in menu order with their texts
 * from the content files (a language without its own file and names gets the English ones); `ids`: the demo's fixed ones (a production site's get fresh ones).
 */
export async function seedLegalPages(deps: SeedDeps, ids: Partial<Record<LegalPageKey, string>>): Promise<void> {
  for (const page of legalPages) {
    const change = staffPageInputSchema.parse({
      show_on_mobile: page.showOnMobile,
      translations: Object.fromEntries(
        Object.entries(inEveryListedLocale(page.translations)).map(([locale, translation]) => [
          locale,
          { ...translation, content: legalText(page.key, locale as Locale) },
        ]),
      ),
    });
    const created = await createContentPage(deps, seedActor, { change, actorEmail: seedActorEmail, locale: "en", fixedId: ids[page.key], legalKey: page.key });
    await publishContentPage(deps, seedActor, { pageId: created.uuid, published: true, actorEmail: seedActorEmail });
  }
}
