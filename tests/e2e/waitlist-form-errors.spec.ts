import { expect, test, type Page } from "@playwright/test";
import { countPosts, expectNoAxeViolations, hydrated, languages, shootPhoneAndDesktop } from "./support";
import { createEvent } from "./test-data";

/**
 * The waitlist sign-up checks its fields in the browser before posting, with the schema the action
 * uses (core/contracts/waitlist.ts) and the same catalogue texts (decision 016); without JavaScript
 * the server answers with the very same errors. Screenshots on a phone and a desktop go to test-results.
 */
const text = {
  en: {
    join: /Join the waitlist/,
    name: /^Name( \*)?$/,
    email: /^E-mail address( \*)?$/,
    party: /^Number of people( \*)?$/,
    required: "This field is required.",
    badEmail: "Please enter a valid e-mail address.",
    badParty: "Please enter a number of people from 1 to 20.",
  },
  de: {
    join: /Auf die Warteliste/,
    name: /^Name( \*)?$/,
    email: /^E-Mail-Adresse( \*)?$/,
    party: /^Anzahl Personen( \*)?$/,
    required: "Dieses Feld ist erforderlich.",
    badEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    badParty: "Bitte geben Sie eine Personenzahl von 1 bis 20 ein.",
  },
} as const;

/** The new event's sign-up page (POST /__test/events drops the public read cache, so it shows at once). */
async function openWaitlist(page: Page, prefix: string, eventUuid: string, partyLabel: RegExp) {
  await page.goto(`${prefix}/booking-no-available-spots?event=${eventUuid}`);
  await expect(page.getByLabel(partyLabel)).toBeVisible();
}

for (const language of languages) {
  const t = text[language.locale];

  test.describe(`waitlist form errors in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("the localized errors show before anything is posted", async ({ page }) => {
      const full = await createEvent(page.request, "golfCircleFinal");
      await openWaitlist(page, language.prefix, full.eventUuid, t.party);
      await hydrated(page);
      const posts = countPosts(page);
      await page.getByLabel(t.party).fill("25");
      await page.getByRole("button", { name: t.join }).click();
      await expect(page.getByLabel(t.name)).toHaveAccessibleDescription(t.required);
      await expect(page.getByLabel(t.name)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(t.email)).toHaveAccessibleDescription(t.required);
      // The error comes first, then the hint.
      await expect(page.getByLabel(t.party)).toHaveAccessibleDescription(new RegExp(`^${t.badParty}`));
      // Typing replaces the error with what the field now lacks.
      await page.getByLabel(t.email).fill("not-an-address");
      await expect(page.getByLabel(t.email)).toHaveAccessibleDescription(t.badEmail);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `waitlist-${language.locale}`);
      expect(posts).toEqual([]);
    });

    test("without JavaScript the server answers with the same errors", async ({ browser, request }) => {
      const full = await createEvent(request, "golfCircleFinal");
      const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });
      const page = await context.newPage();
      await openWaitlist(page, language.prefix, full.eventUuid, t.party);
      await page.getByLabel(t.name).fill("Ines Keller");
      await page.getByLabel(t.email).fill("not-an-address");
      await page.getByLabel(t.party).fill("25");
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: t.join }).click();
      expect((await answer).status()).toBe(422);
      await expect(page.getByLabel(t.email)).toHaveAccessibleDescription(t.badEmail);
      await expect(page.getByLabel(t.party)).toHaveAccessibleDescription(new RegExp(`^${t.badParty}`));
      await expect(page.getByLabel(t.name)).toHaveValue("Ines Keller");
      await expect(page.getByLabel(t.email)).toHaveValue("not-an-address");
      await shootPhoneAndDesktop(page, `waitlist-nojs-${language.locale}`);
      await context.close();
    });
  });
}
