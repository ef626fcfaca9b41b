import { expect, test } from "@playwright/test";
import { golfBookingOverApi } from "./api-bookings";
import { expectNoAxeViolations, languages, linkIn, mailMatching, shootPhoneAndDesktop, uniqueEmail } from "./support";

/**
 * Cancellation by the customer (issue 30, decision 075): a booking paid in full by card in the
 * sandbox, cancelled from its manage page. The page shows the fee of the event's schedule (the
 * tournament starts within 30 days: the default 50 % from 14 days, 80 % after), a preview with the fee,
 * what goes back to the card and what is still to pay, and after the confirmation the booking is
 * cancelled and the customer gets the mails. Both languages: the texts are what matters here.
 */

const texts = {
  en: {
    heading: "Cancel booking",
    open: "Cancel booking…",
    fee: "Cancellation fee",
    card: "Refunded to your card now",
    balance: "Still to pay after cancelling",
    confirm: /^Cancel booking for €[\d,.]+$/,
    done: "Your booking has been cancelled. We have sent you an e-mail with the details.",
    cancelled: "Cancelled.",
    mail: /^Your booking \S+ has been cancelled$/,
    payment: /^Payment received: booking /,
  },
  de: {
    heading: "Buchung stornieren",
    open: "Buchung stornieren …",
    fee: "Stornogebühr",
    card: "Jetzt auf Ihre Karte erstattet",
    balance: "Nach der Stornierung noch zu zahlen",
    confirm: /^Buchung für [\d.,]+\s€ stornieren$/,
    done: "Ihre Buchung wurde storniert. Wir haben Ihnen eine E-Mail mit den Einzelheiten geschickt.",
    cancelled: "Storniert.",
    mail: /^Ihre Buchung \S+ wurde storniert$/,
    payment: /^Zahlung erhalten: Buchung /,
  },
} as const;

for (const language of languages) {
  const t = texts[language.locale];
  test(`a customer cancels a card booking from the manage page and sees fee and refund (${language.locale})`, async ({ page, request }) => {
    const email = uniqueEmail(`cancel-${language.locale}`);
    const customer = { salutation: "mrs", forename: "Clara", surname: "Fischer", street: "Seestraße 4", postcode: "82319", city: "Starnberg", phone: "+49 8151 123456", email } as const;
    await golfBookingOverApi(request, language.locale, customer, "card");
    const paid = await mailMatching(email, t.payment);
    const managePath = new URL(linkIn(paid, /https?:\/\/\S+\/my-booking\/[0-9a-f-]{36}\.0\.[A-Za-z0-9_-]{43}/)).pathname;

    await page.goto(managePath);
    const section = page.getByRole("region", { name: t.heading });
    await section.getByRole("button", { name: t.open }).click();
    const preview = section.getByTestId("cancel-preview");
    await expect(preview.getByText(t.fee)).toBeVisible();
    await expect(preview.getByText(t.card)).toBeVisible();
    await expect(preview.getByText(t.balance)).toBeVisible();
    const confirm = preview.getByRole("button", { name: t.confirm });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await section.scrollIntoViewIfNeeded();
    await shootPhoneAndDesktop(page, `customer-cancel-preview-${language.locale}`);

    // The fee the button names is the one kept; everything else went back to the card.
    await confirm.click();
    await expect(page.getByText(t.done)).toBeVisible();
    await expect(page.getByTestId("status-text")).toHaveText(t.cancelled);
    const mail = await mailMatching(email, t.mail);
    expect(mail.text).toContain(language.locale === "en" ? "cancellation fee is" : "Stornogebühr beträgt");
  });
}
