import { expect, test } from "@playwright/test";
import { fillGolfBookingUpToPayment, participantLabels } from "./booking-steps";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, languages, shootPhoneAndDesktop, uniqueEmail } from "./support";

/**
 * Issue 12 "flow": the review step before the binding click (every person, answer and price line,
 * each page with an "Edit" link), card bookings going straight on to the provider after it, and the
 * payment method's `*` and help text saying what is really required and due.
 */
const text = {
  en: {
    review: "Review your booking",
    extras: "Companions & extras",
    paymentLegend: "Payment method",
    invoice: "Invoice (bank transfer)",
    creditCard: "Credit card",
    sma: "Send my booking as a request and call me to verify it",
    dueFull: /^The full amount \(€[\d,.]+\) is due on booking\.$/,
    oldHelp: /A deposit of 25 %/,
    editExtras: "Edit “Companions & extras”",
    editParticipant: "Edit “Main participant”",
    handicapAnswer: "Up to 18",
    price: "Price summary",
    thanks: "Thank you for your booking!",
    submitRequest: "Review my booking request",
  },
  de: {
    review: "Buchung prüfen",
    extras: "Begleitpersonen & Extras",
    paymentLegend: "Zahlungsart",
    invoice: "Rechnung (Überweisung)",
    creditCard: "Kreditkarte",
    sma: "Buchung als Anfrage senden und mich zur Bestätigung anrufen",
    dueFull: /^Der volle Betrag \([\d.,]+\s€\) ist bei Buchung fällig\.$/,
    oldHelp: /Anzahlung von 25 %/,
    editExtras: "„Begleitpersonen & Extras“ ändern",
    editParticipant: "„Hauptteilnehmer“ ändern",
    handicapAnswer: "Bis 18",
    price: "Preisübersicht",
    thanks: "Vielen Dank für Ihre Buchung!",
    submitRequest: "Buchungsanfrage prüfen",
  },
} as const;

const person = (email: string) =>
  ({
    salutation: "mr",
    forename: "Jonas",
    surname: "Brandl",
    street: "Hauptstraße 12",
    postcode: "83646",
    city: "Bad Tölz",
    phone: "+49 8041 778899",
    email,
  }) as const;

for (const language of languages) {
  test.describe(`review step (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB" });

    test("with a call-back request chosen, the review step's address leads to the request's own review screen", async ({ page }) => {
      test.slow();
      const t = { ...participantLabels[language.locale], ...text[language.locale] };
      await fillGolfBookingUpToPayment(page, language.locale, language.prefix, person(uniqueEmail("flow-review-sma")));
      await hydrated(page);
      const reviewAddress = `${new URL(page.url()).pathname}?page=review`;
      await page.getByRole("checkbox", { name: t.sma }).check();
      await page.getByRole("button", { name: t.submitRequest }).click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/sma-checkout\\?booking=`));
      // Typed in, bookmarked or reached by Forward: the request is still reviewed on its own screen.
      await page.goto(reviewAddress);
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/sma-checkout\\?booking=`));
    });

    test("the payment method's * goes with a call-back request, its help says what is due, and the review lists everything with edit links before the one booking button", async ({
      page,
    }) => {
      test.slow(); // many steps and an axe scan on a machine shared by several runs
      const consoleClean = failOnConsoleErrors(page);
      const t = { ...participantLabels[language.locale], ...text[language.locale] };
      const email = uniqueEmail("flow-review");
      await fillGolfBookingUpToPayment(page, language.locale, language.prefix, person(email));
      await hydrated(page);
      const legend = page.locator("legend", { hasText: t.paymentLegend });
      await expect(legend).toHaveText(new RegExp(`^${t.paymentLegend}\\s*\\*$`));
      // The tournament starts within 30 days: everything is due on booking, not a deposit.
      const help = page.locator("fieldset", { has: legend }).locator("p[id$='-hint']");
      await expect(help).toHaveText(t.dueFull);
      await expect(page.getByText(t.oldHelp)).toHaveCount(0);
      await page.getByRole("checkbox", { name: t.sma }).check();
      await expect(legend).toHaveText(t.paymentLegend);
      await page.getByRole("checkbox", { name: t.sma }).uncheck();
      await expect(legend).toHaveText(new RegExp(`^${t.paymentLegend}\\s*\\*$`));
      await page.getByRole("radio", { name: t.invoice }).check();

      await page.getByRole("button", { name: t.toReview }).click();
      await expect(page).toHaveURL(/\?page=review$/);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(t.review);
      await expect(heading).toBeFocused();
      const main = page.getByRole("main");
      for (const shown of ["Jonas", "Brandl", "Hauptstraße 12", email, t.handicapAnswer, t.invoice]) await expect(main).toContainText(shown);
      await expect(page.getByRole("heading", { name: t.price })).toBeVisible();
      await expect(page.getByTestId("price-summary")).toBeVisible();
      // Only the review step's button books.
      await expect(page.getByRole("button", { name: t.submit })).toHaveCount(1);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `flow-review-${language.locale}`);

      // Each section's "Edit" opens its page with the saved answers; Back returns to the review.
      await page.getByRole("link", { name: t.editExtras }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(page.getByLabel(t.handicap)).toBeChecked();
      await page.goBack();
      await expect(page).toHaveURL(/\?page=review$/);
      await page.getByRole("link", { name: t.editParticipant }).click();
      await expect(page.getByLabel(t.forename)).toHaveValue("Jonas");
      await page.goto(`${language.prefix}/booking?page=review`);
      await expect(heading).toHaveText(t.review);

      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.thanks })).toBeVisible();
      consoleClean();
    });

    test("a card booking goes straight on to the provider's checkout after the review step", async ({ page }) => {
      const t = { ...participantLabels[language.locale], ...text[language.locale] };
      await fillGolfBookingUpToPayment(page, language.locale, language.prefix, person(uniqueEmail("flow-card")));
      await page.getByRole("radio", { name: t.creditCard }).check();
      await page.getByRole("button", { name: t.toReview }).click();
      await expect(page).toHaveURL(/\?page=review$/);
      await expect(page.getByRole("main")).toContainText(t.creditCard);
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page).toHaveURL(/\/sandbox-checkout\/sbx_/);
      await expect(page.getByText(t.thanks)).toHaveCount(0);
    });
  });
}
