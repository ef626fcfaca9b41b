import { expect, test, type Page } from "@playwright/test";
import { chooseLanguage, expectNoAxeViolations, failOnConsoleErrors, hydrated, journeyLanguages, openEventListFromHeader, shootPhoneAndDesktop } from "./support";
import { createEvent } from "./test-data";

/**
 * The public browsing pages are served without hydration (decision 056): no JavaScript file at all,
 * and still every control works — category filter, language switch, Back, opening an event and
 * starting its booking (which hydrates as before).
 */
const text = {
  en: { other: "de", otherPrefix: "/de", languageLabel: "Language", otherHeading: "Alle Veranstaltungen", category: "Travel", back: "Back", book: "Book now" },
  de: { other: "en", otherPrefix: "", languageLabel: "Sprache", otherHeading: "All events", category: "Reisen", back: "Zurück", book: "Jetzt buchen" },
} as const;

/** Every script file the page fetches from now on (inline scripts are not files). */
function scriptFiles(page: Page): string[] {
  const files: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" || new URL(request.url()).pathname.endsWith(".js")) files.push(request.url());
  });
  return files;
}

async function expectStatic(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-static-page", "");
  await expect(page.locator('link[rel="modulepreload"], script[src]')).toHaveCount(0);
  expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterDataRouter" in window)).toBe(false);
}

for (const language of journeyLanguages("en")) {
  const t = text[language.locale];
  test.describe(`pages without hydration in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("home, event list, category, event and content page load no JavaScript file; filter, Back, language switch and booking work", async ({
      page,
      request,
      baseURL,
    }) => {
      // Five pages, each checked with axe: ~18 s on a quiet CI machine, too close to the default 30 s.
      test.slow();
      const assertClean = failOnConsoleErrors(page);
      const { formUuid } = await createEvent(request, "trackDayTwoDays");
      const scripts = scriptFiles(page);

      await page.goto(language.prefix || "/");
      await expectStatic(page);
      await expectNoAxeViolations(page);

      await page.goto(`${language.prefix}/events`);
      await expectStatic(page);
      await hydrated(page);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `static-events-${language.locale}`);

      // The category filter: links, the current one marked.
      const filter = page.getByRole("navigation", { name: /./ }).filter({ has: page.getByRole("link", { name: t.category, exact: true }) });
      await filter.getByRole("link", { name: t.category, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/events/[a-z-]+$`));
      const categoryUrl = page.url();
      await expect(filter.getByRole("link", { name: t.category, exact: true })).toHaveAttribute("aria-current", "page");
      await expectStatic(page);

      // Back on a content page goes one step back (to the category), not to the whole list.
      await page.locator("footer").getByRole("link").filter({ hasText: /\.$/ }).first().click();
      await expectStatic(page);
      await hydrated(page);
      await page.getByRole("link", { name: t.back }).click();
      await expect(page).toHaveURL(categoryUrl);

      // The language switch: choosing in the dropdown opens the page in the other language.
      await page.goto(`${language.prefix}/events`);
      await hydrated(page);
      await chooseLanguage(page, t.languageLabel, t.other);
      await expect(page).toHaveURL(`${baseURL}${t.otherPrefix}/events`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.otherHeading);
      await expectStatic(page);
      await chooseLanguage(page, text[t.other].languageLabel, language.locale);
      await expect(page).toHaveURL(`${baseURL}${language.prefix}/events`);

      // Open an event and start its booking: the booking page hydrates as before.
      const card = page.getByTestId("event-card").filter({ has: page.locator(`a[href="${language.prefix}/booking/${formUuid}"]`) });
      await card.getByRole("link", { name: /^Details/ }).click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/events/[a-z-]+/[a-z0-9-]+$`));
      await expectStatic(page);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `static-event-page-${language.locale}`);
      expect(scripts).toEqual([]);

      await page.getByRole("link", { name: t.book }).click();
      await expect(page).toHaveURL(`${baseURL}${language.prefix}/booking/${formUuid}?page=1`);
      await hydrated(page);
      await expect(page.locator("html")).not.toHaveAttribute("data-static-page");
      expect(scripts.length).toBeGreaterThan(0);
      assertClean();
    });

    test("a hydrated page's link into the event list renders it in the browser", async ({ page }) => {
      const assertClean = failOnConsoleErrors(page);
      await page.goto(`${language.prefix}/login`);
      await hydrated(page);
      await expect(page.locator("html")).not.toHaveAttribute("data-static-page");
      await openEventListFromHeader(page, language);
      // A client-side navigation: the router is still there, the list works as a page of the app.
      expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
      await page.getByRole("link", { name: t.category, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/events/[a-z-]+$`));
      assertClean();
    });
  });
}
