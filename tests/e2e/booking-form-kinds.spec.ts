import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { fillDate, fillMainParticipant, participantLabels } from "./booking-steps";
import { createEvent } from "./test-data";
import { expectNoAxeViolations, failOnConsoleErrors, languages, uniqueEmail } from "./support";

const text = {
  en: {
    ...participantLabels.en,
    required: "This field is required.",
    pageInvalid: "Please check the marked fields. Your entries have been saved.",
    pageInvalidInBrowser: "Please correct the marked fields.",
    fieldsToCheck: /^\d+ fields to check$/,
    forenameError: "First name: This field is required.",
    dateOfBirth: /^Date of birth( \*)?$/,
    country: /^Country( \*)?$/,
    nationality: /^Nationality( \*)?$/,
    shownDate: "17/05/1980",
    austriaTyped: "Austr",
    austria: "Austria",
    openCalendar: "Open calendar",
  },
  de: {
    ...participantLabels.de,
    required: "Dieses Feld ist erforderlich.",
    pageInvalid: "Bitte prüfen Sie die markierten Felder. Ihre Eingaben wurden gespeichert.",
    pageInvalidInBrowser: "Bitte korrigieren Sie die markierten Felder.",
    fieldsToCheck: /^\d+ Angaben zu prüfen$/,
    forenameError: "Vorname: Dieses Feld ist erforderlich.",
    dateOfBirth: /^Geburtsdatum( \*)?$/,
    country: /^Land( \*)?$/,
    nationality: /^Staatsangehörigkeit( \*)?$/,
    shownDate: "17.05.1980",
    austriaTyped: "Öster",
    austria: "Österreich",
    openCalendar: "Kalender öffnen",
  },
} as const;

const person = (email: string) =>
  ({ salutation: "mrs", forename: "Erika", surname: "Muster", street: "Ring 2", postcode: "10115", city: "Berlin", phone: "+49 30 1234567", email }) as const;
/** Someone living in Austria, for the tests that choose Austria: the postcode is checked against the country. */
const austrian = (email: string) => ({ ...person(email), street: "Ringstraße 2", postcode: "1010", city: "Wien" }) as const;

/** Holds every page post until `release()`: what shows meanwhile comes from the browser alone. */
async function holdPagePosts(page: Page) {
  const posts: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/booking\//, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts.push(route.request().url());
    await released;
    await route.continue();
  });
  return { posts, release };
}

/**
 * React Aria's controls replace the native ones at the visitor's first interaction with the page
 * (decision 052; a mouse that moves is one): wait for that before typing. Two moves: a browser's first
 * pointermove on a page has no movement to measure, and a pointermove without movement does not count.
 */
async function waitForEnhancedControls(page: Page) {
  await page.mouse.move(10, 10);
  await page.mouse.move(30, 30);
  await expect(page.locator('input[role="combobox"]').first()).toBeVisible();
}

for (const language of languages) {
  const t = text[language.locale];
  test.describe(`booking form controls in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("the browser shows the server's errors before the server answers, and the page is still saved", async ({ page }) => {
      test.slow();
      // The invalid page is posted on purpose (the server saves it): its 422 answer is expected.
      const consoleClean = failOnConsoleErrors(page, [/status of 422/]);
      await page.goto(`${language.prefix}/booking/${(await createEvent(page.request, "trackDayTwoDays")).formUuid}`);
      await waitForEnhancedControls(page);
      const { posts, release } = await holdPagePosts(page);
      await page.getByLabel(t.phone).fill("12");
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByRole("alert")).toHaveText(t.pageInvalidInBrowser);
      await expect(page.getByLabel(t.forename)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(t.forename)).toHaveAccessibleDescription(t.required);
      // The error summary takes the focus (it says what went wrong, and is on screen; decision 021).
      await expect(page.getByTestId("error-summary")).toBeFocused();
      await expectNoAxeViolations(page);
      // The page is posted all the same: the server keeps what was entered and answers with the same errors.
      expect(posts.length).toBe(1);
      release();
      await expect(page.getByRole("alert")).toHaveText(t.pageInvalid);
      await expect(page.getByLabel(t.forename)).toHaveAccessibleDescription(t.required);
      // The summary counts the errors and links each to its field (GOV.UK's error summary), and keeps the focus.
      const summary = page.getByTestId("error-summary");
      await expect(summary.getByRole("heading", { name: t.fieldsToCheck })).toBeVisible();
      await expect(summary).toBeFocused();
      const toForename = summary.getByRole("link", { name: t.forenameError, exact: true });
      const forenameId = await page.getByLabel(t.forename).getAttribute("id");
      await expect(toForename).toHaveAttribute("href", `#${forenameId}`);
      // Every link leads to a field on the page.
      for (const href of await summary.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
        expect(href).toMatch(/^#/);
        await expect(page.locator(`[id="${href?.slice(1)}"]`)).toHaveCount(1);
      }
      await toForename.click();
      await expect(page.getByLabel(t.forename)).toBeFocused();
      // With scripts the address keeps no fragment: a navigation would drop the refused save's answer.
      expect(page.url()).not.toContain("#");
      // Typing clears the field's error; a complete page is posted and moves on.
      await page.getByLabel(t.forename).fill("Erika");
      await expect(page.getByLabel(t.forename)).not.toHaveAttribute("aria-invalid", "true");
      await fillMainParticipant(page, language.locale, person(uniqueEmail(`kinds-${language.locale}`)));
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/page=2/);
      expect(posts.length).toBe(2);
      consoleClean();
    });

    test("the date picker shows the page's date format and posts yyyy-mm-dd; the country combobox filters in the page's language", async ({ page }) => {
      test.slow();
      const consoleClean = failOnConsoleErrors(page);
      const trip = await createEvent(page.request, "golfYogaTrip");
      await page.goto(`${language.prefix}/booking/${trip.formUuid}`);
      await waitForEnhancedControls(page);
      await fillMainParticipant(page, language.locale, austrian(uniqueEmail(`kinds-trip-${language.locale}`)));
      await fillDate(page, t.dateOfBirth, { day: "17", month: "05", year: "1980" });
      const dateField = page.getByRole("group", { name: t.dateOfBirth });
      await expect(dateField).toHaveText(new RegExp(t.shownDate.replace(/[./]/g, "\\$&")));
      await expect(page.locator(`input[type="hidden"][name^="a."][value="1980-05-17"]`)).toHaveCount(1);
      // The calendar opens on the chosen date.
      await dateField.getByRole("button", { name: t.openCalendar }).click();
      await expect(page.getByRole("dialog").getByRole("grid")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      // The country: typing filters the names in the page's language; the code is posted.
      const country = page.getByRole("combobox", { name: t.country });
      await country.click();
      await country.fill(t.austriaTyped);
      await page.getByRole("option", { name: t.austria }).click();
      await expect(country).toHaveValue(t.austria);
      await expect(page.locator(`input[type="hidden"][value="AT"]`)).toHaveCount(1);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/page=2/);
      // Saved as the server reads it: back on page 1 both show again.
      await page.goto(`${language.prefix}/booking/${trip.formUuid}?page=1`);
      await waitForEnhancedControls(page);
      await expect(page.getByRole("group", { name: t.dateOfBirth })).toHaveText(new RegExp(t.shownDate.replace(/[./]/g, "\\$&")));
      await expect(page.getByRole("combobox", { name: t.country })).toHaveValue(t.austria);
      consoleClean();
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("the page is a plain form: native date and country fields, the server's errors", async ({ page }) => {
        await page.goto(`${language.prefix}/booking/${(await createEvent(page.request, "golfYogaTrip")).formUuid}`);
        await expect(page.getByLabel(t.dateOfBirth)).toHaveAttribute("type", "date");
        await expect(page.getByLabel(t.country)).toHaveValue("DE");
        await page.getByRole("button", { name: t.next }).click();
        await expect(page.getByRole("alert")).toHaveText(t.pageInvalid);
        await expect(page.getByLabel(t.forename)).toHaveAttribute("aria-invalid", "true");
        await fillMainParticipant(page, language.locale, austrian(uniqueEmail(`kinds-nojs-${language.locale}`)));
        await page.getByLabel(t.dateOfBirth).fill("1980-05-17");
        await page.getByLabel(t.country).selectOption("AT");
        await page.getByRole("button", { name: t.next }).click();
        await expect(page).toHaveURL(/page=2/);
      });
    });

    test("screenshots of the open date picker and country combobox (phone and desktop)", async ({ page }) => {
      test.skip(!process.env.SCREENSHOT_DIR, "only when SCREENSHOT_DIR is set");
      test.slow();
      const folder = path.resolve(process.env.SCREENSHOT_DIR ?? ".");
      mkdirSync(folder, { recursive: true });
      for (const [device, viewport] of [
        ["phone", { width: 390, height: 844 }],
        ["desktop", { width: 1280, height: 900 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`${language.prefix}/booking/${(await createEvent(page.request, "golfYogaTrip")).formUuid}`);
        await waitForEnhancedControls(page);
        const dateField = page.getByRole("group", { name: t.dateOfBirth });
        await fillDate(page, t.dateOfBirth, { day: "17", month: "05", year: "1980" });
        await dateField.getByRole("button", { name: t.openCalendar }).click();
        await expect(page.getByRole("dialog").getByRole("grid")).toBeVisible();
        await page.screenshot({ path: path.join(folder, `booking-date-${language.locale}-${device}.png`) });
        await page.keyboard.press("Escape");
        await page.getByRole("combobox", { name: t.country }).click();
        await page.getByRole("combobox", { name: t.country }).fill(t.austriaTyped.slice(0, 2));
        await expect(page.getByRole("listbox")).toBeVisible();
        await page.screenshot({ path: path.join(folder, `booking-country-${language.locale}-${device}.png`) });
        await page.keyboard.press("Escape");
      }
    });
  });
}
