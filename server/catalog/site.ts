import { asc, eq } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import type { Site } from "../../core/contracts/site";
import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { sites } from "../db/schema";
import { countryName } from "../../core/i18n/countries";
import { notFound } from "../errors";

/** The operator's site data; without an id, the first (and usually only) site. */
export async function getSite(db: Queryable, locale: Locale, id?: number): Promise<Site> {
  const query = db.select().from(sites);
  const [row] = await (id === undefined ? query.orderBy(asc(sites.id)).limit(1) : query.where(eq(sites.id, id)).limit(1));
  if (!row) throw notFound("siteNotFound");
  return {
    id: row.id,
    company: row.company,
    street: row.street,
    zip: row.zip,
    city: row.city,
    // Stored as an ISO code, shown in the reader's language.
    country: countryName(row.country, locale),
    phone: row.phone,
    fax: row.fax,
    email: row.email,
    website: row.website,
    registry_court: row.registryCourt,
    managing_director: row.managingDirector,
    vat_id: row.vatId,
    support_email: row.supportEmail,
    support_hours: pickLocale(row.supportHours, locale),
    travel_operator_notice: pickLocale(row.travelOperatorNotice, locale),
    leisure_withdrawal_notice: pickLocale(row.leisureWithdrawalNotice, locale),
    deposit_percent: row.depositPercent,
    balance_due_days_before_event: row.balanceDueDaysBeforeEvent,
  };
}
