import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations, languages, mailMatching, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * The booking detail's actions bar (issue 13, decision 030): staff record a bank transfer on an
 * invoice booking and cancel a booking telling the customer, each confirmed in a dialog that has no
 * accessibility violation while open; the customer gets the mail.
 */

type Booked = { bookingUuid: string; code: string };

/** A confirmed invoice booking of an event of the test's own (manage-test-routes.ts). */
async function invoiceBooking(request: APIRequestContext, locale: "en" | "de", email: string): Promise<Booked> {
  const response = await request.post("/__test/manage-bookings", { data: { copyOf: "golfYogaTrip", email, locale } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Booked;
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
  },
} as const;

for (const language of languages) {
  const t = texts[language.locale];
  test.describe(`booking actions in the back office (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff record a bank transfer on an invoice booking; a bad amount is answered next to the field", async ({ page, request }) => {
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
  });
}
