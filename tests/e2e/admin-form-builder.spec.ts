import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, journeyLanguages, shootPhoneAndDesktop } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";
import { createEvent } from "./test-data";

/**
 * The form builder (issue 14, decision 038): staff open it from the event, add a choice item with
 * prices in both languages, are refused a publish while it has no choices, fix it and publish a new
 * version; reorder an item with the keyboard only (React Aria's drag and drop), and duplicate and
 * delete with undo.
 */

const texts = {
  en: {
    editForm: "Edit booking form",
    kind: "Kind of the new item",
    radio: "Radio buttons",
    addItem: "Add item",
    name: "Name",
    label: (language: string) => `Label (${language})`,
    addChoice: "Add choice",
    value: (n: number) => `Value of choice ${n}`,
    choiceLabel: (n: number, language: string) => `Label of choice ${n} (${language})`,
    price: (n: number) => `Price of choice ${n} (€)`,
    save: "Save draft",
    saved: /The draft is saved/,
    publish: "Publish",
    published: "Version 2 is published.",
    version: "Version 2",
    choicesMissing: "Add at least one choice.",
    drag: (item: string) => `Drag ${item}`,
    duplicate: (item: string) => `Duplicate ${item}`,
    delete: (item: string) => `Delete ${item}`,
    undo: "Undo",
    deletePage: "Delete page",
    undoneDelete: "Undone: Item deleted.",
  },
  de: {
    editForm: "Buchungsformular bearbeiten",
    kind: "Art des neuen Elements",
    radio: "Optionsfelder",
    addItem: "Element hinzufügen",
    name: "Name",
    label: (language: string) => `Beschriftung (${language})`,
    addChoice: "Auswahl hinzufügen",
    value: (n: number) => `Wert von Auswahl ${n}`,
    choiceLabel: (n: number, language: string) => `Beschriftung von Auswahl ${n} (${language})`,
    price: (n: number) => `Preis von Auswahl ${n} (€)`,
    save: "Entwurf speichern",
    saved: /Der Entwurf ist gespeichert/,
    publish: "Veröffentlichen",
    published: "Version 2 ist veröffentlicht. Neue Buchungen verwenden ab jetzt diese Version.",
    version: "Version 2",
    choicesMissing: "Fügen Sie mindestens eine Auswahl hinzu.",
    drag: (item: string) => `${item} ziehen`,
    duplicate: (item: string) => `${item} duplizieren`,
    delete: (item: string) => `${item} löschen`,
    undo: "Rückgängig",
    deletePage: "Seite löschen",
    undoneDelete: "Rückgängig gemacht: Element gelöscht.",
  },
} as const;

const itemTitles = (page: Page) => page.getByTestId("item-list").getByTestId("item-title").allTextContents();

for (const language of journeyLanguages("de")) {
  const t = texts[language.locale];
  test.describe(`the form builder (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff add a priced choice item, publish after a refusal, reorder by keyboard, duplicate and delete with undo", async ({ page, request }) => {
      test.slow();
      const { eventUuid, formUuid } = await createEvent(request, "trackDayTwoDays");
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/events/${eventUuid}` });
      await page.getByRole("link", { name: t.editForm }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/forms/${formUuid}$`));
      await hydrated(page);
      await expectNoAxeViolations(page);

      // A radio item, labelled in both languages, first without choices: the publish is refused.
      const label = { en: `Lunch ${language.locale}`, de: `Mittagessen ${language.locale}` };
      // The builder lists items by their label in the page's language.
      const shown = label[language.locale];
      await page.getByLabel(t.kind).selectOption({ label: t.radio });
      await page.getByRole("button", { name: t.addItem }).click();
      await page.getByLabel(t.name, { exact: true }).fill(`lunch_${language.locale}`);
      await page.getByLabel(t.label("English"), { exact: true }).fill(label.en);
      await page.getByLabel(t.label("Deutsch"), { exact: true }).fill(label.de);
      await page.getByRole("button", { name: t.publish }).click();
      const summary = page.getByTestId("error-summary");
      await expect(summary).toContainText(t.choicesMissing);
      await expect(summary).toContainText(shown);
      // …and next to the item's choices in its editor.
      await expect(page.locator('[id$="-options-choices-error"]')).toHaveText(t.choicesMissing);
      await expectNoAxeViolations(page);

      // Two choices with prices; then the publish makes version 2.
      for (const [n, choice] of [
        [1, { value: "meat", en: "Meat", de: "Fleisch", price: "25" }],
        [2, { value: "veggie", en: "Vegetarian", de: "Vegetarisch", price: "22.50" }],
      ] as const) {
        await page.getByRole("button", { name: t.addChoice }).click();
        await page.getByLabel(t.value(n), { exact: true }).fill(choice.value);
        await page.getByLabel(t.choiceLabel(n, "English"), { exact: true }).fill(choice.en);
        await page.getByLabel(t.choiceLabel(n, "Deutsch"), { exact: true }).fill(choice.de);
        await page.getByLabel(t.price(n), { exact: true }).fill(choice.price);
      }
      await page.getByRole("button", { name: t.publish }).click();
      await expect(page.getByText(t.published)).toBeVisible();
      await expect(page.getByTestId("versions")).toContainText(t.version);
      await expect(summary).toHaveCount(0);

      // Keyboard only: the new (last) item's handle, Enter, one step up, Enter.
      const before = await itemTitles(page);
      expect(before.at(-1)).toBe(shown);
      // Into the list from the button before it, to the last row, right to its drag handle.
      await page.getByRole("button", { name: t.deletePage }).focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("End");
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("button", { name: t.drag(shown) })).toBeFocused();
      await page.keyboard.press("Enter");
      // The first drop target is the item's own place; one step up is still its place (after the one above), the next is before that one.
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("Enter");
      const expected = [...before.slice(0, -2), shown, before.at(-2) ?? ""];
      await expect.poll(() => itemTitles(page)).toEqual(expected);
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByText(t.saved)).toBeVisible();
      await page.reload();
      await hydrated(page);
      await expect.poll(() => itemTitles(page)).toEqual(expected);

      // Duplicate, undo; delete, undo.
      await page.getByRole("button", { name: t.duplicate(shown) }).click();
      await expect.poll(async () => (await itemTitles(page)).filter((title) => title === shown).length).toBe(2);
      await page.getByRole("button", { name: t.undo }).click();
      await expect.poll(() => itemTitles(page)).toEqual(expected);
      await page.getByRole("button", { name: t.delete(shown) }).click();
      await expect.poll(async () => (await itemTitles(page)).includes(shown)).toBe(false);
      await page.getByRole("button", { name: t.undo }).click();
      await expect(page.getByTestId("builder-status")).toContainText(t.undoneDelete);
      await expect.poll(() => itemTitles(page)).toEqual(expected);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-form-builder-${language.locale}`);
    });
  });
}
