import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { fillGolfBookingUpToPayment, payOnSandbox, reviewAndBook } from "./booking-steps";
import { expectNoAxeViolations, languages, mailMatching, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * The booking detail's actions bar (issue 13, decision 030): staff record a bank transfer on an
 * invoice booking, cancel a booking telling the customer (who gets the mail) and refund a card
 * booking in two goes, each confirmed in a dialog that has no accessibility violation while open.
 */

type Booked = { bookingUuid: string; code: string };

/** A confirmed invoice booking of an event of the test's own (manage-test-routes.ts). */
async function invoiceBooking(request: APIRequestContext, locale: "en" | "de", email: string): Promise<Booked> {
  const response = await request.post("/__test/manage-bookings", { data: { copyOf: "golfYogaTrip", email, locale } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Booked;
}

/** A golf booking paid in full by card in the sandbox, by a customer in a browser of their own. */
async function paidCardBooking(browser: Browser, language: (typeof languages)[number], email: string): Promise<string> {
  const customer = await browser.newContext({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });
  const page = await customer.newPage();
  await fillGolfBookingUpToPayment(page, language.locale, language.prefix, {
    salutation: "mrs",
    forename: "Clara",
    surname: "Fischer",
    street: "Seestraße 4",
    postcode: "82319",
    city: "Starnberg",
    phone: "+49 8151 123456",
    email,
  });
  await page.getByRole("radio", { name: texts[language.locale].creditCard }).check();
  await reviewAndBook(page, language.locale);
  await expect(page).toHaveURL(/\/sandbox-checkout\/sbx_/);
  // The booking's uuid is in the address of the page before the checkout.
  await page.goBack();
  await expect(page).toHaveURL(/\/booking-success\?booking=/);
  const bookingUuid = new URL(page.url()).searchParams.get("booking") ?? "";
  await page.goForward();
  await payOnSandbox(page, language.locale, "4242 4242 4242 4242", "Clara Fischer");
  await expect(page).toHaveURL(new RegExp(`${language.prefix}/payment/success/`));
  await customer.close();
  return bookingUuid;
}

const texts = {
  en: {
    record: "Record bank transfer",
    recordDialog: "Record a bank transfer",
    recordConfirm: "Record transfer",
    amount: /^Amount in euros/,
    amountTyped: "50.00",
    receivedOn: /^Received on/,
    reference: "Reference on the bank statement",
    recorded: /^Bank transfer of €50\.00 recorded\.$/,
    transferMail: /^Bank transfer received: booking /,
    bankTransfer: "bank_transfer",
    badAmount: "Enter an amount in euros greater than zero, such as 120.50.",
    cancel: "Cancel booking",
    cancelDialog: "Cancel this booking?",
    notify: /^Tell the customer by e-mail/,
    reason: "Reason (for the audit trail)",
    cancelled: "The booking was cancelled. The customer is being told by e-mail.",
    cancelledStatus: "Cancelled",
    cancelMail: (code: string) => new RegExp(`^Your booking ${code} has been cancelled$`),
    creditCard: "Credit card",
    message: "Send message",
    messageDialog: "Message to the customer",
    subject: /^Subject/,
    body: /^Message/,
    messageSubject: "Your parking pass",
    messageSent: (to: string) => `The message to ${to} is on its way.`,
    refund: "Refund",
    refundDialog: "Refund card payments",
    refundedTen: "€10.00 refunded.",
    refundedRest: /^€\d+\.\d\d refunded\.$/,
    refundedStatus: "Refunded",
    payments: "Payments",
  },
  de: {
    record: "Überweisung erfassen",
    recordDialog: "Eine Überweisung erfassen",
    recordConfirm: "Überweisung erfassen",
    amount: /^Betrag in Euro/,
    amountTyped: "50,00",
    receivedOn: /^Eingegangen am/,
    reference: "Verwendungszweck laut Kontoauszug",
    recorded: /^Überweisung über 50,00\s€ erfasst\.$/,
    transferMail: /^Überweisung erhalten: Buchung /,
    bankTransfer: "bank_transfer",
    badAmount: "Geben Sie einen Betrag in Euro größer als null ein, etwa 120,50.",
    cancel: "Buchung stornieren",
    cancelDialog: "Diese Buchung stornieren?",
    notify: /^Kundin oder Kunden per E-Mail benachrichtigen/,
    reason: "Grund (für das Protokoll)",
    cancelled: "Die Buchung wurde storniert. Die Kundin oder der Kunde wird per E-Mail benachrichtigt.",
    cancelledStatus: "Storniert",
    cancelMail: (code: string) => new RegExp(`^Ihre Buchung ${code} wurde storniert$`),
    creditCard: "Kreditkarte",
    message: "Nachricht senden",
    messageDialog: "Nachricht an die Kundin oder den Kunden",
    subject: /^Betreff/,
    body: /^Nachricht/,
    messageSubject: "Ihr Parkausweis",
    messageSent: (to: string) => `Die Nachricht an ${to} ist unterwegs.`,
    refund: "Erstatten",
    refundDialog: "Kartenzahlungen erstatten",
    refundedTen: "10,00 € erstattet.",
    refundedRest: /^\d+,\d\d\s€ erstattet\.$/,
    refundedStatus: "Erstattet",
    payments: "Zahlungen",
  },
} as const;

for (const language of languages) {
  const t = texts[language.locale];
  test.describe(`booking actions in the back office (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff record a bank transfer on an invoice booking (a bad amount answered at the field) and send the customer a message", async ({ page, request }) => {
      test.slow();
      const customer = uniqueEmail(`transfer-${language.locale}`);
      const { bookingUuid } = await invoiceBooking(request, language.locale, customer);
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/bookings/${bookingUuid}` });

      await page.getByRole("button", { name: t.record }).click();
      const dialog = page.getByRole("alertdialog", { name: t.recordDialog });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-booking-transfer-${language.locale}`);

      // An amount that is no amount: the dialog comes back with the error at the field, nothing recorded.
      await dialog.getByLabel(t.amount).fill("0");
      await dialog.getByLabel(t.reference).fill("RF18 5390 0754 7034");
      await dialog.getByRole("button", { name: t.recordConfirm }).click();
      const again = page.getByRole("alertdialog", { name: t.recordDialog });
      await expect(again.getByText(t.badAmount)).toBeVisible();
      await expect(again.getByLabel(t.amount)).toHaveAttribute("aria-invalid", "true");
      await expect(again.getByLabel(t.reference)).toHaveValue("RF18 5390 0754 7034");

      await again.getByLabel(t.amount).fill(t.amountTyped);
      await expect(again.getByLabel(t.receivedOn)).not.toHaveValue("");
      await again.getByRole("button", { name: t.recordConfirm }).click();
      await expect(page.getByRole("status").filter({ hasText: t.recorded })).toBeVisible();
      await expect(page.getByRole("region", { name: /Payments|Zahlungen/ }).getByText(t.bankTransfer)).toBeVisible();
      await mailMatching(customer, t.transferMail);

      // A free message to the main participant: the mail carries the subject typed.
      await page.getByRole("button", { name: t.message }).click();
      const message = page.getByRole("alertdialog", { name: t.messageDialog });
      await message.getByLabel(t.subject).fill(t.messageSubject);
      await message.getByLabel(t.body).fill("Hello,\n\nyour parking pass is at the gate.");
      await message.getByRole("button", { name: t.message }).click();
      await expect(page.getByRole("status")).toHaveText(t.messageSent(customer));
      await mailMatching(customer, new RegExp(`^${t.messageSubject}$`));
    });

    test("staff cancel a booking and tell the customer, who gets the cancellation mail", async ({ page, request }) => {
      test.slow();
      const customer = uniqueEmail(`cancel-${language.locale}`);
      const { bookingUuid, code } = await invoiceBooking(request, language.locale, customer);
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/bookings/${bookingUuid}` });

      await page.getByRole("button", { name: t.cancel }).click();
      const dialog = page.getByRole("alertdialog", { name: t.cancelDialog });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-booking-cancel-${language.locale}`);

      await dialog.getByRole("checkbox", { name: t.notify }).check();
      await dialog.getByLabel(t.reason).fill("Customer asked by phone");
      await dialog.getByRole("button", { name: t.cancel }).click();
      await expect(page.getByRole("status").filter({ hasText: t.cancelled })).toBeVisible();
      await expect(page.getByRole("button", { name: t.cancel })).toHaveCount(0);
      await expect(page.getByRole("banner").or(page.locator("header")).getByText(t.cancelledStatus).first()).toBeVisible();
      await mailMatching(customer, t.cancelMail(code));
      await expectNoAxeViolations(page);
    });

    test("staff refund a paid card booking: part of it, then the rest (a new key for each refund)", async ({ page, request, browser }) => {
      test.slow();
      const bookingUuid = await paidCardBooking(browser, language, uniqueEmail(`refund-${language.locale}`));
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/bookings/${bookingUuid}` });

      await page.getByRole("button", { name: t.refund, exact: true }).click();
      const dialog = page.getByRole("alertdialog", { name: t.refundDialog });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-booking-refund-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await dialog.getByLabel(t.amount).fill(language.locale === "de" ? "10" : "10.00");
      await dialog.getByLabel(t.reason).fill("Goodwill");
      await dialog.getByRole("button", { name: t.refund, exact: true }).click();
      await expect(page.getByRole("status")).toHaveText(t.refundedTen);
      await expect(dialog).toBeHidden();

      // The rest: the amount left empty refunds all that is still refundable; the payment is then refunded.
      await page.getByRole("button", { name: t.refund, exact: true }).click();
      const rest = page.getByRole("alertdialog", { name: t.refundDialog });
      await expect(rest.getByLabel(t.amount)).toHaveValue("");
      await rest.getByRole("button", { name: t.refund, exact: true }).click();
      await expect(rest).toBeHidden();
      await expect(page.getByRole("region", { name: t.payments }).getByText(t.refundedStatus)).toBeVisible();
      await expect(page.getByRole("status")).toHaveText(t.refundedRest);
      await expect(page.getByRole("status")).not.toHaveText(t.refundedTen);
    });
  });
}
