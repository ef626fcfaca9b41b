import { expect, test } from "@playwright/test";
import { staffApiToken, logInAsStaff, newStaffMember } from "./staff-support";
import { bookTrackDay } from "./staff-test-bookings";
import { expectNoAxeViolations, hydrated, journeyLanguages, mailsTo, mailPolling, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

/**
 * Messages to an event (issue 31): staff write to the unpaid participants of a track day of the
 * test's own, with a subject and a text in English and German; the preview counts whom it reaches and
 * shows one real booking's mail; after Send exactly the unpaid bookings get it, each in its own
 * language, and the event's history lists it. One language walks it (decision 073).
 */

const texts = {
  de: {
    link: "An die Teilnehmer schreiben",
    to: "An",
    unpaid: "Noch nichts bezahlt",
    languages: { en: "Englisch", de: "Deutsch" },
    subject: "Betreff",
    body: "Text",
    preview: "Vorschau",
    reaches: "Erreicht 2 Buchungen.",
    send: "An 2 Buchungen senden",
    sent: "Die Nachricht ist an 2 Buchungen unterwegs.",
    history: "Gesendete Nachrichten",
    day: "Tag",
    vehicle: "Fahrzeug",
    reachesThree: "Erreicht 3 Buchungen.",
    reachesNone: "Erreicht 0 Buchungen.",
  },
} as const;

const message = {
  en: { subject: "Briefing moved to 7:30", body: "The drivers' briefing is at 7:30 now.\n\nSee you at the track." },
  de: { subject: "Briefing auf 7:30 verlegt", body: "Das Fahrerbriefing ist jetzt um 7:30.\n\nBis dann an der Strecke." },
};

for (const language of journeyLanguages("de")) {
  const t = texts[language.locale as "de"];
  test.describe(`a message to an event's unpaid participants (${language.locale})`, () => {
    test.use({ locale: "de-DE", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff write to the unpaid participants: exactly those get it, each in their language", async ({ page, request }) => {
      test.slow();
      const made = await createEvent(request, "trackDayTwoDays");
      const own = { eventUuid: made.eventUuid, formUuid: made.formUuid };
      const unpaidDe = uniqueEmail("message-unpaid-de");
      const unpaidEn = uniqueEmail("message-unpaid-en");
      const paidDe = uniqueEmail("message-paid-de");
      await bookTrackDay(request, { locale: "de", email: unpaidDe, payment: "invoice", ...own });
      await bookTrackDay(request, { locale: "en", email: unpaidEn, payment: "invoice", ...own });
      const paid = await bookTrackDay(request, { locale: "de", email: paidDe, payment: "invoice", ...own });
      // Another staff member records the transfer: a second-factor code is good for one login only.
      const token = await staffApiToken(request);
      const today = new Date().toISOString().slice(0, 10);
      const recorded = await request.post(`/api/staff/bookings/${paid.bookingUuid}/payments`, {
        headers: { authorization: `Bearer ${token}` },
        data: { amount_cents: paid.totalCents, received_on: today },
      });
      expect(recorded.status(), await recorded.text()).toBe(200);

      const member = await newStaffMember(request, { locale: "de" });
      await logInAsStaff(page, member, { locale: "de", redirectTo: `${language.prefix}/admin/events/${made.eventUuid}` });
      await hydrated(page);
      await page.getByRole("link", { name: t.link }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Nachricht an die Teilnehmer");
      await hydrated(page);
      await page.getByLabel(t.to, { exact: true }).selectOption({ label: t.unpaid });
      for (const locale of ["en", "de"] as const) {
        const group = page.getByRole("group", { name: t.languages[locale] });
        await group.getByLabel(t.subject).fill(message[locale].subject);
        await group.getByLabel(t.body, { exact: true }).fill(message[locale].body);
      }
      await page.getByRole("button", { name: t.preview, exact: true }).click();
      await expect(page.getByTestId("event-message-count")).toHaveText(t.reaches);
      await expect(page.getByTestId("event-message-subject")).toHaveText(/^(Briefing auf 7:30 verlegt|Briefing moved to 7:30)$/);
      await expectNoAxeViolations(page, { exclude: ["iframe"] });
      await shootPhoneAndDesktop(page, "event-message-preview-de");

      const since = Date.now();
      await page.getByRole("button", { name: t.send, exact: true }).click();
      await expect(page.getByText(t.sent)).toBeVisible();
      const history = page.getByRole("region", { name: t.history });
      await expect(history.getByRole("row", { name: new RegExp(message.de.subject) })).toContainText(t.unpaid);
      await expect(history.getByRole("row", { name: new RegExp(message.de.subject) })).toContainText(member.email);
      await shootPhoneAndDesktop(page, "event-message-sent-de");

      // A day and a vehicle (issue 31): every booking drives the race car on day 2, none on day 1.
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const locale of ["en", "de"] as const) {
        const group = page.getByRole("group", { name: t.languages[locale] });
        await group.getByLabel(t.subject).fill(message[locale].subject);
        await group.getByLabel(t.body, { exact: true }).fill(message[locale].body);
      }
      await page.getByLabel(t.day, { exact: true }).selectOption("2");
      await page.getByLabel(t.vehicle, { exact: true }).selectOption("race_car");
      await page.getByRole("button", { name: t.preview, exact: true }).click();
      await expect(page.getByTestId("event-message-count")).toHaveText(t.reachesThree);
      await expect(page.getByLabel(t.day, { exact: true })).toHaveValue("2");
      await shootPhoneAndDesktop(page, "event-message-filters-de");
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByLabel(t.day, { exact: true }).selectOption("1");
      await page.getByRole("button", { name: t.preview, exact: true }).click();
      await expect(page.getByTestId("event-message-count")).toHaveText(t.reachesNone);

      const about = (to: string) => mailsTo(to, since).filter((mail) => /Briefing/.test(mail.subject));
      await expect.poll(() => about(unpaidDe).map((mail) => mail.subject), mailPolling).toEqual([message.de.subject]);
      await expect.poll(() => about(unpaidEn).map((mail) => mail.subject), mailPolling).toEqual([message.en.subject]);
      expect(about(unpaidDe)[0]?.text).toContain("Das Fahrerbriefing ist jetzt um 7:30.");
      expect(about(unpaidEn)[0]?.text).toContain("The drivers' briefing is at 7:30 now.");
      // The paid booking's mails were written by now if it were among them: the worker sends in order.
      expect(about(paidDe)).toEqual([]);
      // A reply goes to the operator (the site settings' support address), not to the sending address.
      expect((about(unpaidDe)[0] as { replyTo?: string } | undefined)?.replyTo).toMatch(/^[^@\s]+@[^@\s]+$/);
    });
  });
}
