import { expect, test, type APIRequestContext } from "@playwright/test";
import { downloadBy, expectNoAxeViolations, hydrated, journeyLanguages, linkIn, mailMatching, pdfText, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * Staff edit a booking's answers and companions (decision 032): correct a companion's name, add a
 * companion (the price follows), see both on the detail page, and the customer gets the mail.
 */

type Booked = { bookingUuid: string; code: string };

/** A confirmed invoice booking with one companion (Jonas Berg) of an event of the test's own (manage-test-routes.ts). */
async function invoiceBooking(request: APIRequestContext, locale: "en" | "de", email: string): Promise<Booked> {
  const response = await request.post("/__test/manage-bookings", { data: { copyOf: "golfYogaTrip", email, locale } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Booked;
}

const texts = {
  en: {
    edit: "Edit answers",
    forename: "First name",
    billingSeparate: "Send the invoice to a different billing address",
    billingStreet: "Street and number",
    surname: "Last name",
    save: "Save changes",
    saved: "Changes saved. The customer will get one e-mail about the changes in a few minutes.",
    notify: "Tell the customer by e-mail",
    add: "Add companion",
    addDialog: "Add a companion",
    added: "Companion added; the price has been updated.",
    back: /Back to the booking/,
    mail: (code: string) => new RegExp(`^The details of your booking ${code} were changed$`),
    invoices: "Invoices",
    cancellation: /^Download Cancellation invoice INV-\d{4}-\d{6} as PDF$/,
    invoice: /^Download Invoice INV-\d{4}-\d{6} as PDF$/,
    cancellationTitle: "Cancellation invoice",
    cancels: /cancels (INV-\d{4}-\d{6})/,
    corrected: (code: string) => new RegExp(`^Your invoice for booking ${code} has been corrected$`),
  },
  de: {
    edit: "Angaben bearbeiten",
    forename: "Vorname",
    billingSeparate: "Rechnung an eine abweichende Rechnungsadresse senden",
    billingStreet: "Straße und Hausnummer",
    surname: "Nachname",
    save: "Änderungen speichern",
    saved: "Änderungen gespeichert. Die Kundin oder der Kunde erhält in einigen Minuten eine E-Mail zu den Änderungen.",
    notify: "Kundin oder Kunden per E-Mail informieren",
    add: "Begleitperson hinzufügen",
    addDialog: "Begleitperson hinzufügen",
    added: "Begleitperson hinzugefügt; der Preis wurde aktualisiert.",
    back: /Zurück zur Buchung/,
    mail: (code: string) => new RegExp(`^Die Angaben Ihrer Buchung ${code} wurden geändert$`),
    invoices: "Rechnungen",
    cancellation: /^Stornorechnung INV-\d{4}-\d{6} als PDF herunterladen$/,
    invoice: /^Rechnung INV-\d{4}-\d{6} als PDF herunterladen$/,
    cancellationTitle: "Stornorechnung",
    cancels: /storniert (INV-\d{4}-\d{6})/,
    corrected: (code: string) => new RegExp(`^Ihre Rechnung zur Buchung ${code} wurde korrigiert$`),
  },
} as const;

for (const language of journeyLanguages("de")) {
  const t = texts[language.locale];
  test.describe(`editing a booking in the back office (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff correct a companion's name and add a companion; the price follows and the customer gets the mail", async ({ page, request }) => {
      test.slow();
      const customer = uniqueEmail(`edit-${language.locale}`);
      const { bookingUuid, code } = await invoiceBooking(request, language.locale, customer);
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/bookings/${bookingUuid}` });

      await page.getByRole("link", { name: t.edit }).click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/admin/bookings/${bookingUuid}/edit$`));
      const moneyBefore = await page.getByTestId("edit-money").textContent();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-booking-edit-${language.locale}`);

      // The billing address is asked for only while its checkbox is ticked: no required stars before (issue 32).
      await hydrated(page);
      const billingStreet = page.locator("label").filter({ hasText: t.billingStreet }).last();
      await expect(billingStreet.locator('[aria-hidden="true"]')).toHaveCount(0);
      await page.getByLabel(t.billingSeparate).check();
      await expect(billingStreet.locator('[aria-hidden="true"]')).toHaveCount(1);
      await page.getByLabel(t.billingSeparate).uncheck();

      // A blank name is answered at its field and saves nothing; then the corrected name is saved.
      const companion = page.getByRole("group", { name: /Companion 1|Begleitperson 1/ });
      await companion.getByLabel(t.forename).fill("");
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByRole("group", { name: /Companion 1|Begleitperson 1/ }).getByLabel(t.forename)).toHaveAttribute("aria-invalid", "true");
      await page
        .getByRole("group", { name: /Companion 1|Begleitperson 1/ })
        .getByLabel(t.forename)
        .fill("Jonathan");
      // Staff choose whether the customer is told; ticked unless they untick it (issue 32).
      await expect(page.getByRole("checkbox", { name: t.notify })).toBeChecked();
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByRole("status").filter({ hasText: t.saved })).toBeVisible();

      // A second companion: the dialog by keyboard, its fields, and the price goes up.
      await page.getByRole("button", { name: t.add }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("alertdialog", { name: t.addDialog });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByLabel(t.forename).fill("Greta");
      await dialog.getByLabel(t.surname).fill("Sommer");
      await dialog.getByRole("button", { name: t.add }).click();
      await expect(page.getByRole("status").filter({ hasText: t.added })).toBeVisible();
      await expect(page.getByTestId("edit-money")).not.toHaveText(moneyBefore ?? "");
      await shootPhoneAndDesktop(page, `admin-booking-edit-added-${language.locale}`);

      await page.getByRole("link", { name: t.back }).click();
      await expect(page.getByText("Jonathan Berg").first()).toBeVisible();
      await expect(page.getByText("Greta Sommer").first()).toBeVisible();
      await expect(page.getByText(/Jonas → Jonathan/).first()).toBeVisible();
      await expectNoAxeViolations(page);
      const mail = await mailMatching(customer, t.mail(code));
      // One mail per edit: the latest lists the companion added and the new total.
      expect(mail.text).toContain("Greta Sommer");

      // The price changed: the invoice is cancelled by a cancellation invoice and a new one issued (issue 28).
      const invoices = page.getByRole("region", { name: t.invoices });
      await expect(invoices.getByRole("link", { name: t.cancellation })).toHaveCount(1);
      await expect(invoices.getByRole("link", { name: t.invoice })).toHaveCount(2);
      const cancelledNumber = t.cancels.exec((await invoices.textContent()) ?? "")?.[1] ?? "";
      expect(cancelledNumber).not.toBe("");
      const cancellationPdf = await pdfText(await downloadBy(invoices.getByRole("link", { name: t.cancellation })));
      expect(cancellationPdf).toContain(t.cancellationTitle);
      expect(cancellationPdf).toContain(cancelledNumber);
      await invoices.scrollIntoViewIfNeeded();
      await shootPhoneAndDesktop(page, `admin-booking-invoices-${language.locale}`);

      // The customer gets both documents and finds them on the manage page.
      const corrected = await mailMatching(customer, t.corrected(code));
      expect(corrected.text).toContain(cancelledNumber);
      await page.goto(linkIn(corrected, /https?:\/\/\S+\/my-booking\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}/));
      const listed = page.getByRole("region", { name: t.invoices });
      await expect(listed.getByRole("link", { name: t.cancellation })).toHaveCount(1);
      const replacementPdf = await pdfText(await downloadBy(listed.getByRole("link", { name: t.invoice }).last()));
      expect(replacementPdf).toContain(code);
      await expectNoAxeViolations(page);
      await listed.scrollIntoViewIfNeeded();
      await shootPhoneAndDesktop(page, `manage-booking-invoices-${language.locale}`);
    });
  });
}
