import { expect, test, type Page } from "@playwright/test";
import { formatMoney } from "../../core/domain/money";
import { expectNoAxeViolations, hydrated, journeyLanguages, mailMatching, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";
import { bookTrackDay, trackPeople } from "./staff-test-bookings";

/**
 * The call-back queue (`/admin/call-backs`, issue 13; decision 031): a booking request of the test's
 * own with what the caller needs, a call attempt noted (its error under the field first), the request
 * verified in the dialog and gone from the queue, the customer's e-mail; the dialog by keyboard.
 */

const texts = {
  en: {
    title: "Call-back queue",
    booking: (code: string) => `Booking ${code}`,
    outcome: /^Outcome/,
    note: "Note",
    save: "Save the attempt",
    choose: "Please choose one of the options.",
    noAnswer: "No answer",
    recorded: (code: string) => `The call attempt on ${code} was saved.`,
    verify: "Verify",
    verifyTitle: (code: string) => `Verify the request ${code}?`,
    decisionNote: "Note (for the audit trail)",
    confirm: "Verify the request",
    verified: (code: string) => `The request ${code} was verified and has left the queue`,
    verifiedSubject: /is confirmed/,
  },
  de: {
    title: "Rückrufliste",
    booking: (code: string) => `Buchung ${code}`,
    outcome: /^Ergebnis/,
    note: "Notiz",
    save: "Versuch speichern",
    choose: "Bitte wählen Sie eine der Optionen.",
    noAnswer: "Nicht abgenommen",
    recorded: (code: string) => `Der Anrufversuch zu ${code} wurde gespeichert.`,
    verify: "Bestätigen",
    verifyTitle: (code: string) => `Anfrage ${code} bestätigen?`,
    decisionNote: "Notiz (für den Verlauf)",
    confirm: "Anfrage bestätigen",
    verified: (code: string) => `Die Anfrage ${code} wurde bestätigt und ist nicht mehr in der Liste`,
    verifiedSubject: /ist bestätigt/,
  },
} as const;

const requestCard = (page: Page, bookingUuid: string) => page.locator(`article[data-booking="${bookingUuid}"]`);

for (const language of journeyLanguages("de")) {
  const t = texts[language.locale];
  test.describe(`call-back queue (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("a staff member notes a call attempt and verifies the request; it leaves the queue and the customer gets the e-mail", async ({ page, request }) => {
      const email = uniqueEmail(`call-back-${language.locale}`);
      const booking = await bookTrackDay(request, { locale: language.locale, email, payment: "sma" });
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/call-backs` });
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();

      const card = requestCard(page, booking.bookingUuid);
      await expect(card.getByRole("link", { name: t.booking(booking.code) })).toHaveAttribute(
        "href",
        `${language.prefix}/admin/bookings/${booking.bookingUuid}`,
      );
      await expect(card.getByRole("link", { name: trackPeople.main.phone })).toHaveAttribute("href", `tel:${trackPeople.main.phoneE164}`);
      await expect(card.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
      await expect(card).toContainText(formatMoney(booking.totalCents, language.locale));
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-call-backs-${language.locale}`);

      // No outcome chosen: the error under the field, nothing saved.
      await card.getByRole("button", { name: t.save }).click();
      await expect(card.getByLabel(t.outcome)).toHaveAccessibleDescription(t.choose);
      await card.getByLabel(t.outcome).selectOption({ label: t.noAnswer });
      await card.getByLabel(t.note, { exact: true }).fill("Rang twice, mailbox full");
      await card.getByRole("button", { name: t.save }).click();
      await expect(page.getByRole("status").filter({ hasText: t.recorded(booking.code) })).toBeVisible();
      const attempts = requestCard(page, booking.bookingUuid).getByRole("listitem").filter({ hasText: "Rang twice, mailbox full" });
      await expect(attempts).toContainText(t.noAnswer);
      await expect(attempts).toContainText(member.email);

      await requestCard(page, booking.bookingUuid).getByRole("button", { name: t.verify, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: t.verifyTitle(booking.code) });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-call-backs-dialog-${language.locale}`);
      await dialog.getByLabel(t.decisionNote).fill("Confirmed on the phone");
      await dialog.getByRole("button", { name: t.confirm }).click();
      await expect(page.getByRole("status").filter({ hasText: t.verified(booking.code) })).toBeVisible();
      await expect(requestCard(page, booking.bookingUuid)).toHaveCount(0);
      await mailMatching(email, t.verifiedSubject);
    });
  });
}

test.describe("call-back queue by keyboard", () => {
  test("the dialog opens from the keyboard, keeps the focus inside, and Escape closes it", async ({ page, request }) => {
    const booking = await bookTrackDay(request, { locale: "en", email: uniqueEmail("call-back-keys"), payment: "sma" });
    const member = await newStaffMember(request);
    await logInAsStaff(page, member, { locale: "en", redirectTo: "/admin/call-backs" });
    await hydrated(page);
    const trigger = requestCard(page, booking.bookingUuid).getByRole("button", { name: "Verify", exact: true });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Verify the request ${booking.code}?` });
    await expect(dialog).toBeVisible();
    for (let step = 0; step < 6; step++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
    // The in-page confirmation (the no-script way to the decision; axe needs scripts, so it is scanned here).
    await page.goto(`/admin/call-backs?decide=reject&booking=${booking.bookingUuid}`);
    await expect(page.getByRole("heading", { name: `Reject the request ${booking.code}?` })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("call-back queue without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the attempt form answers its error from the server; Reject confirms in the page and the customer is told", async ({ page, request }) => {
    const email = uniqueEmail("call-back-no-script");
    const booking = await bookTrackDay(request, { locale: "en", email, payment: "sma" });
    const member = await newStaffMember(request);
    await logInAsStaff(page, member, { locale: "en", redirectTo: "/admin/call-backs" });
    const card = requestCard(page, booking.bookingUuid);
    await card.getByRole("button", { name: texts.en.save }).click();
    await expect(requestCard(page, booking.bookingUuid).getByLabel(texts.en.outcome)).toHaveAccessibleDescription(texts.en.choose);
    await requestCard(page, booking.bookingUuid).getByLabel(texts.en.outcome).selectOption({ label: "Call back later" });
    await requestCard(page, booking.bookingUuid).getByRole("button", { name: texts.en.save }).click();
    await expect(page.getByRole("status").filter({ hasText: texts.en.recorded(booking.code) })).toBeVisible();

    // Without scripts the dialog cannot open: "Reject" is a link to the same confirmation in the page.
    await requestCard(page, booking.bookingUuid).getByRole("link", { name: "Reject", exact: true }).click();
    await expect(page.getByRole("heading", { name: `Reject the request ${booking.code}?` })).toBeVisible();
    await page.getByLabel("Note (for the audit trail)").fill("Customer cancelled on the phone");
    await page.getByRole("button", { name: "Reject the request" }).click();
    await expect(page.getByRole("status").filter({ hasText: `The request ${booking.code} was rejected and has left the queue` })).toBeVisible();
    await expect(requestCard(page, booking.bookingUuid)).toHaveCount(0);
    await mailMatching(email, /could not be confirmed/);
  });
});
