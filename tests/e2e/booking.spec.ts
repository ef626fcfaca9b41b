import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { fillDate, fillMainParticipant, logIn, participantLabels, reviewAndBook, maxMustermann } from "./booking-steps";
import { expectNoAxeViolations, failOnConsoleErrors, languages, mailMatching, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

const media = (name: string) => path.join(import.meta.dirname, "../fixtures/media", name);

const text = {
  en: {
    ...participantLabels.en,
    back: "Back",
    required: "This field is required.",
    pageInvalid: "Please check the marked fields. Your entries have been saved.",
    requiredNote: "Fields marked with * are mandatory.",
    badPhone: "Please enter a valid phone number with country code, e.g. +49 89 1234567.",
    streetGt: /Rental street GT/,
    instructor: /Personal instructor/,
    copy: "Copy day 1 to day 2",
    copied: "Day 1's choices were copied to day 2.",
    addCompanion: "Add companion",
    companion1: "Companion 1",
    companion2: "Companion 2",
    companionType: /^Type of companion( \*)?$/,
    maxReached: "The maximum number of companions is reached.",
    remove: /^Remove /,
    experience: "1–5 track days",
    licence: /^Driving licence number( \*)?$/,
    invoice: /Invoice/,
    creditCard: "Credit card",
    thanks: "Thank you for your booking!",
    more: "Book more events",
    subject: /Booking received: TD-/,
    companionsLine: /1 companion/,
    tooLong: /30 seconds/,
    uploaded: "Uploaded: clip-10s.mp4",
    video: /^Your introduction video( \*)?$/,
    full: "This event is fully booked",
    notYet: "Not bookable yet",
  },
  de: {
    ...participantLabels.de,
    back: "Zurück",
    required: "Dieses Feld ist erforderlich.",
    pageInvalid: "Bitte prüfen Sie die markierten Felder. Ihre Eingaben wurden gespeichert.",
    requiredNote: "Mit * gekennzeichnete Felder sind Pflichtfelder.",
    badPhone: "Bitte geben Sie eine gültige Telefonnummer mit Ländervorwahl ein, z. B. +49 89 1234567.",
    streetGt: /Sportwagen|Straßen|Street GT/,
    instructor: /Persönlicher Instruktor/,
    copy: "Tag 1 auf Tag 2 übernehmen",
    copied: "Die Auswahl von Tag 1 wurde für Tag 2 übernommen.",
    addCompanion: "Begleitperson hinzufügen",
    companion1: "Begleitperson 1",
    companion2: "Begleitperson 2",
    companionType: /^Art der Begleitperson( \*)?$/,
    maxReached: "Die maximale Anzahl an Begleitpersonen ist erreicht.",
    remove: / entfernen$/,
    experience: "1–5 Trackdays",
    licence: /^Führerscheinnummer( \*)?$/,
    invoice: /Rechnung/,
    creditCard: "Kreditkarte",
    thanks: "Vielen Dank für Ihre Buchung!",
    more: "Weitere Veranstaltungen buchen",
    subject: /Buchung eingegangen: TD-/,
    companionsLine: /1 Begleitperson/,
    tooLong: /30 Sekunden/,
    uploaded: "Hochgeladen: clip-10s.mp4",
    video: /^Ihr Vorstellungsvideo( \*)?$/,
    full: "Diese Veranstaltung ist ausgebucht",
    notYet: "Noch nicht buchbar",
  },
} as const;

/** The main participant every test books as. */

/** "4 of 6 left" → 4; "Always available" → null. */
async function leftOf(page: Page, testId: string): Promise<number | null> {
  const value = await page.getByTestId(testId).innerText();
  const match = /\d+/.exec(value);
  return match ? Number(match[0]) : null;
}

for (const language of languages) {
  const t = text[language.locale];
  test.describe(`booking in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("a two-day track day: errors per field, vehicles per day with counters, companions, summary, code and e-mail", async ({ page }) => {
      // Eleven pages and states, each scanned by axe: on a busy 2-core machine this is longer than the default 30 s.
      test.slow();
      const consoleClean = failOnConsoleErrors(page, [/status of 422/]);
      const email = uniqueEmail(`track-${language.locale}`);
      const trackDay = await createEvent(page.request, "trackDayTwoDays");
      await page.goto(`${language.prefix}/booking/${trackDay.formUuid}`);
      await expect(page.getByText(t.requiredNote)).toBeVisible();
      await expectNoAxeViolations(page);

      // An empty page: every required field says so, tied to its field; nothing is lost.
      await page.getByLabel(t.phone).fill("12");
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByRole("alert")).toHaveText(t.pageInvalid);
      await expect(page.getByLabel(t.forename)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(t.phone)).toHaveAccessibleDescription(new RegExp(t.badPhone.replace(/[.+]/g, "\\$&")));
      await expect(page.getByLabel(t.phone)).toHaveValue("12");
      await expectNoAxeViolations(page);
      await fillMainParticipant(page, language.locale, maxMustermann(email));
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/page=2/);

      // Vehicles: each pick lowers the counter by one; "copy day 1 to day 2" copies the choices.
      const before = await leftOf(page, "left-1-street_gt");
      await page.getByRole("radio", { name: t.streetGt }).first().check();
      expect(await leftOf(page, "left-1-street_gt")).toBe((before ?? 0) - 1);
      await page.getByRole("radio", { name: t.streetGt }).first().check();
      await page.getByRole("checkbox", { name: t.instructor }).first().check();
      await page.getByRole("button", { name: t.copy }).click();
      await expect(page.getByText(t.copied)).toBeVisible();
      await expect(page.getByRole("radio", { name: t.streetGt }).nth(1)).toBeChecked();
      await expect(page.getByRole("checkbox", { name: t.instructor }).nth(1)).toBeChecked();
      // 2 × (690 + 350) = 2,080 in vehicles and extras.
      await expect(page.getByTestId("price-summary")).toContainText(/2[,.]080[,.]00/);

      // Companions: up to 2 here; a third is refused, removing one works.
      await page.getByRole("button", { name: t.addCompanion }).click();
      await expect(page.getByRole("group", { name: t.companion1 })).toBeVisible();
      await page.getByRole("button", { name: t.addCompanion }).click();
      await expect(page.getByRole("group", { name: t.companion2 })).toBeVisible();
      await expect(page.getByRole("button", { name: t.addCompanion })).toBeDisabled();
      await expect(page.getByText(t.maxReached)).toBeVisible();
      await page.getByRole("group", { name: t.companion2 }).getByRole("button", { name: t.remove }).click();
      await expect(page.getByRole("group", { name: t.companion2 })).toHaveCount(0);
      const companion = page.getByRole("group", { name: t.companion1 });
      await companion.getByLabel(t.companionType).selectOption("co_driver");
      await companion.getByLabel(t.forename).fill("Erika");
      await companion.getByLabel(t.surname).fill("Mustermann");
      await expect(page.getByTestId("price-summary")).toContainText(t.companionsLine);
      await page.getByRole("radio", { name: t.experience }).check();
      await page.getByLabel(t.licence).fill("B072RRE2I55");
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/page=3/);

      // Summary: the terms must be accepted; the entries of the page stay.
      await page.getByRole("radio", { name: t.invoice }).check();
      await page.getByRole("button", { name: t.toReview }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expect(page.getByRole("radio", { name: t.invoice })).toBeChecked();
      await expectNoAxeViolations(page);
      await page.getByRole("checkbox", { name: t.terms }).check();
      const submittedAt = Date.now();
      await reviewAndBook(page, language.locale);

      await expect(page.getByRole("heading", { name: t.thanks })).toBeVisible();
      const code = (await page.getByTestId("booking-code").innerText()).trim();
      expect(code).toMatch(/^TD-[A-HJ-NP-Z2-9]{6}$/);
      await expect(page.getByRole("link", { name: t.more })).toBeVisible();
      await expectNoAxeViolations(page);
      const mail = await mailMatching(email, t.subject);
      expect(Date.parse(mail.date)).toBeGreaterThanOrEqual(submittedAt - 1000);
      expect(mail.text).toContain(code);
      consoleClean();
    });

    test("the trip: the video upload checks the length on the bytes, and a 10-second clip is kept", async ({ page }) => {
      const trip = await createEvent(page.request, "golfYogaTrip");
      await page.goto(`${language.prefix}/booking/${trip.formUuid}`);
      await fillMainParticipant(page, language.locale, maxMustermann(uniqueEmail(`trip-${language.locale}`)));
      await fillDate(page, /^(Date of birth|Geburtsdatum)( \*)?$/, { day: "17", month: "05", year: "1980" });
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/page=2/);
      const video = page.getByLabel(t.video);
      await video.setInputFiles(media("clip-45s.mp4"));
      await expect(video).toHaveAccessibleDescription(t.tooLong);
      await video.setInputFiles(media("clip-10s.mp4"));
      await expect(page.getByTestId("uploaded-file")).toContainText(t.uploaded);
      await expectNoAxeViolations(page);
      // The upload is the item's answer: it survives a reload.
      await page.reload();
      await expect(page.getByTestId("uploaded-file")).toContainText(t.uploaded);
      // A required upload counts as answered: the page can be left.
      await page.getByRole("radio", { name: language.locale === "en" ? "Up to 18" : "Bis 18" }).check();
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/page=3/);
    });

    test("full and not-yet-open events lead to their own screens", async ({ page }) => {
      const fullyBooked = await createEvent(page.request, "golfCircleFinal");
      const notBookableYet = await createEvent(page.request, "trackDayNotBookableYet");
      await page.goto(`${language.prefix}/booking/${fullyBooked.formUuid}`);
      await expect(page).toHaveURL(/booking-no-available-spots\?event=/);
      await expect(page.getByRole("heading", { name: t.full })).toBeVisible();
      await page.goto(`${language.prefix}/booking/${notBookableYet.formUuid}`);
      await expect(page).toHaveURL(/booking-not-bookable-yet\?event=/);
      await expect(page.getByRole("heading", { name: t.notYet })).toBeVisible();
    });
  });
}

test("a logged-in customer finds their details filled in, and /booking resumes where they left off", async ({ page }) => {
  await logIn(page, "", { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" });
  const golf = await createEvent(page.request, "golfCircleTournament");
  await page.goto(`/booking/${golf.formUuid}`);
  await expect(page.getByLabel(text.en.forename)).toHaveValue("Stefan");
  await expect(page.getByLabel(text.en.email)).toHaveValue("stefan.hofmann@example.com");
  // From the last booking: the address nobody should type twice.
  await expect(page.getByLabel(text.en.street)).toHaveValue("Maximilianstraße 12");
  await page.getByLabel(text.en.salutation).selectOption({ label: "Mr." });
  await page.getByRole("button", { name: text.en.next }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.goto("/booking");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Companions & extras");
  // The golf page has the time, file and companion kinds the other tests do not scan.
  await expectNoAxeViolations(page);
  // The last page does not offer a customer account to someone logged in with one (issue 32).
  await page.getByLabel(participantLabels.en.handicap).check();
  await page.getByRole("button", { name: text.en.next }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(page.getByLabel(participantLabels.en.terms)).toBeVisible();
  await expect(page.getByLabel(/Create a customer account/)).toHaveCount(0);
});
