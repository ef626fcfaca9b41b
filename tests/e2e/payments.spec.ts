import { expect, test, type Page } from "@playwright/test";
import { fillGolfBookingUpToPayment, payOnSandbox, reviewAndBook, type Locale } from "./booking-steps";
import { expectNoAxeViolations, journeyLanguages, mailMatching, uniqueEmail } from "./support";

const text = {
  en: {
    creditCard: "Credit card",
    // A card booking is not complete before it is paid: no "thank you" yet (issue 12).
    thanks: "Your places are held — pay now to complete your booking",
    cardDetailsReady: "Please have your card details ready.",
    cardNumber: "Card number",
    pay: /^Pay /,
    confirm: "Confirm payment",
    received: "Payment received",
    paidInFull: "Your booking is confirmed and paid in full.",
    failed: "Payment not completed",
    retry: "Try again",
    cancel: "Cancel and return to the booking",
    receipt: /Payment received: booking GC-/,
    invoice: /^Your invoice INV-\d{4}-\d{6} for booking GC-/,
    invalidNumber: "Please enter a valid card number.",
  },
  de: {
    creditCard: "Kreditkarte",
    thanks: "Ihre Plätze sind reserviert – bezahlen Sie jetzt, um Ihre Buchung abzuschließen",
    cardDetailsReady: "Bitte halten Sie Ihre Kartendaten bereit.",
    cardNumber: "Kartennummer",
    pay: / bezahlen$/,
    confirm: "Zahlung bestätigen",
    received: "Zahlung erhalten",
    paidInFull: "Ihre Buchung ist bestätigt und vollständig bezahlt.",
    failed: "Zahlung nicht abgeschlossen",
    retry: "Erneut versuchen",
    cancel: "Abbrechen und zur Buchung zurückkehren",
    receipt: /Zahlung erhalten: Buchung GC-/,
    invoice: /^Ihre Rechnung INV-\d{4}-\d{6} zur Buchung GC-/,
    invalidNumber: "Bitte geben Sie eine gültige Kartennummer ein.",
  },
} as const;

const clara = (email: string) =>
  ({
    salutation: "mrs",
    forename: "Clara",
    surname: "Fischer",
    street: "Seestraße 4",
    postcode: "82319",
    city: "Starnberg",
    phone: "+49 8151 123456",
    email,
  }) as const;

/**
 * Books the golf tournament by card: after the review step the browser goes straight on to the
 * provider's checkout; the tests that pay from `/booking-success` go back to it from there.
 */
async function bookByCard(page: Page, locale: Locale, prefix: string, email: string) {
  const t = text[locale];
  await fillGolfBookingUpToPayment(page, locale, prefix, clara(email));
  await page.getByRole("radio", { name: t.creditCard }).check();
  await reviewAndBook(page, locale);
  await expect(page).toHaveURL(/\/sandbox-checkout\/sbx_/);
  // Going back lands on the booking just made, not on an empty form that looks like it was lost.
  await page.goBack();
  await expect(page).toHaveURL(/\/booking-success\?booking=/);
  await expect(page.getByRole("heading", { level: 1, name: t.thanks })).toBeVisible();
  await expect(page.getByText(t.cardDetailsReady)).toBeVisible();
  // Forward again: the checkout the booking was sent to (a second one right away would be refused as in progress, decision 008).
  await page.goForward();
  await expect(page).toHaveURL(/\/sandbox-checkout\/sbx_/);
}

for (const language of journeyLanguages("de")) {
  const t = text[language.locale];
  test.describe(`card payment in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("book and pay on the sandbox's hosted page: confirmed, paid in full, receipt by e-mail", async ({ page }) => {
      const email = uniqueEmail(`pay-${language.locale}`);
      test.slow(); // the booking now has its review step too
      await bookByCard(page, language.locale, language.prefix, email);
      await expectNoAxeViolations(page);
      // A mistyped number stays on the provider's page with the error at the field.
      await page.getByLabel(t.cardNumber).fill("4242 4242 4242 4241");
      await page.getByRole("button", { name: t.pay }).click();
      await expect(page.getByLabel(t.cardNumber)).toHaveAccessibleDescription(t.invalidNumber);
      await payOnSandbox(page, language.locale, "4242 4242 4242 4242", "Clara Fischer");
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/payment/success/[A-Za-z0-9_-]+$`));
      await expect(page.getByRole("heading", { level: 1, name: t.received })).toBeVisible();
      await expect(page.getByText(t.paidInFull)).toBeVisible();
      await expectNoAxeViolations(page);
      await mailMatching(email, t.receipt);
      // A card booking is binding once paid: its invoice comes with it (issue 28).
      await mailMatching(email, t.invoice);
    });

    test("a declined card comes back to the failed page; the retry passes the extra confirmation step", async ({ page }) => {
      const email = uniqueEmail(`decline-${language.locale}`);
      test.slow(); // the booking now has its review step too
      await bookByCard(page, language.locale, language.prefix, email);
      // Cancelling on the provider's page comes back to the failed page, which offers another try.
      await page.getByRole("link", { name: t.cancel }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.failed })).toBeVisible();
      await page.getByRole("button", { name: t.retry }).click();
      await payOnSandbox(page, language.locale, "4000 0000 0000 0002", "Clara Fischer");
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/payment/failed/[A-Za-z0-9_-]+$`));
      await expect(page.getByRole("heading", { level: 1, name: t.failed })).toBeVisible();
      await expect(page.getByText(t.cardDetailsReady)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: t.retry }).click();
      await expect(page).toHaveURL(/\/sandbox-checkout\/sbx_/);
      await payOnSandbox(page, language.locale, "4000 0027 6000 3184", "Clara Fischer");
      await page.getByRole("button", { name: t.confirm }).click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/payment/success/`));
      await expect(page.getByRole("heading", { level: 1, name: t.received })).toBeVisible();
      await mailMatching(email, t.receipt);
    });
  });
}
