import { expect, test } from "@playwright/test";
import { fillMainParticipant, participantLabels } from "./booking-steps";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, journeyLanguages, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

/**
 * Issue 12 "flow": every booking step has its own address (`?page=n`, `?page=review`), and the
 * browser's Back, Forward and reload show exactly that page with its saved answers (decision 021).
 */
const text = {
  en: { participant: "Main participant", extras: "Companions & extras", errorSummary: /the marked fields/ },
  de: { participant: "Hauptteilnehmer", extras: "Begleitpersonen & Extras", errorSummary: /die markierten Felder/ },
} as const;

for (const language of journeyLanguages("en")) {
  test.describe(`booking steps by address (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB" });

    test("Back, Forward and reload show the page of the address with its saved answers; focus moves to the heading and to the error summary", async ({
      page,
    }) => {
      test.slow(); // many steps and an axe scan on a machine shared by several runs
      const consoleClean = failOnConsoleErrors(page, [/status of 422/]); // the invalid page save answers 422, as it should
      const t = { ...participantLabels[language.locale], ...text[language.locale] };
      const { formUuid } = await createEvent(page.request, "golfCircleTournament");
      const base = `${language.prefix}/booking/${formUuid}`;
      // "Book now" carries no page: the address becomes page 1's own.
      await page.goto(base);
      await expect(page).toHaveURL(new RegExp(`${base}\\?page=1$`));
      await hydrated(page);
      await fillMainParticipant(page, language.locale, {
        salutation: "mrs",
        forename: "Marlene",
        surname: "Vogt",
        street: "Am Anger 2",
        postcode: "82467",
        city: "Garmisch",
        phone: "+49 8821 55667",
        email: uniqueEmail("flow-back"),
      });
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(new RegExp(`${base}\\?page=2$`));
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(t.extras);
      // After a step the focus starts at the new page's heading.
      await expect(heading).toBeFocused();

      // A page saved without its required answer: the focus goes to the announced error summary.
      await page.getByRole("button", { name: t.next }).click();
      const summary = page.getByTestId("error-summary");
      await expect(summary.getByRole("alert")).toHaveText(t.errorSummary);
      await expect(summary).toBeFocused();
      await expectNoAxeViolations(page);

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${base}\\?page=1$`));
      await expect(heading).toHaveText(t.participant);
      await expect(page.getByLabel(t.forename)).toHaveValue("Marlene");
      // A drop-down too shows its saved answer (it fell back to "Please choose" when coming back without a reload).
      await expect(page.getByLabel(t.salutation)).toHaveValue("mrs");
      await page.goForward();
      await expect(page).toHaveURL(new RegExp(`${base}\\?page=2$`));
      await expect(heading).toHaveText(t.extras);
      await page.goBack();
      await expect(heading).toHaveText(t.participant);
      await page.reload();
      await expect(page).toHaveURL(new RegExp(`${base}\\?page=1$`));
      await expect(heading).toHaveText(t.participant);
      await expect(page.getByLabel(t.surname)).toHaveValue("Vogt");

      // A page after the furthest one reached, or the review before every page is done: the furthest page.
      await page.goto(`${base}?page=3`);
      await expect(page).toHaveURL(new RegExp(`${base}\\?page=2$`));
      await page.goto(`${base}?page=review`);
      await expect(page).toHaveURL(new RegExp(`${base}\\?page=2$`));
      await expect(heading).toHaveText(t.extras);
      // Back to page 1 by its step in the list of steps: every answer as saved, the drop-down's too.
      await page.getByRole("link", { name: new RegExp(`^1\\. ${t.participant}`) }).click();
      await expect(heading).toHaveText(t.participant);
      await expect(page.getByLabel(t.salutation)).toHaveValue("mrs");
      await expect(page.getByLabel(t.surname)).toHaveValue("Vogt");
      // The form again without a page resumes where the visitor was, at that page's address.
      await page.goto(`${base}?page=1`);
      await page.goto(base);
      await expect(page).toHaveURL(new RegExp(`${base}\\?page=1$`));
      consoleClean();
    });
  });
}
