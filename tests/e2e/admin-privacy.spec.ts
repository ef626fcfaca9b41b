import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { golfBookingOverApi } from "./api-bookings";
import { expectNoAxeViolations, journeyLanguages, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * A data-subject request by e-mail address (issue 30): an admin finds what is held for a customer's
 * address, downloads the copy, and erases it after typing the address twice; staff who are not admins
 * see neither the link nor the page. One language walks it (decision 073); both were looked at when it was new.
 */
const texts = {
  en: {
    nav: "Personal data",
    title: "Personal data requests",
    email: "E-mail address",
    find: "Find",
    heldFor: (email: string) => `Held for ${email}`,
    invoiceKept: "Kept: its name and address stay",
    json: "Download (JSON)",
    erase: "Erase…",
    eraseTitle: (email: string) => `Erase the personal data of ${email}?`,
    confirm: "Type the address again to confirm",
    note: "Note for the audit log (optional)",
    eraseConfirm: "Erase for good",
    mismatch: "The two addresses are not the same.",
    erased: (email: string) => `Erased for ${email}: 1 booking(s) anonymized, 0 waitlist sign-up(s) and`,
    nothing: "Nothing is held under this address.",
    forbidden: "This page is for admins.",
  },
  de: {
    nav: "Personenbezogene Daten",
    title: "Auskunft und Löschung",
    email: "E-Mail-Adresse",
    find: "Suchen",
    heldFor: (email: string) => `Gespeichert zu ${email}`,
    invoiceKept: "Aufbewahrt: Name und Anschrift bleiben",
    json: "Herunterladen (JSON)",
    erase: "Löschen…",
    eraseTitle: (email: string) => `Personenbezogene Daten von ${email} löschen?`,
    confirm: "Adresse zur Bestätigung erneut eingeben",
    note: "Notiz für das Protokoll (optional)",
    eraseConfirm: "Endgültig löschen",
    mismatch: "Die beiden Adressen stimmen nicht überein.",
    erased: (email: string) => `Gelöscht für ${email}: 1 Buchung(en) anonymisiert, 0 Wartelisten-Eintrag/-Einträge und`,
    nothing: "Zu dieser Adresse ist nichts gespeichert.",
    forbidden: "Diese Seite ist Administratoren vorbehalten.",
  },
} as const;

for (const language of journeyLanguages("de")) {
  const t = texts[language.locale];
  test.describe(`personal data requests (${language.locale})`, () => {
    test.use({ locale: language.acceptLanguage.split(",")[0], extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("an admin finds a customer's data by address, downloads the copy and erases it; staff see no such page", async ({ page, request }) => {
      test.slow();
      const customer = uniqueEmail(`privacy-${language.locale}`);
      const { code } = await golfBookingOverApi(
        request,
        language.locale,
        {
          salutation: "mrs",
          forename: "Hanna",
          surname: "Privat",
          street: "Lindenweg 3",
          postcode: "80331",
          city: "München",
          phone: "+49 89 123456",
          email: customer,
        },
        "invoice",
      );
      const admin = await newStaffMember(request, { role: "admin", locale: language.locale });
      await logInAsStaff(page, admin, { locale: language.locale });
      await page.getByRole("navigation").getByRole("link", { name: t.nav }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      // The address is posted, never put in the page's address.
      await page.getByLabel(t.email).fill(customer.toUpperCase());
      await page.getByRole("button", { name: t.find }).click();
      const held = page.locator("section", { has: page.getByRole("heading", { level: 2, name: t.heldFor(customer) }) });
      await expect(page.getByRole("heading", { level: 2, name: t.heldFor(customer) })).toBeVisible();
      expect(page.url()).not.toContain("example.com");
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: code }) });
      await expect(row).toContainText(t.invoiceKept);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-privacy-found-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // The copy: a JSON file with the booking under the address.
      const [download] = await Promise.all([page.waitForEvent("download"), held.getByRole("button", { name: t.json }).first().click()]);
      const copy = JSON.parse(readFileSync((await download.path()) ?? "", "utf8")) as { scope: string; bookings: { code: string }[] };
      expect(copy.scope).toBe("address");
      expect(copy.bookings.map((booking) => booking.code)).toEqual([code]);

      // The erasure: the address typed wrongly is refused in the dialog, nothing erased; typed again, it goes.
      await page.getByRole("button", { name: t.erase }).click();
      let dialog = page.getByRole("alertdialog", { name: t.eraseTitle(customer) });
      await dialog.getByLabel(t.confirm).fill("someone.else@example.com");
      await dialog.getByRole("button", { name: t.eraseConfirm }).click();
      dialog = page.getByRole("alertdialog", { name: t.eraseTitle(customer) });
      await expect(dialog.getByText(t.mismatch)).toBeVisible();
      await expect(row).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-privacy-erase-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await dialog.getByLabel(t.confirm).fill(customer);
      await dialog.getByLabel(t.note).fill("Asked by e-mail");
      await dialog.getByRole("button", { name: t.eraseConfirm }).click();
      await expect(page.getByText(t.erased(customer))).toBeVisible();
      await expect(page.getByText(t.nothing)).toBeVisible();

      // Staff who are not admins: no link, and the page is refused.
      const member = await newStaffMember(request, { locale: language.locale });
      await page.context().clearCookies();
      await logInAsStaff(page, member, { locale: language.locale });
      await expect(page.getByRole("navigation").getByRole("link", { name: t.nav })).toHaveCount(0);
      const refused = await page.goto(`${language.prefix}/admin/privacy`);
      expect(refused?.status()).toBe(403);
      await expect(page.getByText(t.forbidden).first()).toBeVisible();
    });
  });
}
