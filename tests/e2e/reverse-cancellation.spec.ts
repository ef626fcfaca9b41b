import { expect, test } from "@playwright/test";
import { golfBookingOverApi } from "./api-bookings";
import { expectNoAxeViolations, hydrated, languages, linkIn, mailMatching, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * Staff reverse a customer's cancellation within a day (issue 30, decision 075): a card booking paid
 * in full, cancelled by the customer on their manage link (over its API: the page is
 * customer-cancel.spec.ts), is put back from the back office's booking page. The button's dialog says
 * until when and what comes back; after it the booking is confirmed, owes what was refunded, and its
 * trail names the reversal. Both languages: the texts are what matters here.
 */

const texts = {
  en: {
    reverse: "Reverse cancellation",
    dialog: "Reverse the customer's cancellation?",
    until: /^The customer cancelled on .+\. Until .+ you can reverse it:/,
    done: /^The cancellation was reversed: the booking is confirmed again and owes €[\d,.]+\.$/,
    trail: "Cancellation reversed",
    payment: /^Payment received: booking /,
    mail: /^Your booking \S+ is confirmed again$/,
    owed: /€[\d,.]+ is still to be paid; you can pay it on your booking's page\./,
  },
  de: {
    reverse: "Stornierung zurücknehmen",
    dialog: "Stornierung des Kunden zurücknehmen?",
    until: /^Der Kunde hat am .+ storniert\. Bis .+ können Sie das zurücknehmen:/,
    done: /^Die Stornierung wurde zurückgenommen: Die Buchung ist wieder bestätigt und schuldet [\d.,]+\s€\.$/,
    trail: "Stornierung zurückgenommen",
    payment: /^Zahlung erhalten: Buchung /,
    mail: /^Ihre Buchung \S+ ist wieder bestätigt$/,
    owed: /[\d.,]+\s€ sind noch zu zahlen; Sie können den Betrag auf Ihrer Buchungsseite bezahlen\./,
  },
} as const;

for (const language of languages) {
  const t = texts[language.locale];
  test.describe(`reversing a customer's cancellation (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff put a booking the customer cancelled back within a day: confirmed, owing the refund again", async ({ page, request }) => {
      test.slow();
      const email = uniqueEmail(`reverse-${language.locale}`);
      const customer = { salutation: "mrs", forename: "Clara", surname: "Fischer", street: "Seestraße 4", postcode: "82319", city: "Starnberg", phone: "+49 8151 123456", email } as const;
      const { bookingUuid } = await golfBookingOverApi(request, language.locale, customer, "card");
      const paid = await mailMatching(email, t.payment);
      const token = linkIn(paid, /https?:\/\/\S+\/my-booking\/[0-9a-f-]{36}\.0\.[A-Za-z0-9_-]{43}/).split("/my-booking/")[1] ?? "";
      const preview = await request.post(`/api/booking/manage/${token}/cancel/preview`);
      expect(preview.status()).toBe(200);
      const { data } = (await preview.json()) as { data: { fee_cents: number } };
      expect((await request.post(`/api/booking/manage/${token}/cancel`, { data: { fee_cents: data.fee_cents } })).status()).toBe(200);

      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/bookings/${bookingUuid}` });
      await hydrated(page);
      await page.getByRole("button", { name: t.reverse, exact: true }).click();
      const dialog = page.getByRole("alertdialog", { name: t.dialog });
      await expect(dialog.getByText(t.until)).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `reverse-cancellation-dialog-${language.locale}`);

      await dialog.getByRole("button", { name: t.reverse, exact: true }).click();
      await expect(page.getByText(t.done)).toBeVisible();
      // Done once: the button is gone, the trail names the reversal.
      await expect(page.getByRole("button", { name: t.reverse, exact: true })).toHaveCount(0);
      await expect(page.getByText(t.trail, { exact: true }).first()).toBeVisible();
      await shootPhoneAndDesktop(page, `reverse-cancellation-done-${language.locale}`);
      // The customer hears of it: confirmed again, and what is owed now.
      const told = await mailMatching(email, t.mail);
      expect(told.text).toMatch(t.owed);
    });
  });
}
