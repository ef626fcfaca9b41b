import { expect, test } from "@playwright/test";
import { fillMainParticipant, participantLabels } from "./booking-steps";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, journeyLanguages, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

/**
 * Issue 12 "flow": two windows on one draft. Each page save carries the draft's version; the later
 * save from an older version is refused with a clear message, the page shows the latest answers,
 * and what the other window entered is never overwritten (decision 021).
 */
const text = {
  en: { stale: "This booking was changed in another window. We loaded the latest answers; please check them and save again.", extras: "Companions & extras" },
  de: {
    stale: "Diese Buchung wurde in einem anderen Fenster geändert. Wir haben die neuesten Angaben geladen; bitte prüfen Sie sie und speichern Sie erneut.",
    extras: "Begleitpersonen & Extras",
  },
} as const;

for (const language of journeyLanguages("en")) {
  test.describe(`two windows on one draft (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB" });

    test("the later save from an older version is refused with a message, shows the other window's answers, and saves once checked", async ({
      page,
      context,
    }) => {
      test.slow(); // two windows and an axe scan on a machine shared by several runs
      const t = { ...participantLabels[language.locale], ...text[language.locale] };
      const { formUuid } = await createEvent(page.request, "golfCircleTournament");
      const first = `${language.prefix}/booking/${formUuid}?page=1`;
      await page.goto(first);
      await hydrated(page);
      await fillMainParticipant(page, language.locale, {
        salutation: "mrs",
        forename: "Ida",
        surname: "Lechner",
        street: "Bahnhofstraße 5",
        postcode: "83022",
        city: "Rosenheim",
        phone: "+49 8031 445566",
        email: uniqueEmail("flow-tabs"),
      });
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/\?page=2$/);

      // Both windows show page 1 of the same draft (the same browser, the same booking cookie).
      const other = await context.newPage();
      const consoleClean = failOnConsoleErrors(other, [/status of 409/]); // the refused save answers 409, as it should
      await other.goto(first);
      await hydrated(other);
      await page.goto(first);
      await hydrated(page);
      await page.getByLabel(t.forename).fill("Anna");
      await page.getByRole("button", { name: t.next }).click();
      await expect(page).toHaveURL(/\?page=2$/);

      await other.getByLabel(t.forename).fill("Berta");
      await other.getByRole("button", { name: t.next }).click();
      const summary = other.getByTestId("error-summary");
      await expect(summary.getByRole("alert")).toHaveText(t.stale);
      await expect(summary).toBeFocused();
      await expect(other).toHaveURL(/\?page=1$/);
      // The latest answers, from the first window: nothing was overwritten.
      await expect(other.getByLabel(t.forename)).toHaveValue("Anna");
      await expect(other.getByLabel(t.surname)).toHaveValue("Lechner");
      await expectNoAxeViolations(other);
      await shootPhoneAndDesktop(other, `flow-stale-save-${language.locale}`);

      // Checked and saved again, from the version it now shows: it goes through.
      await other.getByLabel(t.forename).fill("Berta");
      await other.getByRole("button", { name: t.next }).click();
      await expect(other).toHaveURL(/\?page=2$/);
      await expect(other.getByRole("heading", { level: 1 })).toHaveText(t.extras);
      await other.goBack();
      await expect(other.getByLabel(t.forename)).toHaveValue("Berta");
      consoleClean();
    });
  });
}
