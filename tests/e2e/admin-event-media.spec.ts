import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { publicEventsResponseSchema } from "../../core/contracts/events";
import { expectNoAxeViolations, journeyLanguages, shootPhoneAndDesktop } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";
import { createEvent } from "./test-data";

/**
 * An event's image and rich-text description in the back office (issue 14, decision 040): staff
 * upload a photo with its alt texts and write the description with bold text in the editor, English
 * and German side by side; the public event page shows the resized image (srcset, alt) and the bold text.
 */

const texts = {
  en: {
    imageFile: "Image file",
    upload: "Upload image",
    uploaded: "The image is uploaded and shown on the event page.",
    save: "Save event",
    saved: "The event is saved.",
    bold: "Bold",
    descriptionEn: "Description (HTML) (English)",
    descriptionDe: "Description (HTML) (Deutsch)",
  },
  de: {
    imageFile: "Bilddatei",
    upload: "Bild hochladen",
    uploaded: "Das Bild ist hochgeladen und wird auf der Veranstaltungsseite gezeigt.",
    save: "Veranstaltung speichern",
    saved: "Die Veranstaltung ist gespeichert.",
    bold: "Fett",
    descriptionEn: "Beschreibung (HTML) (English)",
    descriptionDe: "Beschreibung (HTML) (Deutsch)",
  },
} as const;

/** Replaces an editor's text with a plain sentence and a bold phrase, through the toolbar's bold button. */
async function writeWithBold(page: Page, editor: Locator, bold: Locator, words: { plain: string; bold: string }) {
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type(`${words.plain} `);
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type(words.bold);
  await expect(editor.locator("strong")).toHaveText(words.bold);
}

for (const language of journeyLanguages("en")) {
  const t = texts[language.locale];
  test.describe(`event image and description in the back office (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff upload an image with alt texts and write a bold description; the event page shows both", async ({ page, request }) => {
      test.slow();
      const stamp = `${language.locale}${Date.now().toString(36)}`;
      const { eventUuid } = await createEvent(request, "golfYogaTrip");
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/events/${eventUuid}` });
      await expect(page.getByRole("button", { name: t.upload })).toBeEnabled();
      await expectNoAxeViolations(page);

      // A photo made here: 1600 × 1000 of soft colour bands, as a PNG.
      const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 110, b: 70 } } })
        .composite([{ input: { create: { width: 1600, height: 400, channels: 3, background: { r: 120, g: 180, b: 230 } } }, top: 0, left: 0 }])
        .png()
        .toBuffer();
      const alt = { en: `A green by the sea ${stamp}`, de: `Ein Grün am Meer ${stamp}` };
      await page.locator("#field-image_alt-en").fill(alt.en);
      await page.locator("#field-image_alt-de").fill(alt.de);
      await page.getByLabel(t.imageFile).setInputFiles({ name: "green.png", mimeType: "image/png", buffer: photo });
      await page.getByRole("button", { name: t.upload }).click();
      await expect(page.getByText(t.uploaded)).toBeVisible();
      await expect(page.getByTestId("admin-event-image")).toHaveAttribute("src", /\/media\/images\/[0-9a-f]{32}-480\.jpg$/);

      const bold = { en: `Ocean views ${stamp}`, de: `Meerblick ${stamp}` };
      for (const [each, label] of [
        ["en", t.descriptionEn],
        ["de", t.descriptionDe],
      ] as const) {
        const editor = page.getByRole("textbox", { name: label });
        const toolbar = editor.locator("xpath=ancestor::div[.//*[@role='toolbar']][1]").getByRole("toolbar");
        await writeWithBold(page, editor, toolbar.getByRole("button", { name: t.bold }), { plain: each === "en" ? "Golf with" : "Golf mit", bold: bold[each] });
      }
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByText(t.saved)).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-event-media-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // The public page in this language: the resized image with its alt text, and the bold words.
      const listed = publicEventsResponseSchema
        .parse(await (await request.get("/api/public-events", { headers: { "Accept-Language": language.locale } })).json())
        .data.find((event) => event.uuid === eventUuid);
      expect(listed).toBeDefined();
      await page.goto(`${language.prefix}/events/${listed!.category.slug}/${listed!.slug}`);
      const image = page.getByTestId("event-image");
      await expect(image).toHaveAttribute("alt", alt[language.locale]);
      await expect(image).toHaveAttribute("srcset", /-480\.jpg 480w, \S+-960\.jpg 960w, \S+-1600\.jpg 1600w/);
      await expect(image).toHaveAttribute("width", "1600");
      await expect(image).toHaveAttribute("height", "1000");
      await expect(page.locator('picture source[type="image/webp"]')).toHaveAttribute("srcset", /-1600\.webp 1600w/);
      // The browser really loaded one of the files (the media route serves them).
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
      const file = await request.get(listed!.image!.src);
      expect(file.status()).toBe(200);
      expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      await expect(page.locator("#event-about ~ div strong, section[aria-labelledby='event-about'] strong")).toHaveText(bold[language.locale]);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `event-page-media-${language.locale}`);

      // Its card in the event list draws the same files, sized for a card.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${language.prefix}/events`);
      // Other tests' copies of the event share its title: the alt text with this test's stamp finds ours.
      const cardImage = page.getByTestId("event-card").getByRole("img", { name: alt[language.locale] });
      await expect(cardImage).toHaveAttribute("sizes", /360px/);
      await expect(cardImage).toHaveAttribute("srcset", /-480\.jpg 480w/);
    });
  });
}
