import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, journeyLanguages, mailPolling, shootPhoneAndDesktop } from "./support";
import { logInAsStaff, newStaffMember, staffApiToken } from "./staff-support";
import { bookTrackDay, trackPeople } from "./staff-test-bookings";

/**
 * The bookings list's bulk actions (decision 033, issue 28): staff tick three bookings of two events,
 * one cancelled before. "Resend confirmation…" sends nothing yet: the page shows the plan (two will
 * get their confirmation again, the cancelled one is left out with the reason) and only its confirm
 * button sends, to the two. Export the selection (the CSV holds every person of both), then "Cancel
 * bookings…" shows its plan the same way and, confirmed by keyboard, cancels the two. Filters stay in
 * the address throughout.
 */

const texts = {
  en: {
    selectBooking: (code: string) => `Select booking ${code}`,
    selected: (count: number) => `${count} bookings selected`,
    resend: "Resend confirmation…",
    export: "Export selection (CSV)",
    cancel: "Cancel bookings…",
    resendReview: "Resend confirmation: check before sending",
    cancelReview: "Cancel bookings: check before cancelling",
    reviewSummary: "2 will be done, 1 left out. Nothing has been sent or changed yet.",
    willResend: (to: string) => `Will be sent again to ${to}`,
    leftOutCancelled: "Left out: The booking is cancelled: this e-mail no longer fits it",
    willCancel: "Will be cancelled",
    leftOutAlreadyCancelled: "Left out: This booking has already been cancelled.",
    sendConfirmations: "Send 2 confirmations",
    cancelBookings: "Cancel 2 bookings",
    reason: "Internal note (audit trail only, never sent)",
    resendResult: "Resend confirmation: result",
    cancelResult: "Cancel bookings: result",
    done: "Done",
    header: "Event,Dates,Name,Type,Booking code,",
    separator: ",",
    confirmation: (code: string) => `Booking received: ${code}`,
  },
  de: {
    selectBooking: (code: string) => `Buchung ${code} auswählen`,
    selected: (count: number) => `${count} Buchungen ausgewählt`,
    resend: "Bestätigung erneut senden…",
    export: "Auswahl exportieren (CSV)",
    cancel: "Buchungen stornieren…",
    resendReview: "Bestätigung erneut senden: vor dem Senden prüfen",
    cancelReview: "Buchungen stornieren: vor dem Stornieren prüfen",
    reviewSummary: "2 werden ausgeführt, 1 ausgelassen. Noch wurde nichts gesendet oder geändert.",
    willResend: (to: string) => `Wird erneut an ${to} gesendet`,
    leftOutCancelled: "Ausgelassen: Die Buchung ist storniert: Diese E-Mail passt nicht mehr",
    willCancel: "Wird storniert",
    leftOutAlreadyCancelled: "Ausgelassen: Diese Buchung wurde bereits storniert.",
    sendConfirmations: "2 Bestätigungen senden",
    cancelBookings: "2 Buchungen stornieren",
    reason: "Interne Notiz (nur im Protokoll, wird nicht versendet)",
    resendResult: "Bestätigung erneut senden: Ergebnis",
    cancelResult: "Buchungen stornieren: Ergebnis",
    done: "Erledigt",
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

for (const language of journeyLanguages("de")) {
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
    for (const { email, subject } of resentTo) await expect.poll(() => confirmationsTo(email, subject), mailPolling).toBe(1);

    const member = await newStaffMember(request, { locale: language.locale });
    const listPath = `${language.prefix}/admin/bookings?q=${run}&sort=code_asc`;
    await logInAsStaff(page, member, { locale: language.locale, redirectTo: listPath });
    await hydrated(page);
    await expect(page.getByRole("checkbox", { name: text.selectBooking(third.code) })).toBeVisible();

    // Resend: the plan first (nothing sent), then the two that fit get their confirmation again.
    for (const booking of [first, second, third]) await tick(page, text.selectBooking(booking.code));
    await expect(page.getByText(text.selected(3))).toBeVisible();
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, `bulk-selected-${language.locale}`);
    await page.getByRole("button", { name: text.resend }).click();
    const review = page.getByRole("region", { name: text.resendReview });
    await expect(review).toBeVisible();
    await expect(review.getByRole("heading", { name: text.resendReview })).toBeFocused();
    await expect(review.getByText(text.reviewSummary)).toBeVisible();
    await expect(review.getByRole("listitem").filter({ hasText: first.code })).toContainText(text.willResend(emails[0] ?? ""));
    await expect(review.getByRole("listitem").filter({ hasText: second.code })).toContainText(text.willResend(emails[1] ?? ""));
    await expect(review.getByRole("listitem").filter({ hasText: third.code })).toContainText(text.leftOutCancelled);
    for (const { email, subject } of resentTo) expect(confirmationsTo(email, subject)).toBe(1);
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, `bulk-resend-review-${language.locale}`);
    await review.getByRole("button", { name: text.sendConfirmations }).click();
    const resent = page.getByRole("region", { name: text.resendResult });
    await expect(resent).toBeVisible();
    await expect(resent.getByRole("listitem")).toHaveCount(2);
    await expect(resent.getByRole("listitem").filter({ hasText: first.code })).toContainText(text.done);
    await expect(resent.getByRole("listitem").filter({ hasText: second.code })).toContainText(text.done);
    expect(page.url()).toContain(`q=${run}`);
    for (const { email, subject } of resentTo) await expect.poll(() => confirmationsTo(email, subject), mailPolling).toBe(2);
    // The cancelled booking's customer got nothing.
    expect(confirmationsTo(emails[2] ?? "", text.confirmation(third.code))).toBe(1);

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

    // Cancel: the plan lists the three, the one cancelled before left out; confirmed by keyboard, the two are cancelled.
    await page.reload();
    await hydrated(page);
    for (const booking of [first, second, third]) await tick(page, text.selectBooking(booking.code));
    await expect(page.getByText(text.selected(3))).toBeVisible();
    await page.getByRole("button", { name: text.cancel }).focus();
    await page.keyboard.press("Enter");
    const plan = page.getByRole("region", { name: text.cancelReview });
    await expect(plan).toBeVisible();
    await expect(plan.getByRole("listitem").filter({ hasText: first.code })).toContainText(text.willCancel);
    await expect(plan.getByRole("listitem").filter({ hasText: second.code })).toContainText(text.willCancel);
    await expect(plan.getByRole("listitem").filter({ hasText: third.code })).toContainText(text.leftOutAlreadyCancelled);
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, `bulk-cancel-review-${language.locale}`);
    await plan.getByLabel(text.reason).focus();
    await page.keyboard.type("Track closed");
    await plan.getByRole("button", { name: text.cancelBookings }).focus();
    await page.keyboard.press("Enter");
    const result = page.getByRole("region", { name: text.cancelResult });
    await expect(result).toBeVisible();
    await expect(result.getByRole("listitem")).toHaveCount(2);
    await expect(result.getByRole("listitem").filter({ hasText: first.code })).toContainText(text.done);
    await expect(result.getByRole("listitem").filter({ hasText: second.code })).toContainText(text.done);
    expect(page.url()).toContain(`q=${run}`);
    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, `bulk-cancel-result-${language.locale}`);
  });
}

test("without JavaScript: select all on the page; resend and cancel each after its plan on the page", async ({ browser, request }) => {
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
  await page.getByRole("button", { name: "Resend confirmation…" }).click();
  const plan = page.getByRole("region", { name: "Resend confirmation: check before sending" });
  for (const [index, booking] of booked.entries()) {
    await expect(plan.getByRole("listitem").filter({ hasText: booking.code })).toContainText(`Will be sent again to ${emails[index] ?? ""}`);
  }
  await plan.getByRole("button", { name: "Send 2 confirmations" }).click();
  const resent = page.getByRole("region", { name: "Resend confirmation: result" });
  await expect(resent.getByRole("listitem")).toHaveCount(2);
  expect(page.url()).toContain(`q=${run}`);

  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await page.getByRole("button", { name: "Cancel bookings…" }).click();
  const review = page.getByRole("region", { name: "Cancel bookings: check before cancelling" });
  for (const booking of booked) await expect(review.getByRole("listitem").filter({ hasText: booking.code })).toContainText("Will be cancelled");
  await review.getByRole("button", { name: "Cancel 2 bookings" }).click();
  const result = page.getByRole("region", { name: "Cancel bookings: result" });
  for (const booking of booked) await expect(result.getByRole("listitem").filter({ hasText: booking.code })).toContainText("Done");
  expect(page.url()).toContain(`q=${run}`);
  await context.close();
});
