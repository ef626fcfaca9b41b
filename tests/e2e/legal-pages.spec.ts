import { expect, test } from "@playwright/test";
import { defaultLeisureWithdrawalNotice } from "../../core/domain/withdrawal-notice";
import { fillGolfBookingUpToPayment, participantLabels } from "./booking-steps";
import { expectNoAxeViolations, hydrated, languages, mailMatching, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * The legal pages and notices (issue 30): the imprint follows a change of the site settings at once;
 * the review step says, next to the booking button, that a leisure event has no right of withdrawal,
 * and the booking mail repeats it; in the back office the legal pages are protected (no delete or
 * unpublish), staff read them, admins edit them. Changes the site's phone: a site-wide spec.
 */

const texts = {
  en: {
    siteTitle: "Site settings",
    phone: /^Phone( \*)?$/,
    noticeEn: /^No right of withdrawal: track days, tournaments and other leisure events \(English\)( \*)?$/,
    saveSite: "Save settings",
    savedSite: "The site settings are saved.",
    imprint: "/imprint",
    imprintHeading: "Imprint",
    withdrawal: "Right of withdrawal",
    invoice: "Invoice (bank transfer)",
    thanks: "Thank you for your booking!",
    received: /^Booking received: /,
    pagesTitle: "Content pages",
    legalBadge: "Legal page",
    protectedNote: "Always online: cannot be deleted or taken offline.",
    edit: (name: string) => `Edit: ${name}`,
    read: (name: string) => `Read: ${name}`,
    delete: "Delete",
    unpublish: (name: string) => `Unpublish: ${name}`,
    imprintName: "Imprint",
    readOnly: "Only admins edit the legal pages; you can read this one here.",
    placeholders: "Placeholders you can use",
    savePage: "Save page",
  },
  de: {
    siteTitle: "Website-Einstellungen",
    phone: /^Telefon( \*)?$/,
    noticeEn: /^Kein Widerrufsrecht: Trackdays, Turniere und andere Freizeitveranstaltungen \(English\)( \*)?$/,
    saveSite: "Einstellungen speichern",
    savedSite: "Die Website-Einstellungen sind gespeichert.",
    imprint: "/de/impressum",
    imprintHeading: "Impressum",
    withdrawal: "Widerrufsrecht",
    invoice: "Rechnung (Überweisung)",
    thanks: "Vielen Dank für Ihre Buchung!",
    received: /^Buchung eingegangen: /,
    pagesTitle: "Inhaltsseiten",
    legalBadge: "Rechtstext",
    protectedNote: "Immer online: kann nicht gelöscht oder offline genommen werden.",
    edit: (name: string) => `Bearbeiten: ${name}`,
    read: (name: string) => `Lesen: ${name}`,
    delete: "Löschen",
    unpublish: (name: string) => `Zurückziehen: ${name}`,
    imprintName: "Impressum",
    readOnly: "Nur Administratorinnen und Administratoren bearbeiten die Rechtstexte; Sie können diesen hier lesen.",
    placeholders: "Verfügbare Platzhalter",
    savePage: "Seite speichern",
  },
} as const;

// The phone is the whole site's: the two languages change it one after the other.
test.describe.configure({ mode: "default" });

for (const language of languages) {
  const t = texts[language.locale];
  test.describe(`legal pages and notices (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("an admin changes the phone in the site settings: the imprint shows the new one at once, like the footer", async ({ page, request }) => {
      const admin = await newStaffMember(request, { role: "admin", locale: language.locale });
      await logInAsStaff(page, admin, { locale: language.locale, redirectTo: `${language.prefix}/admin/site` });
      await expect(page.getByRole("heading", { level: 1, name: t.siteTitle })).toBeVisible();
      await hydrated(page);
      // The withdrawal notice is one of the settings, in every language.
      await expect(page.getByLabel(t.noticeEn)).toHaveValue(defaultLeisureWithdrawalNotice.en);
      await page.getByLabel(t.noticeEn).scrollIntoViewIfNeeded();
      await shootPhoneAndDesktop(page, `legal-site-settings-${language.locale}`);
      const phone = `+49 89 ${String(Date.now()).slice(-7)}`;
      await page.getByLabel(t.phone).fill(phone);
      await page.getByRole("button", { name: t.saveSite }).click();
      await expect(page.getByText(t.savedSite)).toBeVisible();

      await page.goto(t.imprint);
      await expect(page.getByRole("heading", { level: 1, name: t.imprintHeading })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(phone);
      await expect(page.getByRole("main")).not.toContainText("{{");
      await expect(page.getByRole("contentinfo")).toContainText(phone);
      await expectNoAxeViolations(page);
    });

    test("the review step tells before the booking button that there is no right of withdrawal, and the booking mail repeats it", async ({ page }) => {
      test.slow();
      const labels = participantLabels[language.locale];
      const email = uniqueEmail("legal-withdrawal");
      await fillGolfBookingUpToPayment(page, language.locale, language.prefix, {
        salutation: "mrs",
        forename: "Lena",
        surname: "Hofer",
        street: "Seestraße 4",
        postcode: "82319",
        city: "Starnberg",
        phone: "+49 8151 12345",
        email,
      });
      await page.getByRole("radio", { name: t.invoice }).check();
      await page.getByRole("button", { name: labels.toReview }).click();
      await expect(page).toHaveURL(/\?page=review$/);
      const notice = page.getByRole("region", { name: t.withdrawal });
      await expect(notice).toContainText(defaultLeisureWithdrawalNotice[language.locale]);
      // In the booking button's form, before the button.
      const form = page.locator("form", { has: page.getByRole("button", { name: labels.submit }) });
      await expect(form.getByRole("region", { name: t.withdrawal })).toBeVisible();
      await notice.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `legal-review-notice-${language.locale}`);

      await page.getByRole("button", { name: labels.submit }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.thanks })).toBeVisible();
      const mail = await mailMatching(email, t.received);
      expect(mail.text).toContain(t.withdrawal);
      expect(mail.text).toContain(defaultLeisureWithdrawalNotice[language.locale]);
    });

    test("the legal pages are protected in the back office: staff read them, admins edit them, nobody deletes or unpublishes them", async ({ page, request }) => {
      const staff = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, staff, { locale: language.locale, redirectTo: `${language.prefix}/admin/pages` });
      await expect(page.getByRole("heading", { level: 1, name: t.pagesTitle })).toBeVisible();
      const row = page.getByRole("row", { name: new RegExp(t.imprintName) }).first();
      await expect(row).toContainText(t.legalBadge);
      await expect(row).toContainText(t.protectedNote);
      await expect(row.getByRole("button", { name: t.delete })).toHaveCount(0);
      await expect(row.getByRole("button", { name: t.unpublish(t.imprintName) })).toHaveCount(0);
      await expect(row.getByRole("link", { name: t.edit(t.imprintName) })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `legal-pages-list-staff-${language.locale}`);

      await row.getByRole("link", { name: t.read(t.imprintName) }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.read(t.imprintName) })).toBeVisible();
      await expect(page.getByText(t.readOnly)).toBeVisible();
      await expect(page.getByText("{{phone}}").first()).toBeVisible();
      await expect(page.getByRole("button", { name: t.savePage })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `legal-page-read-only-${language.locale}`);

      const admin = await newStaffMember(request, { role: "admin", locale: language.locale });
      await page.context().clearCookies();
      await logInAsStaff(page, admin, { locale: language.locale, redirectTo: `${language.prefix}/admin/pages` });
      const adminRow = page.getByRole("row", { name: new RegExp(t.imprintName) }).first();
      await expect(adminRow.getByRole("button", { name: t.delete })).toHaveCount(0);
      await adminRow.getByRole("link", { name: t.edit(t.imprintName) }).click();
      await expect(page.getByRole("heading", { name: t.placeholders })).toHaveCount(0);
      await expect(page.getByText(t.placeholders)).toBeVisible();
      await expect(page.getByRole("button", { name: t.savePage })).toBeVisible();
      await hydrated(page);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `legal-page-admin-editor-${language.locale}`);
    });
  });
}
