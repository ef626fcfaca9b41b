import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, journeyLanguages, shootPhoneAndDesktop } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * The categories page (issue 14, decision 034): staff create a category in English and German (a
 * missing English name is the field's error), it appears at once as a pill on the public event list
 * in the page's language and follows the order staff give it; an event made in it through the event
 * editor shows under it; deleting a category with events is refused, an empty one is deleted by
 * keyboard in the confirmation dialog.
 */

const texts = {
  en: {
    newCategory: "New category",
    save: "Save category",
    created: "The category is created.",
    slugHint: (slug: string) => `Left empty, it becomes: ${slug}`,
    edit: "Edit category",
    moveUp: (name: string) => `Move ${name} up`,
    delete: (name: string) => `Delete: ${name}`,
    deleteConfirm: "Delete",
    refused: /still has 1 event/,
    deleted: (name: string) => `${name} is deleted.`,
    oneEvent: "1 event",
    saveEvent: "Save event",
    publish: "Publish",
    published: "The event is published.",
    pills: "Filter by category",
  },
  de: {
    newCategory: "Neue Kategorie",
    save: "Kategorie speichern",
    created: "Die Kategorie ist angelegt.",
    slugHint: (slug: string) => `Leer gelassen wird daraus: ${slug}`,
    edit: "Kategorie bearbeiten",
    moveUp: (name: string) => `${name} nach oben`,
    delete: (name: string) => `Löschen: ${name}`,
    deleteConfirm: "Löschen",
    refused: /hat noch 1 Veranstaltung/,
    deleted: (name: string) => `${name} ist gelöscht.`,
    oneEvent: "1 Veranstaltung",
    saveEvent: "Veranstaltung speichern",
    publish: "Veröffentlichen",
    published: "Die Veranstaltung ist veröffentlicht.",
    pills: "Nach Kategorie filtern",
  },
} as const;

/** The public category pills' names, in their order. */
async function pillNames(page: Page, prefix: string, label: string): Promise<string[]> {
  await page.goto(`${prefix}/events`);
  return page.getByRole("navigation", { name: label }).getByRole("link").allInnerTexts();
}

// The category menu is one list for the whole site: these tests add categories and move them, so
// they run one after another (in one worker), not beside each other.
test.describe.configure({ mode: "default" });

for (const language of journeyLanguages("en")) {
  const t = texts[language.locale];
  const prefix = language.prefix;
  test.describe(`categories in the back office (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff create a category in both languages, order it, put an event in it; a category with events is not deleted, an empty one is", async ({
      page,
      request,
    }) => {
      test.slow();
      const stamp = `${language.locale}${Date.now().toString(36)}`;
      const name = { en: `Sailing Days ${stamp}`, de: `Segeltage ${stamp}` };
      const localName = name[language.locale];
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${prefix}/admin/categories` });
      await expectNoAxeViolations(page);

      // Create: the English name is required (the field's error, the German typed text kept); the address is made from the name.
      await page.getByRole("link", { name: t.newCategory }).click();
      await page.locator("#field-translations-de-name").fill(name.de);
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.locator("#field-translations-en-name")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#field-translations-en-name-error")).toBeVisible();
      await expect(page.locator("#field-translations-de-name")).toHaveValue(name.de);
      await expectNoAxeViolations(page);
      await page.locator("#field-translations-en-name").fill(name.en);
      await expect(page.locator("#field-translations-en-slug-hint")).toHaveText(t.slugHint(`sailing-days-${stamp}`));
      await page.locator("#field-translations-en-description").fill("Two days on the lake");
      await page.locator("#field-translations-de-description").fill("Zwei Tage auf dem See");
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByText(t.created)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${t.edit}: ${localName}`);
      await expect(page.locator("#field-translations-de-slug")).toHaveValue(`segeltage-${stamp}`);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-category-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // The public pills show it at once, in the page's language, after the categories there were; moved up by
      // keyboard, the pills follow. (Other specs make categories of their own meanwhile: order, not places, is checked.)
      const before = await pillNames(page, prefix, t.pills);
      const above = before[before.indexOf(localName) - 1] ?? "";
      expect(before.indexOf(localName)).toBeGreaterThan(0);
      await page.goto(`${prefix}/admin/categories`);
      const moveUp = page.getByRole("button", { name: t.moveUp(localName) });
      await moveUp.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: t.moveUp(localName) })).toBeFocused();
      // The focus stays before the move's answer is in: read the pills until it is.
      await expect
        .poll(async () => {
          const after = await pillNames(page, prefix, t.pills);
          return after.indexOf(above) - after.indexOf(localName);
        })
        .toBe(1);

      // An event made in it through the event editor shows under its pill.
      const title = { en: `Regatta ${stamp}`, de: `Regatta-Woche ${stamp}` };
      await page.goto(`${prefix}/admin/events/new`);
      await page.locator("#field-category_id").selectOption({ label: localName });
      await page.locator("#field-starts_on").fill("2031-09-01");
      await page.locator("#field-ends_on").fill("2031-09-02");
      await page.locator("#field-capacity").fill("8");
      await page.locator("#field-image_url").fill("/images/golf-yoga-island.svg");
      // An event with an image says what it shows (decision 040).
      await page.locator("#field-image_alt-en").fill("Sailing boats on a lake");
      await page.locator("#field-title-en").fill(title.en);
      await page.locator("#field-title-de").fill(title.de);
      await page.locator("#field-teaser-en").fill(`Sailing ${stamp}`);
      await page.locator("#field-prices-0-label-en").fill("Participant");
      await page.locator("#field-prices-0-amount").fill("450");
      await page.getByRole("button", { name: t.saveEvent }).click();
      // The edit page's heading names the event in the page's language.
      await expect(page.getByRole("heading", { level: 1 })).toContainText(title[language.locale]);
      await page.getByRole("button", { name: t.publish }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: t.publish }).click();
      await expect(page.getByText(t.published)).toBeVisible();
      await page.goto(`${prefix}/events`);
      await page.getByRole("navigation", { name: t.pills }).getByRole("link", { name: localName, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(localName);
      await expect(page.getByText(title[language.locale]).first()).toBeVisible();
      await expectNoAxeViolations(page);

      // The events list offers the categories: the event count links to the list of that category.
      await page.goto(`${prefix}/admin/categories`);
      await page
        .getByRole("link", { name: new RegExp(`^${t.oneEvent}:`) })
        .and(page.getByRole("link", { name: new RegExp(localName) }))
        .click();
      await expect(page.getByRole("combobox", { name: /Kategorie|Category/ })).toHaveValue(/\d+/);
      await expect(page.getByRole("link", { name: title[language.locale] })).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-events-by-category-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // Deleting it is refused with the reason; nothing changes.
      await page.goto(`${prefix}/admin/categories`);
      // The dialog is the app's: its button answers once the page has hydrated.
      await hydrated(page);
      await page.getByRole("button", { name: t.delete(localName) }).click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog).toContainText(t.oneEvent);
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: t.deleteConfirm }).click();
      await expect(page.getByText(t.refused)).toContainText(localName);
      await expect(page.getByRole("rowheader", { name: new RegExp(localName) })).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-categories-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // An empty one is deleted, by keyboard only: the button, then the dialog's confirm.
      const empty = `Empty ${stamp}`;
      await page.getByRole("link", { name: t.newCategory }).click();
      await page.locator("#field-translations-en-name").fill(empty);
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByText(t.created)).toBeVisible();
      await page.goto(`${prefix}/admin/categories`);
      await hydrated(page);
      await page.getByRole("button", { name: t.delete(empty) }).focus();
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("alertdialog").getByRole("button", { name: t.deleteConfirm, exact: true });
      await expect(confirm).toBeVisible();
      for (let tab = 0; tab < 4 && !(await confirm.evaluate((button) => button === document.activeElement)); tab += 1) await page.keyboard.press("Tab");
      await expect(confirm).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByText(t.deleted(empty))).toBeVisible();
      await expect(page.getByRole("rowheader", { name: new RegExp(empty) })).toHaveCount(0);
      expect(await pillNames(page, prefix, t.pills)).not.toContain(empty);
    });
  });
}
