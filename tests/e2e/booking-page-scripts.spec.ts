import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, languages, shootPhoneAndDesktop } from "./support";
import { createEvent } from "./test-data";

/**
 * The booking page hydrates with React Router's own `<Scripts/>` (issue 29): every script carries the
 * answer's CSP nonce, the page works once hydrated, and it works without JavaScript too.
 */
function nonceOf(header: string | undefined): string {
  const match = /'nonce-([^']+)'/.exec(header ?? "");
  if (!match?.[1]) throw new Error(`no nonce in ${header}`);
  return match[1];
}

for (const language of languages) {
  test.describe(`the booking page's scripts in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("the booking page's HTML loads React Router's scripts, and every script carries the nonce", async ({ page }) => {
      const trip = await createEvent(page.request, "golfYogaTrip");
      const response = await page.request.get(`${language.prefix}/booking/${trip.formUuid}?page=1`);
      const html = await response.text();
      const nonce = nonceOf(response.headers()["content-security-policy"]);
      expect(html.includes('rel="modulepreload"'), "the preloads").toBe(true);
      expect(/<script[^>]*type="module"[^>]*>[\s\S]*import\("\/assets\/entry\.client-/.test(html), "the module that imports the entry").toBe(true);
      expect(html.includes("window.__reactRouterContext = "), "the context script").toBe(true);
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(3);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    });

    test("the booking page hydrates and works, without a console error", async ({ page }) => {
      // The empty page's check is the server's answer (422), shown in place.
      const consoleClean = failOnConsoleErrors(page, [/status of 422/]);
      const trip = await createEvent(page.request, "golfYogaTrip");
      await page.goto(`${language.prefix}/booking/${trip.formUuid}`);
      await hydrated(page);
      await shootPhoneAndDesktop(page, `booking-scripts-${language.locale}-hydrated`);
      // The router posts the empty first page and shows its errors in place: the window stays the same.
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      await page.getByRole("button", { name: language.locale === "de" ? "Speichern und weiter" : "Save and continue" }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
      await shootPhoneAndDesktop(page, `booking-scripts-${language.locale}-after-click`);
      await expectNoAxeViolations(page);
      consoleClean();
    });

    test("without JavaScript the booking page shows its form, ready to be sent", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });
      const page = await context.newPage();
      const trip = await createEvent(page.request, "golfYogaTrip");
      await page.goto(`${language.prefix}/booking/${trip.formUuid}`);
      await expect(page.locator("main")).toBeVisible();
      await expect(page.getByRole("button", { name: language.locale === "de" ? "Speichern und weiter" : "Save and continue" })).toBeVisible();
      await shootPhoneAndDesktop(page, `booking-scripts-${language.locale}-no-js`);
      await context.close();
    });
  });
}

test("a chunk that fails to load still reloads the page once (spec §8), and the reloaded page hydrates", async ({ page }) => {
  const trip = await createEvent(page.request, "golfYogaTrip");
  let failed = 0;
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    if (failed === 0) {
      failed += 1;
      await route.abort();
    } else await route.continue();
  });
  await page.goto(`/booking/${trip.formUuid}`);
  await hydrated(page);
  expect(failed).toBe(1);
  expect(await page.evaluate(() => window.localStorage.getItem("chunk-reload-at"))).not.toBeNull();
});

for (const language of languages) {
  test(`in ${language.locale}, a mouse resting over the page loads no enhanced controls; moving it does (decision 052)`, async ({ page }) => {
    const trip = await createEvent(page.request, "golfYogaTrip");
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    // The browser sends a pointermove without movement as the page appears under the resting mouse.
    await page.goto(`${language.prefix}/booking/${trip.formUuid}`);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    expect(scripts.filter((script) => /\/(?:date-picker|country-combobox|page-check)-[^/]*\.js$/.test(script))).toEqual([]);
    await expect(page.locator('input[role="combobox"]')).toHaveCount(0);
    await page.mouse.move(40, 40);
    await page.mouse.move(60, 60);
    await expect(page.locator('input[role="combobox"]').first()).toBeVisible();
  });
}
