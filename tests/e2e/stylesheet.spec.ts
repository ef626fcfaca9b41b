import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, journeyLanguages, openEventListFromHeader, shootPhoneAndDesktop } from "./support";
import { createEvent } from "./test-data";

/**
 * Every page links the built stylesheet (issue 29): styled before any script runs, and still styled,
 * with no stylesheet fetched again, after the router has moved to other pages in place.
 */
async function styles(page: Page) {
  return page.evaluate(() => ({
    // The theme's base layer, a utility (the skip link's sr-only) and the body's font-sans.
    background: getComputedStyle(document.documentElement).backgroundColor,
    skipLink: getComputedStyle(document.querySelector('a[href="#main"]') ?? document.body).position,
    font: getComputedStyle(document.body).fontFamily.split(",")[0],
    styleElements: document.head.querySelectorAll("style").length,
    stylesheetLinks: document.querySelectorAll('link[rel="stylesheet"]').length,
  }));
}
const styled = { background: "rgb(250, 247, 240)", skipLink: "absolute", font: "Inter", styleElements: 0, stylesheetLinks: 1 };

for (const language of journeyLanguages("en")) {
  test.describe(`the stylesheet in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("the server's pages (home, event list) are styled without scripts", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });
      const page = await context.newPage();
      for (const path of [`${language.prefix}/`, `${language.prefix}/events`]) {
        await page.goto(path);
        expect(await styles(page), path).toEqual(styled);
      }
      await page.goto(`${language.prefix}/`);
      await shootPhoneAndDesktop(page, `home-no-js-${language.locale}`);
      await context.close();
    });

    test("pages stay styled through in-app navigations, with no stylesheet fetched again and no CSP violation", async ({ page }) => {
      const consoleClean = failOnConsoleErrors(page);
      const stylesheets: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "stylesheet" || new URL(request.url()).pathname.endsWith(".css")) stylesheets.push(request.url());
      });
      const trip = await createEvent(page.request, "golfYogaTrip");
      await page.goto(`${language.prefix}/events`);
      await hydrated(page);
      expect(await styles(page)).toEqual(styled);
      await shootPhoneAndDesktop(page, `events-${language.locale}`);

      // The list is served without hydration (decision 056): the in-app navigations start on a page
      // that hydrates. The router follows links in the page: the list, an event page, and back to the list.
      await page.goto(`${language.prefix}/login`);
      await hydrated(page);
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      const inAppFrom = stylesheets.length;
      await openEventListFromHeader(page, language);
      expect(await styles(page)).toEqual(styled);
      await page.getByTestId("event-card").first().getByRole("link").first().click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/events/[^/]+/[^/]+$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await styles(page)).toEqual(styled);
      await openEventListFromHeader(page, language);
      expect(await styles(page)).toEqual(styled);
      expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
      expect(stylesheets.slice(inAppFrom)).toEqual([]);

      await page.goto(`${language.prefix}/booking/${trip.formUuid}`);
      await hydrated(page);
      expect(await styles(page)).toEqual(styled);
      await shootPhoneAndDesktop(page, `booking-${language.locale}`);
      await expectNoAxeViolations(page);
      expect(new Set(stylesheets.map((url) => new URL(url).pathname)).size).toBe(1);
      consoleClean();
    });
  });
}
