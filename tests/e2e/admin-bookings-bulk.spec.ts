import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, languages, shootPhoneAndDesktop } from "./support";
import { logInAsStaff, newStaffMember, staffApiToken } from "./staff-support";
import { bookTrackDay, trackPeople } from "./staff-test-bookings";

/**
 * The bookings list's bulk actions (decision 033): staff tick two bookings of two events, resend their
 * confirmations (both customers get the mail again), export them (the CSV holds every person of both),
 * and cancel them with a third that was cancelled before, all by keyboard in the dialog: two done, one
 * refused with its reason. Filters stay in the address throughout.
 */

const texts = {
  en: {
    selectBooking: (code: string) => `Select booking ${code}`,
    selected: (count: number) => `${count} bookings selected`,
    resend: "Resend confirmation",
    export: "Export selection (CSV)",
    cancel: "Cancel bookings…",
    dialog: "Cancel 3 bookings?",
    reason: "Reason (for the audit trail)",
    resendResult: "Resend confirmation: result",
    cancelResult: "Cancel bookings: result",
    done: "Done",
    refused: "Refused: This booking has already been cancelled.",
    header: "Event,Dates,Name,Type,Booking code,",
    separator: ",",
    confirmation: (code: string) => `Booking received: ${code}`,
  },
  de: {
    selectBooking: (code: string) => `Buchung ${code} auswählen`,
    selected: (count: number) => `${count} Buchungen ausgewählt`,
    resend: "Bestätigung erneut senden",
    export: "Auswahl exportieren (CSV)",
    cancel: "Buchungen stornieren…",
    dialog: "3 Buchungen stornieren?",
    reason: "Grund (für das Protokoll)",
    resendResult: "Bestätigung erneut senden: Ergebnis",
    cancelResult: "Buchungen stornieren: Ergebnis",
    done: "Erledigt",
    refused: "Abgelehnt: Diese Buchung wurde bereits storniert.",
    header: "Veranstaltung;Termin;Name;Art;Buchungscode;",
    separator: ";",
    confirmation: (code: string) => `Buchung eingegangen: ${code}`,
  },
} as const;

/** How many confirmations ("booking received") the outbox folder holds for `to`: each resend is one more. */
function confirmationsTo(to: string, subject: string): number {
  const dir = process.env.E2E_OUTBOX_DIR ?? "";
  if (!existsSync(dir)) return 0;
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .filter((file) => {
      try {
        const mail = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { to: string; subject: string };
        return mail.to === to && mail.subject === subject;
      } catch {
        return false;
      }
    }).length;
}

async function tick(page: Page, label: string) {
  await page.getByRole("checkbox", { name: label }).check();
}

for (const language of languages) {
  const text = texts[language.locale];
  test(`bulk resend, export and cancel of a selection (${language.locale})`, async ({ page, request }) => {
    test.slow();
    const run = `bulk-${language.locale}-${Date.now().toString(36)}`;
    const emails = [`${run}-a@example.com`, `${run}-b@example.com`, `${run}-c@example.com`];
    const [first, second, third] = await Promise.all(emails.map((email) => bookTrackDay(request, { locale: language.locale, email, payment: "invoice" })));
    if (!first || !second || !third) throw new Error("no bookings");
    // The third is cancelled before: the bulk cancel must refuse it and say why.
    const token = await staffApiToken(request);
    const cancelled = await request.post(`/api/staff/bookings/${third.bookingUuid}/cancel`, {
      headers: { authorization: `Bearer ${token}` },
      data: { refund: "none", notify: false },
    });
    expect(cancelled.status()).toBe(200);
    const resentTo = [
      { email: emails[0] ?? "", subject: text.confirmation(first.code) },
      { email: emails[1] ?? "", subject: text.confirmation(second.code) },
    ];
    for (const { email, subject } of resentTo) await expect.poll(() => confirmationsTo(email, subject), { timeout: 15_000 }).toBe(1);

    const member = await newStaffMember(request, { locale: language.locale });
    const listPath = `${language.prefix}/admin/bookings?q=${run}&sort=code_asc`;
    await logInAsStaff(page, member, { locale: language.locale, redirectTo: listPath });
    await hydrated(page);
    await expect(page.getByRole("checkbox", { name: text.selectBooking(third.code) })).toBeVisible();

    // Resend: both customers get their confirmation again; the search stays in the address.
    await tick(page, text.selectBooking(first.code));
    await tick(page, text.selectBooking(second.code));
    await expect(page.getByText(text.selected(2))).toBeVisible();
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, `bulk-selected-${language.locale}`);
    await page.getByRole("button", { name: text.resend }).click();
    const resent = page.getByRole("region", { name: text.resendResult });
    await expect(resent).toBeVisible();
    await expect(resent.getByRole("listitem")).toHaveCount(2);
    await expect(resent.getByRole("listitem").filter({ hasText: first.code })).toContainText(text.done);
    await expect(resent.getByRole("listitem").filter({ hasText: second.code })).toContainText(text.done);
    expect(page.url()).toContain(`q=${run}`);
    for (const { email, subject } of resentTo) await expect.poll(() => confirmationsTo(email, subject), { timeout: 15_000 }).toBe(2);

    // Export: every person of both bookings (main participant and co-driver), in the language's dialect.
    await hydrated(page);
    await tick(page, text.selectBooking(first.code));
    await tick(page, text.selectBooking(second.code));
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: text.export }).click()]);
    const bytes = readFileSync(await download.path());
    const csv = bytes.toString("utf8");
    expect(csv.startsWith("\ufeff")).toBe(language.locale === "de");
    const lines = csv
      .replace(/^\ufeff/u, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]?.startsWith(text.header)).toBe(true);
    expect(lines).toHaveLength(5);
    for (const code of [first.code, second.code]) {
      const rows = lines.filter((line) => line.includes(code));
      expect(rows).toHaveLength(2);
      expect(rows.some((row) => row.includes(`${trackPeople.main.forename} ${trackPeople.main.surname}${text.separator}`))).toBe(true);
      expect(rows.some((row) => row.includes(`${trackPeople.coDriver.forename} ${trackPeople.coDriver.surname}${text.separator}`))).toBe(true);
    }

    // Cancel by keyboard: the dialog lists the three codes; two are cancelled, the third refused with its reason.
    await page.reload();
    await hydrated(page);
    await tick(page, text.selectBooking(first.code));
    await tick(page, text.selectBooking(second.code));
    await tick(page, text.selectBooking(third.code));
    await expect(page.getByText(text.selected(3))).toBeVisible();
    await page.getByRole("button", { name: text.cancel }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: text.dialog });
    await expect(dialog).toBeVisible();
    for (const code of [first.code, second.code, third.code]) await expect(dialog.getByRole("listitem").filter({ hasText: code })).toBeVisible();
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, `bulk-cancel-dialog-${language.locale}`);
    await dialog.getByLabel(text.reason).focus();
    await page.keyboard.type("Track closed");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const result = page.getByRole("region", { name: text.cancelResult });
    await expect(result).toBeVisible();
    await expect(result.getByRole("listitem").filter({ hasText: first.code })).toContainText(text.done);
    await expect(result.getByRole("listitem").filter({ hasText: second.code })).toContainText(text.done);
    await expect(result.getByRole("listitem").filter({ hasText: third.code })).toContainText(text.refused);
    expect(page.url()).toContain(`q=${run}`);
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, `bulk-cancel-result-${language.locale}`);
  });
}

test("without JavaScript: select all on the page, resend, and cancel after a confirmation on the page", async ({ browser, request }) => {
  test.slow();
  const run = `bulk-nojs-${Date.now().toString(36)}`;
  const emails = [`${run}-a@example.com`, `${run}-b@example.com`];
  const booked = await Promise.all(emails.map((email) => bookTrackDay(request, { locale: "en", email, payment: "invoice" })));
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const member = await newStaffMember(request, { locale: "en" });
  await logInAsStaff(page, member, { locale: "en", redirectTo: `/admin/bookings?q=${run}` });
  await expect(page.getByText("Tick bookings, then choose an action.")).toBeVisible();

  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await page.getByRole("button", { name: "Resend confirmation" }).click();
  const resent = page.getByRole("region", { name: "Resend confirmation: result" });
  await expect(resent.getByRole("listitem")).toHaveCount(2);
  expect(page.url()).toContain(`q=${run}`);

  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await page.getByRole("button", { name: "Cancel bookings…" }).click();
  const review = page.getByRole("region", { name: "Cancel 2 bookings?" });
  for (const booking of booked) await expect(review.getByText(booking.code)).toBeVisible();
  await review.getByRole("button", { name: "Cancel bookings" }).click();
  const result = page.getByRole("region", { name: "Cancel bookings: result" });
  for (const booking of booked) await expect(result.getByRole("listitem").filter({ hasText: booking.code })).toContainText("Done");
  expect(page.url()).toContain(`q=${run}`);
  await context.close();
});
