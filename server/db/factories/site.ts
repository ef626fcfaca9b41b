/**
 * The site's settings (the operator: company, address, bank, deposit rules): what every installation
 * needs, production included, until a back office edits them. The seed saves them through the
 * settings verb (server/db/seed-services.ts); tests read them to know what the site says.
 */
import type { sites } from "../schema";
import { defaultLeisureWithdrawalNotice } from "../../../core/domain/withdrawal-notice";
import { t } from "./common";

const company = "Trackside & Fairway Events GmbH";

export const siteSettings = {
  company,
  street: "Leopoldstraße 118",
  zip: "80802",
  city: "München",
  country: "DE",
  phone: "+49 89 2154 8870",
  fax: "+49 89 2154 8879",
  email: "info@trackside-fairway.de",
  website: "https://www.trackside-fairway.de",
  registryCourt: "Amtsgericht München, HRB 254871",
  managingDirector: "Katharina Brandl",
  vatId: "DE318452967",
  supportEmail: "support@trackside-fairway.de",
  supportHours: t("Mon–Fri 8:00–18:00 German time", "Mo–Fr 8:00–18:00 Uhr deutscher Zeit"),
  travelOperatorNotice: t(
    `All events are organised by ${company} as travel operator within the meaning of the German package travel law (§§ 651a et seq. BGB).`,
    `Alle Veranstaltungen werden von der ${company} als Reiseveranstalter im Sinne des Pauschalreiserechts (§§ 651a ff. BGB) durchgeführt.`,
  ),
  leisureWithdrawalNotice: defaultLeisureWithdrawalNotice,
  bankName: "Stadtsparkasse München",
  iban: "DE69701500001004589321",
  bic: "SSKMDEMMXXX",
  depositPercent: 25,
  balanceDueDaysBeforeEvent: 30,
  holdMinutes: 30,
  bankTransferDueDays: 14,
  uploadRetentionDays: 90,
  answerRetentionDays: 365,
  vatTreatment: "margin_scheme",
} satisfies typeof sites.$inferInsert;

export type SiteSettings = typeof siteSettings;
