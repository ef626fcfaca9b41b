import { createServer, type Server } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { failOnConsoleErrors, hydrated, journeyLanguages } from "./support";
import { createEvent } from "./test-data";

/** Every CSP violation the page reports, besides the console message Chromium writes for it. */
async function collectCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

function nonceOf(header: string | undefined): string {
  const match = /'nonce-([^']+)'/.exec(header ?? "");
  if (!match?.[1]) throw new Error(`no nonce in ${header}`);
  return match[1];
}

for (const language of journeyLanguages("de")) {
  test.describe(`Content-Security-Policy in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("pages load and hydrate without a single violation, cached copies included", async ({ page }) => {
      // Only the 404 page itself may "fail to load".
      const consoleClean = failOnConsoleErrors(page, [/status of 404/]);
      const violations = await collectCspViolations(page);
      const trip = await createEvent(page.request, "golfYogaTrip");
      const paths = ["", "/events", "/login", "/register", "/reset-password", `/booking/${trip.formUuid}`, "/event-widget", "/no-such-page"];
      for (const path of paths) {
        const response = await page.goto(`${language.prefix}${path}` || "/");
        const policy = response?.headers()["content-security-policy"];
        expect(policy, path).toContain("script-src 'self' 'nonce-");
        expect(policy, path).toContain(path === "/event-widget" ? "frame-ancestors *" : "frame-ancestors 'self'");
        await expect(page.locator("#main, main").first()).toBeVisible();
        expect(await violations(), path).toEqual([]);
      }
      // The second anonymous visit of /login (hydrated) comes from the page micro-cache: it carries the new nonce.
      const first = await page.context().request.get(`${language.prefix}/login`);
      const second = await page.context().request.get(`${language.prefix}/login`);
      const [firstNonce, secondNonce] = [nonceOf(first.headers()["content-security-policy"]), nonceOf(second.headers()["content-security-policy"])];
      expect(firstNonce).not.toBe(secondNonce);
      expect(await second.text()).toContain(`nonce="${secondNonce}"`);
      expect(await second.text()).not.toContain(firstNonce);

      // Hydrated: a link is followed by the router in the page, which keeps the window's state. (From
      // /login: /events is served without hydration, decision 056, and its links load pages.)
      await page.goto(`${language.prefix}/login`);
      await hydrated(page);
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      await page
        .locator(`a[href="${language.prefix || "/"}"]`)
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`${language.prefix || "/"}$`));
      expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
      expect(await violations()).toEqual([]);
      consoleClean();
    });
  });
}

for (const language of journeyLanguages("de")) {
  test(`a static page's inline scripts run by their hash, without a nonce, cached copies included (${language.locale})`, async ({ page }) => {
    const consoleClean = failOnConsoleErrors(page);
    const violations = await collectCspViolations(page);
    await page.setExtraHTTPHeaders({ "Accept-Language": language.acceptLanguage });
    const eventsPath = `${language.prefix}/events`;
    await page.goto(eventsPath);
    const links = await page.locator(`main a[href^="${eventsPath}/"]`).evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
    const categoryPath = links.find((href) => href.split("/").length === eventsPath.split("/").length + 1);
    const eventPath = links.find((href) => href.split("/").length === eventsPath.split("/").length + 2);
    expect(categoryPath && eventPath, links.join(" ")).toBeTruthy();
    // Each twice: the second answer is the page cache's compressed copy (decision 059).
    for (const path of [language.prefix || "/", eventsPath, categoryPath ?? "", eventPath ?? "", eventsPath]) {
      for (const visit of [1, 2]) {
        const response = await page.goto(path);
        const policy = response?.headers()["content-security-policy"] ?? "";
        expect(policy, path).toMatch(/script-src 'self' 'nonce-[^']+'( 'sha256-[A-Za-z0-9+/]+=*'){2}(;|$)/);
        const html = (await response?.text()) ?? "";
        expect(html, `${path} visit ${visit}`).not.toContain("nonce=");
        expect(html).toContain("data-static-page");
        // The enhancement script ran (Back and the language dropdown work): its hash was accepted.
        await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
        expect(await violations(), `${path} visit ${visit}`).toEqual([]);
      }
    }
    // The event page's structured data is a data block: no nonce, nothing for CSP to refuse.
    await page.goto(eventPath ?? "");
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    expect(await violations()).toEqual([]);
    consoleClean();
  });
}

test("a script injected without the nonce is refused, and the refusal reaches the console", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") messages.push(message.text());
  });
  await page.goto("/events");
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.injectedScriptRan = true";
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { injectedScriptRan?: boolean }).injectedScriptRan ?? false;
  });
  expect(ran).toBe(false);
  await expect.poll(() => messages.join("\n")).toMatch(/Content Security Policy/);
});

test.describe("framing", () => {
  let partner: Server;
  let partnerUrl = "";
  test.beforeAll(async ({ baseURL }) => {
    // A partner site on another origin (another port on loopback) that frames the widget and a normal page.
    const html = `<!doctype html><html lang="en"><head><title>Partner</title></head><body><h1>Partner</h1>
      <iframe name="widget" title="Widget" src="${baseURL}/de/event-widget"></iframe>
      <iframe name="events" title="Events" src="${baseURL}/events"></iframe></body></html>`;
    partner = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(html);
    });
    await new Promise<void>((resolve) => partner.listen(0, "127.0.0.1", resolve));
    const address = partner.address();
    partnerUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => partner.close(resolve));
  });

  test("a partner site may frame the widget, but no other page", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") messages.push(message.text());
    });
    await page.goto(partnerUrl);
    await expect(page.frameLocator("iframe[name=widget]").getByTestId("event-card").first()).toBeVisible();
    await expect.poll(() => page.frame({ name: "events" })?.url()).toMatch(/^chrome-error:/);
    expect(messages.join("\n")).toMatch(/frame-ancestors 'self'/);
    expect(messages.join("\n")).not.toMatch(/event-widget/);
  });
});

test("personal pages are never stored; public pages keep their caching", async ({ request }) => {
  const trip = await createEvent(request, "golfYogaTrip");
  for (const prefix of ["", "/de"]) {
    const personal = [
      "/settings",
      "/settings/delete-profile",
      "/dashboard",
      `/booking/${trip.formUuid}`,
      "/booking-success?booking=00000000-0000-4000-8000-000000000000",
      "/pay/not-a-token",
      "/payment/success/not-a-token",
      "/payment/failed/not-a-token",
      "/sma-checkout?booking=00000000-0000-4000-8000-000000000000",
      "/sma-success?booking=00000000-0000-4000-8000-000000000000",
      "/invoice/00000000-0000-4000-8000-000000000000",
    ];
    for (const path of personal) {
      const response = await request.get(`${prefix}${path}`, { maxRedirects: 0 });
      expect(response.headers()["cache-control"], `${prefix}${path} (${response.status()})`).toBe("no-store");
    }
    for (const path of ["/events", "/login"]) {
      const response = await request.get(`${prefix}${path}`, { maxRedirects: 0 });
      expect(response.headers()["cache-control"], `${prefix}${path}`).toBeUndefined();
    }
  }
});
