import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, languages, latestMail, uniqueEmail } from "./support";

/** The golf tournament starts within 30 days: a card booking pays the whole amount at once. */
const golfForm = "8e89f816-042d-4100-b96c-5b088371f82b";

const text = {
  en: {
    salutation: /^Salutation( \*)?$/,
    mrs: "Mrs.",
    forename: /^First name( \*)?$/,
    surname: /^Last name( \*)?$/,
    street: /^Street and number( \*)?$/,
    postcode: /^Postcode( \*)?$/,
    city: /^City( \*)?$/,
    phone: /^Phone( \*)?$/,
    email: /^Email( \*)?$/,
    next: "Save and continue",
    handicap: "Up to 18",
    terms: /I accept the terms and conditions/,
    creditCard: "Credit card",
    submit: "Book now with obligation to pay",
    thanks: "Thank you for your booking!",
    cardDetailsReady: "Please have your card details ready.",
    payButton: /^Pay .+ by card$/,
    testMode: /Test mode/,
    cardNumber: "Card number",
    expiry: "Expiry date (MM/YY)",
    cvc: "Security code (CVC)",
    holder: "Name on card",
    pay: /^Pay /,
    confirm: "Confirm payment",
    received: "Payment received",
    paidInFull: "Your booking is confirmed and paid in full.",
    failed: "Payment not completed",
    retry: "Try again",
    cancel: "Cancel and return to the booking",
    receipt: /Payment received: booking GC-/,
    invalidNumber: "Please enter a valid card number.",
  },
  de: {
    salutation: /^Anrede( \*)?$/,
    mrs: "Frau",
    forename: /^Vorname( \*)?$/,
    surname: /^Nachname( \*)?$/,
    street: /^Straße und Hausnummer( \*)?$/,
    postcode: /^Postleitzahl( \*)?$/,
    city: /^Ort( \*)?$/,
    phone: /^Telefon( \*)?$/,
    email: /^E-Mail( \*)?$/,
    next: "Speichern und weiter",
    handicap: "Bis 18",
    terms: /Ich akzeptiere die AGB/,
    creditCard: "Kreditkarte",
    submit: "Zahlungspflichtig buchen",
    thanks: "Vielen Dank für Ihre Buchung!",
    cardDetailsReady: "Bitte halten Sie Ihre Kartendaten bereit.",
    payButton: /^.+ mit Karte bezahlen$/,
    testMode: /Testmodus/,
    cardNumber: "Kartennummer",
    expiry: "Gültig bis (MM/JJ)",
    cvc: "Prüfnummer (CVC)",
    holder: "Name auf der Karte",
    pay: / bezahlen$/,
    confirm: "Zahlung bestätigen",
    received: "Zahlung erhalten",
    paidInFull: "Ihre Buchung ist bestätigt und vollständig bezahlt.",
    failed: "Zahlung nicht abgeschlossen",
    retry: "Erneut versuchen",
    cancel: "Abbrechen und zur Buchung zurückkehren",
    receipt: /Zahlung erhalten: Buchung GC-/,
    invalidNumber: "Bitte geben Sie eine gültige Kartennummer ein.",
  },
} as const;

type Texts = (typeof text)[keyof typeof text];

/** Books the golf tournament by card up to `/booking-success`. */
async function bookByCard(page: Page, t: Texts, prefix: string, email: string) {
  await page.goto(`${prefix}/booking/${golfForm}`);
  await page.getByLabel(t.salutation).selectOption({ label: t.mrs });
  await page.getByLabel(t.forename).fill("Clara");
  await page.getByLabel(t.surname).fill("Fischer");
  await page.getByLabel(t.street).fill("Seestraße 4");
  await page.getByLabel(t.postcode).fill("82319");
  await page.getByLabel(t.city).fill("Starnberg");
  await page.getByLabel(t.phone).fill("+49 8151 123456");
  await page.getByLabel(t.email).fill(email);
  await page.getByRole("button", { name: t.next }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await page.getByLabel(t.handicap).check();
  await page.getByRole("button", { name: t.next }).click();
  await expect(page).toHaveURL(/\?page=3$/);
  await page.getByLabel(t.terms).check();
  await page.getByRole("radio", { name: t.creditCard }).check();
  await page.getByRole("button", { name: t.submit }).click();
  await expect(page.getByRole("heading", { level: 1, name: t.thanks })).toBeVisible();
  // Going back lands on the booking just made, not on an empty form that looks like it was lost.
  await page.goBack();
  await expect(page).toHaveURL(/\/booking-success\?booking=/);
  await expect(page.getByRole("heading", { level: 1, name: t.thanks })).toBeVisible();
  await expect(page.getByText(t.cardDetailsReady)).toBeVisible();
}

async function payWithCard(page: Page, t: Texts, card: string) {
  await expect(page.getByText(t.testMode)).toBeVisible();
  await page.getByLabel(t.cardNumber).fill(card);
  await page.getByLabel(t.expiry).fill("12/34");
  await page.getByLabel(t.cvc).fill("123");
  await page.getByLabel(t.holder).fill("Clara Fischer");
  await page.getByRole("button", { name: t.pay }).click();
}

for (const language of languages) {
  const t = text[language.locale];
  test.describe(`card payment in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("book and pay on the sandbox's hosted page: confirmed, paid in full, receipt by e-mail", async ({ page }) => {
      const email = uniqueEmail(`pay-${language.locale}`);
      await bookByCard(page, t, language.prefix, email);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: t.payButton }).click();
      await expect(page).toHaveURL(/\/sandbox-checkout\/sbx_/);
      await expectNoAxeViolations(page);
      // A mistyped number stays on the provider's page with the error at the field.
      await page.getByLabel(t.cardNumber).fill("4242 4242 4242 4241");
      await page.getByRole("button", { name: t.pay }).click();
      await expect(page.getByLabel(t.cardNumber)).toHaveAccessibleDescription(t.invalidNumber);
      await payWithCard(page, t, "4242 4242 4242 4242");
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/payment/success/[A-Za-z0-9_-]+$`));
      await expect(page.getByRole("heading", { level: 1, name: t.received })).toBeVisible();
      await expect(page.getByText(t.paidInFull)).toBeVisible();
      await expectNoAxeViolations(page);
      await expect.poll(async () => (await latestMail(email)).subject).toMatch(t.receipt);
    });

    test("a declined card comes back to the failed page; the retry passes the extra confirmation step", async ({ page }) => {
      const email = uniqueEmail(`decline-${language.locale}`);
      await bookByCard(page, t, language.prefix, email);
      await page.getByRole("button", { name: t.payButton }).click();
      // Cancelling on the provider's page comes back to the failed page, which offers another try.
      await page.getByRole("link", { name: t.cancel }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.failed })).toBeVisible();
      await page.getByRole("button", { name: t.retry }).click();
      await payWithCard(page, t, "4000 0000 0000 0002");
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/payment/failed/[A-Za-z0-9_-]+$`));
      await expect(page.getByRole("heading", { level: 1, name: t.failed })).toBeVisible();
      await expect(page.getByText(t.cardDetailsReady)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: t.retry }).click();
      await expect(page).toHaveURL(/\/sandbox-checkout\/sbx_/);
      await payWithCard(page, t, "4000 0027 6000 3184");
      await page.getByRole("button", { name: t.confirm }).click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/payment/success/`));
      await expect(page.getByRole("heading", { level: 1, name: t.received })).toBeVisible();
      await expect.poll(async () => (await latestMail(email)).subject).toMatch(t.receipt);
    });
  });
}
