import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { chooseLanguage } from "./support";

function catalogue(locale: string, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(process.cwd(), "core/i18n/locales", locale, `${namespace}.json`), "utf8")) as unknown;
}
const deCommon = catalogue("de", "common");
const enCommon = catalogue("en", "common");
const enEmail = catalogue("en", "email");
const enInvoice = catalogue("en", "invoice");
/** The back office's texts, a catalogue part of their own that public pages do not download (decision 046). */
const enAdmin = (enCommon as { admin: unknown }).admin;
const enSite = { ...(enCommon as object), admin: undefined };

function valuesOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(valuesOf);
}

/**
 * Texts that belong to one catalogue only: long, plain ASCII (so a minifier's escaping cannot hide
 * them), and not part of a text of the catalogue they are told apart from.
 */
function distinctiveTexts(catalogue: unknown, other: unknown): string[] {
  const otherTexts = valuesOf(other);
  return valuesOf(catalogue).filter((text) => text.length >= 25 && /^[A-Za-z ,.:!-]+$/.test(text) && !otherTexts.some((otherText) => otherText.includes(text)));
}

/** Everything the page downloaded as script or JSON while it loaded and hydrated. */
async function downloadedScripts(page: Page, path: string): Promise<string> {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/javascript|json/.test(type)) bodies.push(response.text().catch(() => ""));
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return (await Promise.all(bodies)).join("\n");
}

test.describe("catalogues in the browser", () => {
  const germanOnly = distinctiveTexts(deCommon, enCommon);
  const englishOnly = distinctiveTexts(enCommon, deCommon);
  const serverOnly = [...distinctiveTexts(enEmail, enCommon), ...distinctiveTexts(enInvoice, enCommon)];
  const adminOnly = distinctiveTexts(enAdmin, enSite);

  test("an English page downloads the English page texts only", async ({ page }) => {
    expect(germanOnly.length).toBeGreaterThan(20);
    expect(adminOnly.length).toBeGreaterThan(20);
    // A page that hydrates: the event list is served without JavaScript (decision 056).
    const scripts = await downloadedScripts(page, "/login");
    expect(englishOnly.filter((text) => scripts.includes(text)).length).toBeGreaterThan(20);
    expect(germanOnly.filter((text) => scripts.includes(text))).toEqual([]);
    expect(serverOnly.filter((text) => scripts.includes(text))).toEqual([]);
    expect(adminOnly.filter((text) => scripts.includes(text))).toEqual([]);

    // And the other way round: the German texts arrive when the visitor switches.
    await chooseLanguage(page, "Language", "de");
    await expect(page).toHaveURL(/\/de\/login$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByLabel("Sprache")).toBeVisible();
  });

  test("a German page downloads the German page texts only, and the language switch still works", async ({ page }) => {
    expect(englishOnly.length).toBeGreaterThan(20);
    const scripts = await downloadedScripts(page, "/de/login");
    expect(germanOnly.filter((text) => scripts.includes(text)).length).toBeGreaterThan(20);
    expect(englishOnly.filter((text) => scripts.includes(text))).toEqual([]);
    expect(serverOnly.filter((text) => scripts.includes(text))).toEqual([]);

    // Switching in the browser loads the other locale's texts before the page renders in it.
    await chooseLanguage(page, "Sprache", "en");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByLabel("Language")).toBeVisible();
  });
});
