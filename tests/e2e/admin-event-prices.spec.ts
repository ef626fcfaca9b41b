import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, journeyLanguages } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * Issue 28, "Prices that cannot go missing", in the back office: the event's price list starts with
 * the main participant's fixed row; every other row picks what it prices from a list (companion types,
 * the resources of the event days, also one just typed). Saving an event whose resource has no price is
 * refused with a message naming it; once it has one (0 counts), the event saves.
 */

const texts = {
  en: {
    save: "Save event",
    priceList: "Price list",
    main: "Main participant",
    item: "Priced item",
    refused: "Nothing was saved. No price in the price list for: Vehicle “race_car”.",
    listed: "No price in the event's price list for: Vehicle “race_car”.",
    vehicle: "Vehicle “race_car”",
    coDriver: "Co-driver",
    saved: "The event is saved.",
  },
  de: {
    save: "Veranstaltung speichern",
    priceList: "Preisliste",
    main: "Hauptteilnehmer",
    item: "Posten",
    refused: "Nichts wurde gespeichert. In der Preisliste fehlt ein Preis für: Fahrzeug „race_car“.",
    listed: "In der Preisliste der Veranstaltung fehlt ein Preis für: Fahrzeug „race_car“.",
    vehicle: "Fahrzeug „race_car“",
    coDriver: "Beifahrer",
    saved: "Die Veranstaltung ist gespeichert.",
  },
} as const;

const screens = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 900 } },
] as const;

/** The price list editor on its own, on a phone and a desktop, to look at. */
async function shootPriceList(page: Page, name: string) {
  const section = page.getByRole("region", { name: texts.en.priceList }).or(page.getByRole("region", { name: texts.de.priceList }));
  for (const screen of screens) {
    await page.setViewportSize(screen.viewport);
    if (process.env.E2E_SCREENSHOTS !== "0") await section.screenshot({ path: test.info().outputPath(`${name}-${screen.name}.png`) });
  }
  await page.setViewportSize(screens[1].viewport);
}

for (const language of journeyLanguages("en")) {
  const t = texts[language.locale];
  test.describe(`the event's price list (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("a resource without a price is refused, named; picked from the list and priced, the event saves", async ({ page, request }) => {
      test.slow();
      const stamp = `${language.locale}${Date.now().toString(36)}`;
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/events/new` });
      await hydrated(page);

      await page.locator("#field-category_id").selectOption({ index: 1 });
      await page.locator("#field-starts_on").fill("2031-05-10");
      await page.locator("#field-ends_on").fill("2031-05-10");
      await page.locator("#field-capacity").fill("6");
      await page.locator("#field-title-en").fill(`Race Car Day ${stamp}`);

      // The main participant's row is fixed: no kind or key to choose, only its label and amount.
      const prices = page.getByRole("region", { name: t.priceList });
      const main = prices.getByRole("group", { name: t.main });
      await expect(main).toBeVisible();
      await expect(main.getByRole("combobox")).toHaveCount(0);
      await main.getByRole("textbox", { name: /English/ }).fill("Driver");
      await page.locator("#field-prices-0-amount").fill("1490");

      // A rental race car on day 1, without a price yet.
      await page.locator("#field-resources-0-kind").selectOption("vehicle");
      await page.locator("#field-resources-0-key").fill("race_car");
      await page.locator("#field-resources-0-stock").fill("2");
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByText(t.refused)).toBeVisible();
      await expect(prices.getByText(t.listed)).toBeVisible();
      await expectNoAxeViolations(page);

      // The other rows pick from lists: the companion types and the resource just typed.
      const item = page.locator("#field-prices-1-item");
      await expect(item).toHaveAccessibleName(t.item);
      await expect(item.locator("option", { hasText: t.coDriver })).toHaveCount(1);
      await expect(item.locator("option", { hasText: t.vehicle })).toHaveCount(1);
      await item.selectOption({ label: t.vehicle });
      await page.locator("#field-prices-1-label-en").fill("Rental race car");
      await page.locator("#field-prices-1-amount").fill("0");
      await shootPriceList(page, `admin-event-prices-${language.locale}`);
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByText(t.saved).first()).toBeVisible();
      await expect(page.locator("#field-prices-1-item")).toHaveValue("vehicle:race_car");
      await expect(page.locator("#field-prices-0-amount")).toHaveValue("1490.00");
    });
  });
}
