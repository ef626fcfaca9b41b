import { expect, test } from "@playwright/test";
import { golfBookingOverApi } from "./api-bookings";
import { expectNoAxeViolations, hydrated, languages, linkIn, mailMatching, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * A customer takes one companion off their booking (issue 30, decision 075 addendum): main participant
 * and two golf-playing companions (€149.00 each) on the tournament, paid in full by card in the sandbox;
 * the event then starts in 40 days, where the default schedule asks 20 %. The preview shows the
 * companion's share, the fee (€29.80), the new total (€327.80), the card refund (€119.20) and nothing
 * left to pay; after the confirmation the manage page, the customer's mail and the back office's money
 * panel show the same figures. Both languages: the texts and the number formats are what matters here.
 */

const texts = {
  en: {
    payment: /^Payment received: booking /,
    people: "People",
    remove: "Remove Erika Musterfrau…",
    heading: "If you remove Erika Musterfrau now",
    confirm: "Remove Erika Musterfrau for €29.80",
    figures: [
      ["Their share of the price", "€149.00"],
      ["Cancellation fee", "€29.80"],
      ["New total of the booking", "€327.80"],
      ["Refunded to your card now", "€119.20"],
      ["Still to pay after removing", "€0.00"],
    ],
    done: "Erika Musterfrau has been taken off your booking. We have sent you an e-mail with the details.",
    total: "€327.80",
    mail: /^A companion was taken off your booking \S+$/,
    mailTexts: ["The cancellation fee is €29.80.", "The booking's total is now €327.80", "We are refunding €119.20 to your card"],
    feeLine: "Cancellation fee: Erika Musterfrau (companion)",
    fee: "€29.80",
    trail: "Companion removed by the customer",
  },
  de: {
    payment: /^Zahlung erhalten: Buchung /,
    people: "Personen",
    remove: "Erika Musterfrau entfernen …",
    heading: "Wenn Sie Erika Musterfrau jetzt entfernen",
    confirm: /^Erika Musterfrau für 29,80\s€ entfernen$/,
    figures: [
      ["Anteil der Begleitperson am Preis", /^149,00\s€$/],
      ["Stornogebühr", /^29,80\s€$/],
      ["Neuer Gesamtbetrag der Buchung", /^327,80\s€$/],
      ["Jetzt auf Ihre Karte erstattet", /^119,20\s€$/],
      ["Danach noch zu zahlen", /^0,00\s€$/],
    ],
    done: "Erika Musterfrau wurde aus Ihrer Buchung genommen. Wir haben Ihnen eine E-Mail mit den Einzelheiten geschickt.",
    total: /327,80\s€/,
    mail: /^Eine Begleitperson wurde aus Ihrer Buchung \S+ genommen$/,
    mailTexts: [/Die Stornogebühr beträgt 29,80\s€\./, /Der Gesamtbetrag der Buchung beträgt jetzt 327,80\s€/, /Wir erstatten Ihnen 119,20\s€ auf Ihre Karte/],
    feeLine: "Stornogebühr: Erika Musterfrau (Begleitperson)",
    fee: /29,80\s€/,
    trail: "Begleitperson vom Kunden entfernt",
  },
} as const;

for (const language of languages) {
  const t = texts[language.locale];
  test.describe(`a customer removes a companion (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("40 days before the event: the schedule's fee on their share, a preview, then the same figures on the page, in the mail and in the back office", async ({
      page,
      request,
    }) => {
      test.slow();
      const email = uniqueEmail(`companion-${language.locale}`);
      const customer = { salutation: "mrs", forename: "Clara", surname: "Fischer", street: "Seestraße 4", postcode: "82319", city: "Starnberg", phone: "+49 8151 123456", email } as const;
      const { bookingUuid, eventUuid } = await golfBookingOverApi(request, language.locale, customer, "card", {
        companions: [
          { type: "golf_playing", forename: "Erika", surname: "Musterfrau" },
          { type: "golf_playing", forename: "Hans", surname: "Beispiel" },
        ],
      });
      const paid = await mailMatching(email, t.payment);
      const managePath = new URL(linkIn(paid, /https?:\/\/\S+\/my-booking\/[0-9a-f-]{36}\.0\.[A-Za-z0-9_-]{43}/)).pathname;
      // Paid in full while the event was near; now it starts in 40 days: the default schedule's 20 %.
      expect((await request.post(`/__test/events/${eventUuid}/starts-in?days=40`)).status()).toBe(200);

      await page.goto(managePath);
      await hydrated(page);
      const people = page.getByRole("region", { name: t.people });
      await people.getByRole("button", { name: t.remove }).click();
      const preview = people.getByTestId("remove-companion-preview");
      await expect(preview.getByRole("heading", { name: t.heading })).toBeVisible();
      for (const [label, value] of t.figures) {
        const row = preview.locator("div").filter({ has: page.getByText(label, { exact: true }) });
        await expect(row.locator("dd")).toHaveText(value);
      }
      const confirm = preview.getByRole("button", { name: t.confirm });
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(page);
      await people.scrollIntoViewIfNeeded();
      await shootPhoneAndDesktop(page, `companion-removal-preview-${language.locale}`);

      await confirm.click();
      await expect(page.getByText(t.done)).toBeVisible();
      await expect(people.getByText("Erika Musterfrau", { exact: true })).toHaveCount(0);
      await expect(people.getByText("Hans Beispiel", { exact: true })).toBeVisible();
      await expect(page.getByRole("region", { name: language.locale === "en" ? "Payment" : "Zahlung" }).getByText(t.total).first()).toBeVisible();
      await shootPhoneAndDesktop(page, `companion-removal-done-${language.locale}`);

      const mail = await mailMatching(email, t.mail);
      for (const text of t.mailTexts) expect(mail.text).toMatch(text);

      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/bookings/${bookingUuid}` });
      const feeRow = page.getByRole("row", { name: t.feeLine });
      await expect(feeRow).toBeVisible();
      await expect(feeRow.getByRole("cell")).toHaveText(t.fee);
      await expect(page.getByRole("row", { name: language.locale === "en" ? /^Total/ : /^Gesamt/ }).first()).toContainText(t.total);
      // The booking's trail names it, with the fee.
      await expect(page.getByText(t.trail, { exact: true }).first()).toBeVisible();
      await feeRow.scrollIntoViewIfNeeded();
      await shootPhoneAndDesktop(page, `companion-removal-back-office-${language.locale}`);
    });
  });
}
