import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, languages, shootPhoneAndDesktop } from "./support";
import { createEvent } from "./test-data";

/**
 * Hydrated pages start React Router's scripts after the first paint (decision 058): the server
 * writes `<Scripts/>` inside `<noscript id="app-scripts">`, and an inline starter with the CSP nonce
 * runs the context script at once and adds the modulepreloads and the module two frames later.
 */
function nonceOf(header: string | undefined): string {
  const match = /'nonce-([^']+)'/.exec(header ?? "");
  if (!match?.[1]) throw new Error(`no nonce in ${header}`);
  return match[1];
}

for (const language of languages) {
  test.describe(`scripts after the first paint in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("the booking page's HTML has no script or preload that loads before the paint, and every script carries the nonce", async ({ page }) => {
      const trip = await createEvent(page.request, "golfYogaTrip");
      const response = await page.request.get(`${language.prefix}/booking/${trip.formUuid}?page=1`);
      const html = await response.text();
      const nonce = nonceOf(response.headers()["content-security-policy"]);
      const [before, rest = ""] = html.split('<noscript id="app-scripts">');
      const [held = "", after = ""] = rest.split("</noscript>");
      // Outside the holder: no modulepreload, no module script, no script file.
      for (const part of [before ?? "", after]) {
        expect(part.includes('rel="modulepreload"'), "a modulepreload outside the holder").toBe(false);
        expect(/<script[^>]*type="module"/.test(part), "a module script outside the holder").toBe(false);
        expect(/<script[^>]*\ssrc=/.test(part), "a script file outside the holder").toBe(false);
      }
      // Inside it: React Router's own output (the preloads, the context and the module that imports the entry).
      expect(held.startsWith("<template>"), "the holder's template").toBe(true);
      expect(held.includes('rel="modulepreload"'), "the preloads in the holder").toBe(true);
      expect(/<script[^>]*type="module"[^>]*>[\s\S]*import\("\/assets\/entry\.client-/.test(held), "the module in the holder").toBe(true);
      expect(held.includes("window.__reactRouterContext = "), "the context script in the holder").toBe(true);
      // Every script element, held or not, names this answer's nonce.
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(3);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    });

    test("the booking page paints, then loads its scripts, hydrates and works, without a console error", async ({ page }) => {
      // The empty page's check is the server's answer (422), shown in place.
      const consoleClean = failOnConsoleErrors(page, [/status of 422/]);
      const trip = await createEvent(page.request, "golfYogaTrip");
      await page.goto(`${language.prefix}/booking/${trip.formUuid}`);
      await hydrated(page);
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        const entry = performance.getEntriesByType("resource").find((resource) => /\/assets\/entry\.client-/.test(resource.name));
        return { paint: paint?.startTime, entryStart: entry?.startTime };
      });
      expect(timing.paint).toBeDefined();
      expect(timing.entryStart).toBeDefined();
      expect(timing.entryStart ?? 0).toBeGreaterThanOrEqual(timing.paint ?? Infinity);
      // The holder is gone; the preloads and the module are in the page; the router runs.
      expect(await page.locator("#app-scripts").count()).toBe(0);
      expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(10);
      await shootPhoneAndDesktop(page, `deferred-scripts-booking-${language.locale}-hydrated`);
      // The router posts the empty first page and shows its errors in place: the window stays the same.
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      await page.getByRole("button", { name: language.locale === "de" ? "Speichern und weiter" : "Save and continue" }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
      await shootPhoneAndDesktop(page, `deferred-scripts-booking-${language.locale}-after-click`);
      await expectNoAxeViolations(page);
      consoleClean();
    });

    test("without JavaScript the booking page loads no script file", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script" || new URL(request.url()).pathname.endsWith(".js")) scripts.push(request.url());
      });
      const trip = await createEvent(page.request, "golfYogaTrip");
      await page.goto(`${language.prefix}/booking/${trip.formUuid}`);
      await expect(page.locator("main")).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(scripts).toEqual([]);
      await shootPhoneAndDesktop(page, `deferred-scripts-booking-${language.locale}-no-js`);
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

test("an interaction before the app's code has run still loads the enhanced controls (decision 052)", async ({ page }) => {
  const trip = await createEvent(page.request, "golfYogaTrip");
  // The entry is held until the pointer has moved: the move happens while the page has no app yet.
  let release = () => {};
  const moved = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await moved;
    await route.continue();
  });
  await page.goto(`/booking/${trip.formUuid}`, { waitUntil: "domcontentloaded" });
  await page.mouse.move(10, 10);
  await page.mouse.move(20, 20);
  release();
  await hydrated(page);
  await expect(page.locator('input[role="combobox"]').first()).toBeVisible();
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
