import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { fillDate, fillMainParticipant, participantLabels } from "./booking-steps";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, journeyLanguages, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

/**
 * Issue 12's rough edges of the booking form, on a phone first: the price summary above the page's
 * buttons, "Copy day 1 to day 2" under day 2's heading, a companion-type select that fits, names over
 * 100 characters kept and refused with a message, and a refused video that leaves the file chooser.
 */
const media = (name: string) => path.join(import.meta.dirname, "../fixtures/media", name);
const phone = { width: 390, height: 844 };

const text = {
  en: {
    ...participantLabels.en,
    copy: "Copy day 1 to day 2",
    streetGt: /Rental street GT/,
    ownCar: /Own car · included/,
    addCompanion: "Add companion",
    companion1: "Companion 1",
    companionType: /^Type of companion( \*)?$/,
    atMost100: "At most 100 characters.",
    priceTitle: "Price summary",
    video: /^Your introduction video( \*)?$/,
    tooLong: /30 seconds/,
    uploaded: "Uploaded: clip-10s.mp4",
  },
  de: {
    ...participantLabels.de,
    copy: "Tag 1 auf Tag 2 übernehmen",
    streetGt: /Straßen-GT \(Miete\)/,
    ownCar: /Eigenes Fahrzeug · inklusive/,
    addCompanion: "Begleitperson hinzufügen",
    companion1: "Begleitperson 1",
    companionType: /^Art der Begleitperson( \*)?$/,
    atMost100: "Höchstens 100 Zeichen.",
    priceTitle: "Preisübersicht",
    video: /^Ihr Vorstellungsvideo( \*)?$/,
    tooLong: /30 Sekunden/,
    uploaded: "Hochgeladen: clip-10s.mp4",
  },
} as const;

const person = (email: string) =>
  ({
    salutation: "mrs",
    forename: "Erika",
    surname: "Musterfrau",
    street: "Hauptstraße 1",
    postcode: "80331",
    city: "München",
    phone: "+49 89 1234567",
    email,
  }) as const;

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not rendered");
  return box;
}

/** Nothing on the page is wider than the screen (a cut-off control makes the page scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.screen);
}

for (const language of journeyLanguages("de")) {
  const t = text[language.locale];
  test.describe(`booking form's rough edges in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage }, viewport: phone });

    test("phone: price summary above Save, copy day 1 under day 2's heading, companion select fits, long names kept and refused", async ({ page }) => {
      test.slow();
      const consoleClean = failOnConsoleErrors(page, [/status of 422/]);
      const trackDay = await createEvent(page.request, "trackDayTwoDays");
      await page.goto(`${language.prefix}/booking/${trackDay.formUuid}`);
      await hydrated(page);

      // A pasted name over 100 characters stays whole and is refused with a message, in the browser and by the server.
      const longName = "Maximiliane-Wilhelmine ".repeat(5).trim();
      expect(longName.length).toBeGreaterThan(100);
      await fillMainParticipant(page, language.locale, person(uniqueEmail(`edges-${language.locale}`)));
      await page.getByLabel(t.forename).fill(longName);
      await expect(page.getByLabel(t.forename)).toHaveValue(longName);
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByLabel(t.forename)).toHaveAccessibleDescription(t.atMost100);
      await expect(page.getByLabel(t.forename)).toHaveValue(longName);
      await expect(page).not.toHaveURL(/page=2/);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `edges-long-name-${language.locale}`);
      await page.setViewportSize(phone);
      await page.getByLabel(t.forename).fill("Erika");
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/page=2/);
      // A free choice reads as on the event page, "included", not "€0.00" (issue 32).
      await expect(page.getByText(t.ownCar).first()).toBeVisible();

      // The price summary sits above the page's buttons; the one beside the form is for wide screens.
      const summary = page.getByTestId("price-summary-inline");
      const save = page.getByRole("button", { name: t.next });
      await expect(summary).toBeVisible();
      await expect(page.getByTestId("price-summary")).toBeHidden();
      // Read once the page has settled: the summary is drawn again when the page's live price arrives.
      await expect
        .poll(async () => {
          const [summaryBox, saveBox] = [await summary.boundingBox(), await save.boundingBox()];
          return summaryBox && saveBox ? summaryBox.y + summaryBox.height <= saveBox.y : "not rendered";
        })
        .toBe(true);

      // "Copy day 1 to day 2" is at the top of day 2: inside its group, above its choices.
      const copy = page.getByRole("button", { name: t.copy });
      const dayTwo = copy.locator("xpath=ancestor::fieldset[1]");
      await expect(dayTwo.getByRole("radio", { name: t.streetGt })).toHaveCount(1);
      const dayTwoStreetGt = page.getByRole("radio", { name: t.streetGt }).nth(1);
      expect((await boxOf(copy)).y).toBeLessThan((await boxOf(dayTwoStreetGt)).y);
      await page.getByRole("radio", { name: t.streetGt }).first().check();
      const oneDay = await summary.innerText();
      await copy.click();
      await expect(dayTwoStreetGt).toBeChecked();
      // The live total follows, where the customer reads it.
      await expect(summary).not.toHaveText(oneDay);

      // The companion's type select fits the screen.
      await page.getByRole("button", { name: t.addCompanion }).click();
      const companion = page.getByRole("group", { name: t.companion1 });
      await expect(companion).toBeVisible();
      const select = companion.getByLabel(t.companionType);
      await select.selectOption("co_driver");
      const selectBox = await boxOf(select);
      const groupBox = await boxOf(companion);
      expect(selectBox.x + selectBox.width).toBeLessThanOrEqual(groupBox.x + groupBox.width);
      expect(selectBox.x + selectBox.width).toBeLessThanOrEqual(phone.width);
      await expectNoSidewaysScroll(page);

      // A companion's name over 100 characters: kept whole, the server says why it is refused.
      await companion.getByLabel(t.forename).fill(longName);
      await companion.getByLabel(t.surname).fill("Mustermann");
      await expect(companion.getByLabel(t.forename)).toHaveValue(longName);
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByRole("group", { name: t.companion1 }).getByLabel(t.forename)).toHaveAccessibleDescription(t.atMost100);
      await expect(page.getByRole("group", { name: t.companion1 }).getByLabel(t.forename)).toHaveValue(longName);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shootPhoneAndDesktop(page, `edges-vehicles-companions-${language.locale}`);
      // On a wide screen the summary is beside the form again.
      await expect(page.getByTestId("price-summary")).toBeVisible();
      await expect(page.getByTestId("price-summary-inline")).toBeHidden();
      consoleClean();
    });

    test("a refused video leaves the file chooser empty, with the reason, so another can be picked", async ({ page }) => {
      test.slow();
      const trip = await createEvent(page.request, "golfYogaTrip");
      await page.goto(`${language.prefix}/booking/${trip.formUuid}`);
      await hydrated(page);
      await fillMainParticipant(page, language.locale, person(uniqueEmail(`edges-video-${language.locale}`)));
      await fillDate(page, /^(Date of birth|Geburtsdatum)( \*)?$/, { day: "17", month: "05", year: "1980" });
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/page=2/);
      const video = page.getByLabel(t.video);
      await video.setInputFiles(media("clip-45s.mp4"));
      await expect(video).toHaveAccessibleDescription(t.tooLong);
      // The chooser no longer lists the refused file.
      await expect.poll(() => video.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
      await expect(video).toHaveValue("");
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `edges-video-refused-${language.locale}`);
      await video.setInputFiles(media("clip-10s.mp4"));
      await expect(page.getByTestId("uploaded-file")).toContainText(t.uploaded);
    });
  });
}
