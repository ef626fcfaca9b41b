import { expect, test } from "@playwright/test";
import { chooseLanguage, hydrated } from "./support";

test.describe("language choice", () => {
  test("a German browser is sent from an unprefixed URL to its /de equivalent", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-AT", extraHTTPHeaders: { "Accept-Language": "de-AT,de;q=0.9,en;q=0.5" } });
    const page = await context.newPage();
    await page.goto("/events?x=1");
    await expect(page).toHaveURL(/\/de\/events\?x=1$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await context.close();
  });

  test("an English or unknown browser language stays on English", async ({ browser }) => {
    const context = await browser.newContext({ locale: "fr-FR", extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" } });
    const page = await context.newPage();
    await page.goto("/events");
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });

  test("the saved cookie wins over the browser language", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: "de-DE", extraHTTPHeaders: { "Accept-Language": "de-DE" } });
    await context.addCookies([{ name: "i18n_redirected", value: "en", url: baseURL ?? "" }]);
    const page = await context.newPage();
    await page.goto("/events");
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });

  test("the footer dropdown switches the current page, saves the cookie for 365 days, and is remembered", async ({ page, context }) => {
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and conditions");
    await chooseLanguage(page, "Language", "de");
    await expect(page).toHaveURL(/\/de\/agb$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AGB");
    const cookie = (await context.cookies()).find((entry) => entry.name === "i18n_redirected");
    expect(cookie?.value).toBe("de");
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    await page.goto("/events");
    await expect(page).toHaveURL(/\/de\/events$/);
    await chooseLanguage(page, "Sprache", "en");
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All events");
  });

  test("Back is hidden on the home page, and one press after a language switch goes back (the switch replaces the entry)", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const back = (label: string) => page.getByRole("banner").locator("a, button").filter({ hasText: label });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(back("Back")).toHaveCount(0);
    await page.getByRole("banner").getByRole("link", { name: "Events", exact: true }).click();
    await expect(page).toHaveURL(/\/events$/);
    await page.locator("footer").getByRole("link").filter({ hasText: /\.$/ }).first().click();
    await expect(page).not.toHaveURL(/\/events$/);
    await page.waitForLoadState("load");
    await hydrated(page);
    await chooseLanguage(page, "Language", "de");
    await expect(page).toHaveURL(/\/de\//);
    await page.waitForLoadState("load");
    await hydrated(page);
    await back("Zurück").click();
    await expect(page).toHaveURL(/\/(de\/)?events$/);
  });

  test("the dropdown works without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/de/events/reisen");
    await page.getByLabel("Sprache").selectOption("en");
    await page.getByRole("button", { name: "Wechseln" }).click();
    await expect(page).toHaveURL(/\/events\/travel$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });
});
