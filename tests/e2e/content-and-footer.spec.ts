import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, languages } from "./support";

const pages = {
  en: [
    { slug: "terms", name: "Terms and conditions", mobile: true },
    { slug: "privacy", name: "Privacy policy", mobile: true },
    { slug: "imprint", name: "Imprint", mobile: false },
  ],
  de: [
    { slug: "agb", name: "AGB", mobile: true },
    { slug: "datenschutz", name: "Datenschutz", mobile: true },
    { slug: "impressum", name: "Impressum", mobile: false },
  ],
} as const;

for (const language of languages) {
  test.describe(`content pages and footer in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    for (const entry of pages[language.locale]) {
      test(`/${entry.slug} renders with its title`, async ({ page }) => {
        await page.goto(`${language.prefix}/${entry.slug}`);
        await expect(page.getByRole("heading", { level: 1, name: entry.name })).toBeVisible();
        await expect(page).toHaveTitle(`${entry.name} | Trackside & Fairway Events`);
        await expectNoAxeViolations(page);
      });
    }

    test("footer shows the legal notice, travel operator notice and the page menu with periods", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${language.prefix}/events`);
      const footer = page.locator("footer");
      const site = (await (await page.request.get("/api/booking/site", { headers: { "Accept-Language": language.locale } })).json()) as {
        data: Record<string, string>;
      };
      for (const field of ["company", "street", "zip", "country", "phone", "fax", "email", "registry_court", "managing_director", "travel_operator_notice"]) {
        await expect(footer.getByText(site.data[field] ?? "", { exact: false }).first()).toBeVisible();
      }
      await expect(footer.getByText(String(new Date().getFullYear()))).toBeVisible();
      for (const entry of pages[language.locale]) {
        const link = footer.getByRole("link", { name: `${entry.name}.`, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute("href", `${language.prefix}/${entry.slug}`);
      }
    });

    // The imprint shows on phones whatever its flag says (German law, decision 026); the flag's rule for other pages is unit-tested (menuItemClass).
    test("on a phone the show_on_mobile pages and the imprint are in the footer menu", async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`${language.prefix}/events`);
      const footer = page.locator("footer");
      for (const entry of pages[language.locale]) {
        const link = footer.getByRole("link", { name: `${entry.name}.`, exact: true });
        if (entry.mobile || entry.slug === "imprint" || entry.slug === "impressum") await expect(link).toBeVisible();
        else await expect(link).toBeHidden();
      }
    });
  });
}

test("a content slug of the other language redirects to this language's slug", async ({ page }) => {
  await page.goto("/de/terms");
  await expect(page).toHaveURL(/\/de\/agb$/);
  await page.goto("/impressum", { waitUntil: "load" });
  await expect(page).toHaveURL(/\/imprint$/);
});

test("hreflang alternates of a content page point to the localized slugs", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute("href", /\/de\/datenschutz$/);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/privacy$/);
});
