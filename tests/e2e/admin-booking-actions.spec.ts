import { expect, test, type APIRequestContext } from "@playwright/test";
import { golfBookingOverApi } from "./api-bookings";
import { countMails, expectNoAxeViolations, hydrated, journeyLanguages, mailMatching, mailPolling, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember, staffApiToken } from "./staff-support";

/**
 * The booking detail's actions bar (issue 13, decision 030): staff record a bank transfer on an
 * invoice booking, cancel a booking telling the customer (who gets the mail) and refund a card
 * booking in two goes, each confirmed in a dialog that has no accessibility violation while open;
 * send a listed e-mail again (a second copy in the outbox), and cancel with a partial refund after
 * a first refund, the dialogs showing each payment's paid, refunded and still refundable amounts.
 */

type Booked = { bookingUuid: string; code: string };

/** A confirmed invoice booking of an event of the test's own (manage-test-routes.ts). */
async function invoiceBooking(request: APIRequestContext, locale: "en" | "de", email: string): Promise<Booked> {
  const response = await request.post("/__test/manage-bookings", { data: { copyOf: "golfYogaTrip", email, locale } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Booked;
}

/** A golf booking paid in full by card in the sandbox (over the public API, api-bookings.ts). */
async function paidCardBooking(request: APIRequestContext, locale: "en" | "de", email: string): Promise<string> {
  const customer = {
    salutation: "mrs",
    forename: "Clara",
    surname: "Fischer",
    street: "Seestraße 4",
    postcode: "82319",
    city: "Starnberg",
    phone: "+49 8151 123456",
    email,
  } as const;
  return (await golfBookingOverApi(request, locale, customer, "card")).bookingUuid;
}

/** A golf booking by invoice as the public form makes it (the confirmation mail "Booking received" is sent). */
function invoiceBookingByForm(request: APIRequestContext, locale: "en" | "de", email: string): Promise<Booked> {
  const customer = {
    salutation: "mr",
    forename: "Jonas",
    surname: "Weber",
    street: "Hauptstraße 1",
    postcode: "80331",
    city: "München",
    phone: "+49 89 123456",
    email,
  } as const;
  return golfBookingOverApi(request, locale, customer, "invoice");
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
    cancelNext: "Next: check the mail",
    previewDialog: "Check the cancellation before it goes out",
    cancelSend: "Cancel booking and send",
    changeOptions: "Change the options",
    messageToCustomer: "Message to the customer (in their e-mail)",
    customerMessage: "The course is flooded; we are sorry.",
    previewText: "Plain-text version",
    previewMoney: "Refund: €0.00 · kept as the cancellation fee: €0.00",
    money: "Money",
    priceTable: "Price",
    total: "Total",
    noFee: "Cancelled: no cancellation fee kept.",
    notify: /^Tell the customer by e-mail/,
    reason: "Internal note (audit trail only, never sent)",
    cancelled: "The booking was cancelled. The customer is being told by e-mail.",
    cancelledStatus: "Cancelled",
    editAnswers: "Edit answers",
    cancelMail: (code: string) => new RegExp(`^Your booking ${code} has been cancelled$`),
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
    emails: "E-mails sent",
    received: (code: string) => new RegExp(`^Booking received: ${code}$`),
    sendAgain: (code: string) => `Send again: Booking received: ${code}`,
    resendDialog: "Send this e-mail again?",
    resendConfirm: "Send again",
    resent: (to: string) => `The e-mail was sent again to ${to}.`,
    paid: "Paid",
    refundedColumn: "Refunded",
    stillRefundable: "Still refundable",
    allLeft: (amount: string) => `Leave empty to refund all that is left: ${amount}.`,
    refundAnAmount: "Refund an amount",
    cancelAmount: /^Amount to refund in euros/,
    cancelledWithFive: "The booking was cancelled. €5.00 refunded. The customer is being told by e-mail.",
    euros: (cents: number) => `€${(cents / 100).toFixed(2)}`,
    audit: "Audit trail",
    refundedBy: (email: string) => `Refund of €10.00 by ${email}`,
    resentTrail: "“Booking received” sent again",
    emailResent: "E-mail sent again",
    notResent: "Not offered to send again: The booking is cancelled: this e-mail no longer fits it",
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
    cancelNext: "Weiter: E-Mail prüfen",
    previewDialog: "Stornierung vor dem Versand prüfen",
    cancelSend: "Buchung stornieren und senden",
    changeOptions: "Angaben ändern",
    messageToCustomer: "Nachricht an den Kunden (in seiner E-Mail)",
    customerMessage: "Der Platz ist überflutet; es tut uns leid.",
    previewText: "Textfassung",
    previewMoney: "Erstattung: 0,00\u00a0€ · als Stornogebühr einbehalten: 0,00\u00a0€",
    money: "Beträge",
    priceTable: "Preis",
    total: "Gesamt",
    noFee: "Storniert: keine Stornogebühr einbehalten.",
    notify: /^Kundin oder Kunden per E-Mail benachrichtigen/,
    reason: "Interne Notiz (nur im Protokoll, wird nicht versendet)",
    cancelled: "Die Buchung wurde storniert. Die Kundin oder der Kunde wird per E-Mail benachrichtigt.",
    cancelledStatus: "Storniert",
    editAnswers: "Angaben bearbeiten",
    cancelMail: (code: string) => new RegExp(`^Ihre Buchung ${code} wurde storniert$`),
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
    emails: "Gesendete E-Mails",
    received: (code: string) => new RegExp(`^Buchung eingegangen: ${code}$`),
    sendAgain: (code: string) => `Erneut senden: Buchung eingegangen: ${code}`,
    resendDialog: "Diese E-Mail erneut senden?",
    resendConfirm: "Erneut senden",
    resent: (to: string) => `Die E-Mail wurde erneut an ${to} gesendet.`,
    paid: "Bezahlt",
    refundedColumn: "Erstattet",
    stillRefundable: "Noch erstattbar",
    allLeft: (amount: string) => `Leer lassen, um alles noch Erstattbare zu erstatten: ${amount}.`,
    refundAnAmount: "Einen Betrag erstatten",
    cancelAmount: /^Zu erstattender Betrag in Euro/,
    cancelledWithFive: "Die Buchung wurde storniert. 5,00\u00a0€ erstattet. Die Kundin oder der Kunde wird per E-Mail benachrichtigt.",
    euros: (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0€`,
    audit: "Verlauf",
    refundedBy: (email: string) => `Erstattung von 10,00\u00a0€ durch ${email}`,
    resentTrail: "„Buchung eingegangen“ erneut gesendet",
    emailResent: "E-Mail erneut gesendet",
    notResent: "Nicht erneut sendbar: Die Buchung ist storniert: Diese E-Mail passt nicht mehr",
  },
} as const;

for (const language of journeyLanguages("de")) {
  const t = texts[language.locale];
  test.describe(`booking actions in the back office (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff record a bank transfer on an invoice booking (a bad amount answered at the field) and send the customer a message", async ({
      page,
      request,
    }) => {
      test.slow();
      const customer = uniqueEmail(`transfer-${language.locale}`);
      const { bookingUuid } = await invoiceBooking(request, language.locale, customer);
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/bookings/${bookingUuid}` });
      // The dialog needs the page's scripts: a click before hydration is lost.
      await hydrated(page);

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

    test("the money panel lists the price lines; staff cancel after checking the customer's mail in a preview, which is then sent as shown", async ({
      page,
      request,
    }) => {
      test.slow();
      const customer = uniqueEmail(`cancel-${language.locale}`);
      const { bookingUuid, code } = await invoiceBooking(request, language.locale, customer);
      // A companion added by staff re-prices the booking from its lines (decision 032): main participant and two companions.
      const token = await staffApiToken(request);
      const headers = { authorization: `Bearer ${token}` };
      const edit = (await (await request.get(`/api/staff/bookings/${bookingUuid}/answers`, { headers })).json()) as { data: { version: number } };
      const added = await request.post(`/api/staff/bookings/${bookingUuid}/companions`, {
        headers,
        data: { version: edit.data.version, type: "golf_playing", forename: "Lea", surname: "Berg" },
      });
      expect(added.status()).toBe(200);
      const detail = (await (await request.get(`/api/staff/bookings/${bookingUuid}`, { headers })).json()) as {
        data: { money: { total_cents: number; lines: { label: string; quantity: number; unit_cents: number; total_cents: number }[] } };
      };
      const { lines, total_cents: totalCents } = detail.data.money;
      expect(lines.length).toBe(3);
      expect(lines.reduce((sum, line) => sum + line.total_cents, 0)).toBe(totalCents);

      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/bookings/${bookingUuid}` });
      const money = page.getByRole("region", { name: t.money });
      const price = money.getByRole("table", { name: t.priceTable });
      for (const line of lines) {
        const label = new RegExp(`^${line.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `);
        const row = price.getByRole("row").filter({ has: page.getByRole("rowheader", { name: label }) });
        await expect(row).toContainText(`${line.quantity} × ${t.euros(line.unit_cents)}`);
        await expect(row).toContainText(t.euros(line.total_cents));
      }
      await expect(price.getByRole("row").filter({ has: page.getByRole("rowheader", { name: t.total, exact: true }) })).toContainText(t.euros(totalCents));
      await money.scrollIntoViewIfNeeded();
      await shootPhoneAndDesktop(page, `admin-booking-money-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      await expect(page.getByRole("link", { name: t.editAnswers })).toBeVisible();
      await page.getByRole("button", { name: t.cancel }).click();
      const dialog = page.getByRole("alertdialog", { name: t.cancelDialog });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-booking-cancel-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      await dialog.getByRole("checkbox", { name: t.notify }).check();
      await dialog.getByLabel(t.messageToCustomer).fill("Draft");
      await dialog.getByLabel(t.reason).fill("Customer asked by phone");
      await dialog.getByRole("button", { name: t.cancelNext }).click();

      // The preview: the mail as the customer gets it, in the booking's language, with the message and never the note.
      const preview = page.getByRole("alertdialog", { name: t.previewDialog });
      await expect(preview.getByTestId("cancel-preview-subject")).toHaveText(t.cancelMail(code));
      await expect(preview).toContainText(customer);
      await expect(preview).toContainText(t.previewMoney);
      await preview.getByText(t.previewText).click();
      await expect(preview.getByTestId("cancel-preview-text")).toContainText("Draft");
      await expect(preview.getByTestId("cancel-preview-text")).not.toContainText("Customer asked by phone");
      // Nothing happened yet: no mail, the booking still stands.
      expect(await countMails(customer, t.cancelMail(code))).toBe(0);

      // Back to the options: what was typed is still there; a better message, previewed again.
      await preview.getByRole("button", { name: t.changeOptions }).click();
      const back = page.getByRole("alertdialog", { name: t.cancelDialog });
      await expect(back.getByLabel(t.reason)).toHaveValue("Customer asked by phone");
      await expect(back.getByRole("checkbox", { name: t.notify })).toBeChecked();
      await back.getByLabel(t.messageToCustomer).fill(t.customerMessage);
      await back.getByRole("button", { name: t.cancelNext }).click();
      const checked = page.getByRole("alertdialog", { name: t.previewDialog });
      await checked.getByText(t.previewText).click();
      await expect(checked.getByTestId("cancel-preview-text")).toContainText(t.customerMessage);
      await expect(checked.getByTestId("cancel-preview-text")).not.toContainText("Draft");
      // The mail's frame has no rights (no scripts): axe cannot enter it and would wait on it.
      await expect(checked.locator("iframe")).toHaveAttribute("sandbox", "");
      await expectNoAxeViolations(page, { exclude: ["iframe[sandbox]"] });
      await page.evaluate(() => window.scrollTo(0, 0));
      await shootPhoneAndDesktop(page, `admin-booking-cancel-preview-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      await checked.getByRole("button", { name: t.cancelSend }).click();
      await expect(page.getByRole("status").filter({ hasText: t.cancelled })).toBeVisible();
      await expect(page.getByRole("button", { name: t.cancel })).toHaveCount(0);
      // A cancelled booking's answers can no longer change: the page does not offer to edit them (issue 32).
      await expect(page.getByRole("link", { name: t.editAnswers })).toHaveCount(0);
      await expect(page.getByRole("banner").or(page.locator("header")).getByText(t.cancelledStatus).first()).toBeVisible();
      const mail = await mailMatching(customer, t.cancelMail(code));
      expect(JSON.stringify(mail)).toContain(t.customerMessage);
      expect(JSON.stringify(mail)).not.toContain("Customer asked by phone");
      await expect(money).toContainText(t.noFee);
      await expectNoAxeViolations(page);
    });

    test("staff refund a paid card booking: part of it, then the rest (a new key for each refund)", async ({ page, request }) => {
      test.slow();
      const bookingUuid = await paidCardBooking(request, language.locale, uniqueEmail(`refund-${language.locale}`));
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
      // The trail says it in the reader's language with the amount formatted, never "1000 cents" (issue 28).
      const trail = page.getByRole("region", { name: t.audit });
      await expect(trail.getByText(t.refundedBy(member.email)).first()).toBeVisible();
      await expect(trail).not.toContainText("cents");
      await trail.getByText(t.refundedBy(member.email)).first().scrollIntoViewIfNeeded();
      await shootPhoneAndDesktop(page, `admin-booking-audit-refund-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // The rest: the amount left empty refunds all that is still refundable; the payment is then refunded.
      await page.getByRole("button", { name: t.refund, exact: true }).click();
      const rest = page.getByRole("alertdialog", { name: t.refundDialog });
      // The reloaded page's dialog (a new key) shows the first refund: a dialog opened before the reload would resend the old key.
      await expect(rest.getByRole("listitem").first()).toContainText(`${t.refundedColumn}${t.euros(1000)}`);
      await expect(rest.getByLabel(t.amount)).toHaveValue("");
      await rest.getByRole("button", { name: t.refund, exact: true }).click();
      await expect(rest).toBeHidden();
      await expect(page.getByRole("region", { name: t.payments }).getByText(t.refundedStatus)).toBeVisible();
      await expect(page.getByRole("status")).toHaveText(t.refundedRest);
      await expect(page.getByRole("status")).not.toHaveText(t.refundedTen);
    });

    test("staff send the confirmation again by keyboard: the customer gets a second copy, and the trail says who", async ({ page, request }) => {
      test.slow();
      const customer = uniqueEmail(`resend-${language.locale}`);
      const { bookingUuid, code } = await invoiceBookingByForm(request, language.locale, customer);
      await expect.poll(() => countMails(customer, t.received(code)), mailPolling).toBe(1);
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/bookings/${bookingUuid}` });

      const emails = page.getByRole("region", { name: t.emails });
      const again = emails.getByRole("button", { name: t.sendAgain(code) });
      // Before hydration, Enter on the button posts its form without the dialog (the no-script path).
      await hydrated(page);
      await again.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("alertdialog", { name: t.resendDialog });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(customer);
      await expectNoAxeViolations(page);
      // The dialog is fixed to the window; a full-page shot of a page scrolled down leaves it out, so the shot starts at the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await shootPhoneAndDesktop(page, `admin-booking-resend-${language.locale}`);
      // Escape closes it, focus returns to the button; Enter opens it again and the confirm is reached by Tab.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(again).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      const confirm = dialog.getByRole("button", { name: t.resendConfirm });
      for (let tabs = 0; tabs < 4 && !(await confirm.evaluate((element) => element === document.activeElement)); tabs++) await page.keyboard.press("Tab");
      await expect(confirm).toBeFocused();
      await page.keyboard.press("Enter");

      await expect(emails.getByRole("status")).toHaveText(t.resent(customer));
      await expect.poll(() => countMails(customer, t.received(code)), mailPolling).toBe(2);
      const trail = page.getByRole("region", { name: t.audit });
      const resentRow = trail.getByRole("listitem").filter({ hasText: t.emailResent });
      await expect(resentRow).toContainText(t.resentTrail);
      await expect(resentRow).toContainText(member.email);
      await expectNoAxeViolations(page);

      // Once cancelled, the confirmation ("please transfer the deposit") no longer fits: not offered again, and the page says why (issue 28).
      const token = await staffApiToken(request);
      const cancelled = await request.post(`/api/staff/bookings/${bookingUuid}/cancel`, {
        headers: { authorization: `Bearer ${token}` },
        data: { refund: "none", notify: false },
      });
      expect(cancelled.status()).toBe(200);
      await page.reload();
      await expect(emails.getByRole("button", { name: t.sendAgain(code) })).toHaveCount(0);
      await expect(emails.getByText(t.notResent).first()).toBeVisible();
    });

    test("after a first partial refund the dialogs show paid, refunded and still refundable; cancelling refunds a part more", async ({ page, request }) => {
      test.slow();
      const customer = uniqueEmail(`cancel-part-${language.locale}`);
      const bookingUuid = await paidCardBooking(request, language.locale, customer);
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/bookings/${bookingUuid}` });

      await page.getByRole("button", { name: t.refund, exact: true }).click();
      const first = page.getByRole("alertdialog", { name: t.refundDialog });
      const paidText = await first.getByRole("listitem").first().getByRole("definition").first().innerText();
      const paidCents = Math.round(Number(paidText.replace(/[^\d,.]/g, "").replace(",", ".")) * 100);
      expect(paidCents).toBeGreaterThan(1500);
      await first.getByLabel(t.amount).fill(language.locale === "de" ? "10" : "10.00");
      await first.getByRole("button", { name: t.refund, exact: true }).click();
      await expect(page.getByRole("status")).toHaveText(t.refundedTen);

      const expectAmounts = async (refundedCents: number) => {
        await page.getByRole("button", { name: t.refund, exact: true }).click();
        const dialog = page.getByRole("alertdialog", { name: t.refundDialog });
        const payment = dialog.getByRole("listitem").first();
        await expect(payment).toContainText(`${t.paid}${t.euros(paidCents)}`);
        await expect(payment).toContainText(`${t.refundedColumn}${t.euros(refundedCents)}`);
        await expect(payment).toContainText(`${t.stillRefundable}${t.euros(paidCents - refundedCents)}`);
        await expect(dialog).toContainText(t.allLeft(t.euros(paidCents - refundedCents)));
        return dialog;
      };
      const shown = await expectAmounts(1000);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-booking-refundable-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.keyboard.press("Escape");
      await expect(shown).toBeHidden();

      // Cancel with an amount: a wrong one is answered at the field (nothing changes), then 5 euros go back.
      await page.getByRole("button", { name: t.cancel }).click();
      const cancel = page.getByRole("alertdialog", { name: t.cancelDialog });
      await expect(cancel.getByRole("listitem").first()).toContainText(t.euros(paidCents - 1000));
      await cancel.getByRole("radio", { name: t.refundAnAmount }).check();
      await cancel.getByLabel(t.cancelAmount).fill("-5");
      await cancel.getByRole("button", { name: t.cancelNext }).click();
      const again = page.getByRole("alertdialog", { name: t.cancelDialog });
      await expect(again.getByText(t.badAmount)).toBeVisible();
      await expect(again.getByRole("radio", { name: t.refundAnAmount })).toBeChecked();
      await expectNoAxeViolations(page);
      await again.getByLabel(t.cancelAmount).fill(language.locale === "de" ? "5,00" : "5");
      await again.getByRole("button", { name: t.cancelNext }).click();
      const previewed = page.getByRole("alertdialog", { name: t.previewDialog });
      await expect(previewed).toContainText(t.euros(500));
      await previewed.getByRole("button", { name: t.cancelSend }).click();
      await expect(page.getByRole("status")).toHaveText(t.cancelledWithFive);
      await expect(page.getByRole("button", { name: t.cancel })).toHaveCount(0);
      await mailMatching(customer, t.cancelMail("[A-Z0-9-]+"));
      await expectAmounts(1500);
    });
  });
}
