import { expect, test, type Page } from "@playwright/test";
import { fillGolfBookingUpToPayment, fillMainParticipant, participantLabels, payOnSandbox, reviewAndBook, maxMustermann } from "./booking-steps";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, languages, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

/**
 * Issue 32's rough edges of the booking form and the event lists: a track day offers no vehicle
 * choice it then refuses, lists lead with what can be booked, the running total sits by the vehicle
 * choices on a phone, and typed input survives the browser's Back and Forward.
 */
const phone = { width: 390, height: 844 };

const text = {
  en: {
    ...participantLabels.en,
    noVehicle: "No vehicle",
    vehicleEachDay: "Please choose a vehicle for every day.",
    streetGt: /Rental street GT/,
    experience: "1–5 track days",
    licence: /^Driving licence number( \*)?$/,
    runningTotal: /^Total so far/,
    events: "Events",
    germanPostcode: "Please enter a German postcode: 5 digits, e.g. 80331.",
    invoice: /Invoice/,
    creditCard: "Credit card",
    ownPage: "Open your booking's page",
    calendar: "Add to calendar (.ics)",
    dates: "Dates",
  },
  de: {
    ...participantLabels.de,
    noVehicle: "Kein Fahrzeug",
    vehicleEachDay: "Bitte wählen Sie für jeden Tag ein Fahrzeug.",
    streetGt: /Straßen-GT \(Miete\)/,
    experience: "1–5 Trackdays",
    licence: /^Führerscheinnummer( \*)?$/,
    runningTotal: /^Bisherige Summe/,
    events: "Veranstaltungen",
    germanPostcode: "Bitte geben Sie eine deutsche Postleitzahl ein: 5 Ziffern, z. B. 80331.",
    invoice: /Rechnung/,
    creditCard: "Kreditkarte",
    ownPage: "Seite Ihrer Buchung öffnen",
    calendar: "In den Kalender eintragen (.ics)",
    dates: "Termin",
  },
} as const;

/** A track day of the test's own, on its vehicles page. */
async function onVehiclesPage(page: Page, language: (typeof languages)[number]) {
  const t = text[language.locale];
  const { formUuid } = await createEvent(page.request, "trackDayTwoDays");
  await page.goto(`${language.prefix}/booking/${formUuid}`);
  await fillMainParticipant(page, language.locale, maxMustermann(uniqueEmail(`forms32-${language.locale}`)));
  await page.getByRole("button", { name: t.next }).click();
  await expect(page).toHaveURL(/page=2/);
  await hydrated(page);
}

for (const language of languages) {
  const t = text[language.locale];
  test.describe(`issue 32 forms in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("a required vehicle per day: no refused 'No vehicle' choice, nothing pre-selected, the customer must pick", async ({ page }) => {
      const consoleClean = failOnConsoleErrors(page, [/status of 422/]);
      await onVehiclesPage(page, language);
      await expect(page.getByRole("radio", { name: t.noVehicle })).toHaveCount(0);
      for (const radio of await page.getByRole("radio", { name: t.streetGt }).all()) await expect(radio).not.toBeChecked();
      await page.getByRole("radio", { name: t.experience }).check();
      await page.getByLabel(t.licence).fill("B072RRE2I55");
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByText(t.vehicleEachDay).first()).toBeVisible();
      await page.getByRole("radio", { name: t.streetGt }).first().check();
      await page.getByRole("radio", { name: t.streetGt }).nth(1).check();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/page=3/);
      consoleClean();
    });

    test("on a phone the running total sits by the vehicle choices and follows them", async ({ page }) => {
      await page.setViewportSize(phone);
      await onVehiclesPage(page, language);
      const picker = page.getByRole("region", { name: /Vehicle, instructor and extras per day|Fahrzeug, Instruktor und Extras pro Tag/ });
      const total = picker.getByRole("link", { name: t.runningTotal }).first();
      await expect(total).toBeVisible();
      const before = await total.innerText();
      await page.getByRole("radio", { name: t.streetGt }).first().check();
      await expect(total).not.toHaveText(before);
      // In view with day 1's choices (not two screens further down), and again after day 2's.
      const firstChoice = await page.getByRole("radio", { name: t.streetGt }).first().boundingBox();
      const totalBox = await total.boundingBox();
      expect(firstChoice && totalBox && totalBox.y + totalBox.height - firstChoice.y).toBeLessThan(phone.height * 0.8);
      await expect(picker.getByRole("link", { name: t.runningTotal })).toHaveCount(2);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `forms32-running-total-${language.locale}`);
      // On a wide screen the summary beside the form does that job.
      await expect(total).toBeHidden();
    });

    test("a postcode is checked against the chosen country, in the browser and by the server", async ({ page }) => {
      const consoleClean = failOnConsoleErrors(page, [/status of 422/]);
      const { formUuid } = await createEvent(page.request, "golfCircleTournament");
      await page.goto(`${language.prefix}/booking/${formUuid}`);
      await hydrated(page);
      await fillMainParticipant(page, language.locale, { ...maxMustermann(uniqueEmail(`postcode-${language.locale}`)), postcode: "!!!" });
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByLabel(t.postcode)).toHaveAccessibleDescription(t.germanPostcode);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `forms32-postcode-${language.locale}`);
      await page.getByLabel(t.postcode).fill("80331");
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/page=2/);
      consoleClean();
    });

    test("the booking success and 'Payment received' pages sum up the booking and lead to its own page and calendar file", async ({ page }) => {
      test.slow();
      await fillGolfBookingUpToPayment(page, language.locale, language.prefix, maxMustermann(uniqueEmail(`way-back-${language.locale}`)));
      await page.getByRole("radio", { name: t.invoice }).check();
      await reviewAndBook(page, language.locale);
      await expect(page).toHaveURL(/booking-success/);
      const code = (await page.getByTestId("booking-code").innerText()).trim();
      await expect(page.getByText(t.dates, { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: t.calendar })).toHaveAttribute("href", new RegExp(`^${language.prefix}/my-booking/[^/]+/calendar\\.ics$`));
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `forms32-success-${language.locale}`);
      const calendar = await page.request.get((await page.getByRole("link", { name: t.calendar }).getAttribute("href")) ?? "");
      expect(await calendar.text()).toContain("BEGIN:VCALENDAR");
      await page.getByRole("link", { name: t.ownPage }).click();
      await expect(page).toHaveURL(/\/my-booking\//);
      await expect(page.getByText(code).first()).toBeVisible();

      // Paid by card: the "Payment received" page has the same way back.
      await fillGolfBookingUpToPayment(page, language.locale, language.prefix, maxMustermann(uniqueEmail(`way-back-card-${language.locale}`)));
      await page.getByRole("radio", { name: t.creditCard }).check();
      await reviewAndBook(page, language.locale);
      await payOnSandbox(page, language.locale, "4242 4242 4242 4242", "Max Mustermann");
      await expect(page).toHaveURL(/\/payment\/success\//);
      await expect(page.getByText(t.dates, { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: t.calendar })).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `forms32-paid-${language.locale}`);
      await page.getByRole("link", { name: t.ownPage }).click();
      await expect(page).toHaveURL(/\/my-booking\//);
    });

    test("typed input survives Back, Forward and a reload", async ({ page }) => {
      const { formUuid } = await createEvent(page.request, "golfCircleTournament");
      await page.goto(`${language.prefix}/events`);
      await page.goto(`${language.prefix}/booking/${formUuid}`);
      await hydrated(page);
      await page.getByLabel(t.forename).fill("Wilhelmine");
      await page.getByLabel(t.city).fill("Regensburg");
      await page.getByLabel(t.salutation).selectOption({ label: t.mrs });
      await page.goBack();
      await expect(page).toHaveURL(/\/events$/);
      await page.goForward();
      await hydrated(page);
      await expect(page.getByLabel(t.forename)).toHaveValue("Wilhelmine");
      await expect(page.getByLabel(t.city)).toHaveValue("Regensburg");
      await expect(page.getByLabel(t.salutation)).toHaveValue("mrs");
      await page.reload();
      await hydrated(page);
      await expect(page.getByLabel(t.forename)).toHaveValue("Wilhelmine");
      // A link inside the site (a client-side navigation) keeps it too.
      await page.getByRole("banner").getByRole("link", { name: t.events, exact: true }).click();
      await expect(page).toHaveURL(/\/events$/);
      await page.goBack();
      await hydrated(page);
      await expect(page.getByLabel(t.forename)).toHaveValue("Wilhelmine");
    });
  });

  test(`lists lead with bookable events (${language.locale})`, { tag: "@demo-site" }, async ({ page }) => {
    const rank = { bookable: 0, not_bookable_yet: 1, fully_booked: 2, registration_closed: 3, past: 4 } as const;
    for (const path of ["/events", "/event-widget"]) {
      await page.goto(`${language.prefix}${path}`);
      const states = await page
        .getByTestId("event-card")
        .locator("[data-state]")
        .evaluateAll((badges) => badges.map((badge) => badge.getAttribute("data-state")));
      expect(states.length).toBeGreaterThan(2);
      expect(states[0]).toBe("bookable");
      const ranks = states.map((state) => rank[state as keyof typeof rank]);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });
}
