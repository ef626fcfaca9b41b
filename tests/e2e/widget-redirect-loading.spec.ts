import { createServer } from "node:http";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated, languages } from "./support";

for (const language of languages) {
  test.describe(`bare pages in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    // Counts the demo site's events: runs on the server where no test makes its own (playwright.config.ts, decision 019).
    test("the event widget has no header or footer and filters by ?category", { tag: "@demo-site" }, async ({ page }) => {
      const response = await page.goto(`${language.prefix}/event-widget`);
      expect(response?.headers()["x-frame-options"]).toBeUndefined();
      await expect(page.getByTestId("event-card")).toHaveCount(6);
      await expect(page.locator("header")).toHaveCount(0);
      await expect(page.locator("footer")).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.goto(`${language.prefix}/event-widget?category=${language.locale === "de" ? "golf-circle-serie" : "golf-circle"}`);
      await expect(page.getByTestId("event-card")).toHaveCount(2);
      const book = page.getByRole("link", { name: language.locale === "de" ? /Jetzt buchen/ : /Book now/ }).first();
      await expect(book).toHaveAttribute("target", "_blank");
    });

    test("the redirect notice without a target says so", async ({ page }) => {
      await page.goto(`${language.prefix}/redirect`);
      await expect(page.getByText(language.locale === "de" ? "Es wurde keine Seite übergeben." : "No page was passed.")).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the redirect notice offers to continue to an external target", async ({ page }) => {
      await page.goto(`${language.prefix}/redirect/${encodeURIComponent("https://partner.example/golf?x=1")}`);
      const link = page.getByRole("link", { name: language.locale === "de" ? "Weiter zu partner.example" : "Continue to partner.example" });
      await expect(link).toHaveAttribute("href", "https://partner.example/golf?x=1");
      await expectNoAxeViolations(page);
      await page.goto(`${language.prefix}/redirect/${encodeURIComponent("javascript:alert(1)")}`);
      await expect(page.getByRole("link", { name: /partner|javascript/ })).toHaveCount(0);
      // A target that is not allowed says so (not "no destination" or "no page was passed").
      const refused =
        language.locale === "de"
          ? { title: "Link nicht erlaubt", text: "Dieser Link wird nicht geöffnet: Sein Ziel ist keine erlaubte Adresse. Erlaubt sind nur Webadressen, die mit http:// oder https:// beginnen." }
          : { title: "Link not allowed", text: "This link is not opened: its target is not an allowed address. Only web addresses beginning with http:// or https:// are allowed." };
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(refused.title);
      await expect(page.getByRole("status")).toHaveText(refused.text);
      await page.goto(`${language.prefix}/redirect/${encodeURIComponent("/events")}`);
      await expect(page.getByRole("status")).toHaveText(refused.text);
    });
  });
}

test("the widget embeds on another site with one script tag and follows its content height", { tag: "@demo-site" }, async ({ page, baseURL }) => {
  // A real partner site on another origin (another port on loopback) that embeds the widget.
  const partnerHtml = `<!doctype html><html lang="en"><head><title>Partner</title></head><body style="margin:0"><h1>Partner site</h1>
    <script src="${baseURL}/event-widget.js" data-category="track-days"></script><p id="after">after</p></body></html>`;
  const partner = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(partnerHtml);
  });
  await new Promise<void>((resolve) => partner.listen(0, "127.0.0.1", resolve));
  const address = partner.address();
  const partnerUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto(partnerUrl);
  const frameElement = page.locator("iframe");
  await expect(frameElement).toHaveAttribute("src", `${baseURL}/event-widget?category=track-days`);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByTestId("event-card")).toHaveCount(3);
  // The frame starts at 640 px; the widget reports its real height and the script applies it.
  await expect
    .poll(async () => {
      const frameHeight = await frameElement.evaluate((element) => element.getBoundingClientRect().height);
      const contentHeight = await frame.locator("html").evaluate((element) => element.scrollHeight);
      return Math.abs(frameHeight - contentHeight);
    })
    .toBeLessThan(2);
  await page.setViewportSize({ width: 420, height: 800 });
  await expect
    .poll(async () => {
      const frameHeight = await frameElement.evaluate((element) => element.getBoundingClientRect().height);
      const contentHeight = await frame.locator("html").evaluate((element) => element.scrollHeight);
      return frameHeight > 1500 && Math.abs(frameHeight - contentHeight) < 2;
    })
    .toBe(true);
  partner.close();
});

test("other pages refuse to be framed", async ({ request }) => {
  const response = await request.get("/events");
  expect(response.headers()["x-frame-options"]).toBe("SAMEORIGIN");
});

test("a slow navigation shows the 2 px loading bar, a fast one does not", async ({ page }) => {
  // From a hydrated page: /events and the content pages are served without hydration (decision 056),
  // but a link from a hydrated page into them is a navigation of the router, with its bar.
  await page.goto("/login");
  await hydrated(page);
  await page.route("**/*.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 900));
    await route.continue();
  });
  await page.locator("footer").getByRole("link", { name: "Privacy policy." }).click();
  const bar = page.getByTestId("loading-bar");
  await expect(bar).toBeVisible();
  expect(await bar.evaluate((element) => element.getBoundingClientRect().height)).toBe(2);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
  await expect(bar).toHaveCount(0);

  await page.unroute("**/*.data*");
  // The fast navigation is made fast on purpose: its data is answered from a copy taken on a first
  // visit, so a busy test machine cannot turn it into a slow one (the bar waits 200 ms to appear).
  const copies = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  await page.route("**/*.data*", async (route) => {
    const copy = copies.get(route.request().url());
    if (copy) return route.fulfill(copy);
    const response = await route.fetch();
    const body = await response.body();
    copies.set(route.request().url(), { status: response.status(), headers: response.headers(), body });
    return route.fulfill({ status: response.status(), headers: response.headers(), body });
  });
  await page.locator("footer").getByRole("link", { name: "Terms and conditions." }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms and conditions" })).toBeVisible();
  await page.locator("footer").getByRole("link", { name: "Privacy policy." }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
  // The rule under test is the throttle: the bar never appears before 200 ms of navigation have
  // passed. Measured in the page from the click, so a busy machine that slows the navigation itself
  // (the interception above runs through the test process) cannot fail it.
  await page.evaluate(() => {
    const state = window as unknown as { navigationStartedAt?: number; barAppearedAfterMs?: number };
    document.addEventListener("click", () => (state.navigationStartedAt = performance.now()), { capture: true, once: true });
    new MutationObserver(() => {
      if (state.barAppearedAfterMs === undefined && state.navigationStartedAt !== undefined && document.querySelector('[data-testid="loading-bar"]')) {
        state.barAppearedAfterMs = performance.now() - state.navigationStartedAt;
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.locator("footer").getByRole("link", { name: "Terms and conditions." }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms and conditions" })).toBeVisible();
  const barAppearedAfterMs = await page.evaluate(() => (window as unknown as { barAppearedAfterMs?: number }).barAppearedAfterMs ?? null);
  if (barAppearedAfterMs !== null) expect(barAppearedAfterMs).toBeGreaterThanOrEqual(195);
});

test("a failed script chunk reloads the page once, not again within 60 s", async ({ page }) => {
  let documentLoads = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentLoads += 1;
  });
  // A failing chunk here is a script's (the stylesheet loads); the login page hydrates (the event
  // list loads no scripts, decision 056).
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/login");
  await expect.poll(() => documentLoads).toBe(2);
  await page.waitForTimeout(1500);
  expect(documentLoads).toBe(2);
});
