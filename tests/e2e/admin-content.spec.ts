import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, hydrated, journeyLanguages, shootPhoneAndDesktop } from "./support";
import { logInAsStaff, newStaffMember, staffApiToken } from "./staff-support";

/**
 * Site settings and content pages in the back office (decision 035): an admin changes the support
 * hours and the footer shows them; staff write a page with the rich-text editor (bold and a link),
 * publish it, and it is in the footer and renders in German; pages are reordered by keyboard alone.
 */

const texts = {
  en: {
    siteTitle: "Site settings",
    hoursEn: /^Support hours \(English\)( \*)?$/,
    hoursDe: /^Support hours \(Deutsch\)( \*)?$/,
    iban: "IBAN (optional)",
    ibanError: "This IBAN is not valid: please check it for typing errors.",
    saveSite: "Save settings",
    savedSite: "The site settings are saved.",
    pagesTitle: "Content pages",
    newPage: "New page",
    nameEn: /^Name \(English\)( \*)?$/,
    nameDe: /^Name \(Deutsch\)( \*)?$/,
    contentEn: "Content (English)",
    contentDe: "Content (Deutsch)",
    bold: "Bold",
    link: "Link",
    linkAddress: "Link address",
    mobile: "Show in the footer menu on phones",
    savePage: "Save page",
    created: "The page is created. Publish it to show it in the footer.",
    publish: "Publish",
    moveUp: (name: string) => `Move ${name} up`,
    moveDown: (name: string) => `Move ${name} down`,
  },
  de: {
    siteTitle: "Website-Einstellungen",
    hoursEn: /^Servicezeiten \(English\)( \*)?$/,
    hoursDe: /^Servicezeiten \(Deutsch\)( \*)?$/,
    iban: "IBAN (optional)",
    ibanError: "Diese IBAN ist ungültig: Bitte prüfen Sie sie auf Tippfehler.",
    saveSite: "Einstellungen speichern",
    savedSite: "Die Website-Einstellungen sind gespeichert.",
    pagesTitle: "Inhaltsseiten",
    newPage: "Neue Seite",
    nameEn: /^Name \(English\)( \*)?$/,
    nameDe: /^Name \(Deutsch\)( \*)?$/,
    contentEn: "Inhalt (English)",
    contentDe: "Inhalt (Deutsch)",
    bold: "Fett",
    link: "Link",
    linkAddress: "Linkadresse",
    mobile: "Im Fußzeilenmenü auf Smartphones zeigen",
    savePage: "Seite speichern",
    created: "Die Seite ist angelegt. Veröffentlichen Sie sie, damit sie in der Fußzeile erscheint.",
    publish: "Veröffentlichen",
    moveUp: (name: string) => `${name} nach oben verschieben`,
    moveDown: (name: string) => `${name} nach unten verschieben`,
  },
} as const;

/** Types a bold phrase and then a linked line into a Tiptap editor, through its toolbar. */
async function writeRichText(page: Page, editor: Locator, t: (typeof texts)["en" | "de"], words: { bold: string; before: string; link: string; href: string }) {
  // The toolbar of this editor: in the nearest box around it that has one.
  const toolbar = editor.locator("xpath=ancestor::div[.//*[@role='toolbar']][1]").getByRole("toolbar");
  const bold = toolbar.getByRole("button", { name: t.bold });
  await editor.click();
  // Each step waits for the editor to show it (on a busy machine a key can otherwise overtake a toggle).
  await expect(editor).toBeFocused();
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type(words.bold);
  await expect(editor.locator("strong")).toHaveText(words.bold);
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Enter");
  // A link inside a sentence, as in real text (a lone link line would be a small tap target).
  await page.keyboard.type(`${words.before} ${words.link}.`);
  await page.keyboard.press("ArrowLeft");
  for (let step = 0; step < words.link.length; step += 1) await page.keyboard.press("Shift+ArrowLeft");
  await toolbar.getByRole("button", { name: t.link, exact: true }).click();
  await page.getByLabel(t.linkAddress).fill(words.href);
  await page.getByLabel(t.linkAddress).press("Enter");
}

/** The row or item `back` places from the end (1: the last). */
async function fromEnd(list: Locator, back: number): Promise<Locator> {
  return list.nth((await list.count()) - back);
}

// The footer menu is one list for the whole site: these tests add pages to it and move them, so they
// run one after another (in one worker), not beside each other.
test.describe.configure({ mode: "default" });

for (const language of journeyLanguages("en")) {
  const t = texts[language.locale];
  const other = language.locale === "en" ? "de" : "en";
  test.describe(`site settings and content pages (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("an admin changes the support hours; a wrong IBAN is refused at its field; the footer shows the new hours", async ({ page, request }) => {
      const admin = await newStaffMember(request, { role: "admin", locale: language.locale });
      await logInAsStaff(page, admin, { locale: language.locale, redirectTo: `${language.prefix}/admin/site` });
      await expect(page.getByRole("heading", { level: 1, name: t.siteTitle })).toBeVisible();
      await hydrated(page);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-site-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      const stamp = String(Date.now()).slice(-5);
      const hours = { en: `Mon–Fri 7:00–19:00 (${stamp})`, de: `Mo–Fr 7:00–19:00 Uhr (${stamp})` };
      await page.getByLabel(t.hoursEn).fill(hours.en);
      await page.getByLabel(t.hoursDe).fill(hours.de);
      const iban = page.getByLabel(t.iban);
      const rightIban = await iban.inputValue();
      await iban.fill("DE89 3704 0044 0532 0130 01");
      await page.getByRole("button", { name: t.saveSite }).click();
      await expect(page.getByText(t.ibanError)).toBeVisible();
      await expect(iban).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page);
      await iban.fill(rightIban);
      await page.getByRole("button", { name: t.saveSite }).click();
      await expect(page.getByText(t.savedSite)).toBeVisible();

      await page.goto(`${language.prefix}/`);
      await expect(page.getByTestId("footer-support")).toContainText(hours[language.locale]);
      const otherSite = await request.get("/api/booking/site", { headers: { "Accept-Language": other } });
      expect(((await otherSite.json()) as { data: { support_hours: string } }).data.support_hours).toBe(hours[other]);
    });

    test("staff write a page with bold text and a link, publish it: it is in the footer and renders in German", async ({ page, request }) => {
      const staff = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, staff, { locale: language.locale, redirectTo: `${language.prefix}/admin/pages` });
      await expect(page.getByRole("heading", { level: 1, name: t.pagesTitle })).toBeVisible();
      await page.getByRole("link", { name: t.newPage }).click();
      await hydrated(page);
      const stamp = `${language.locale}${String(Date.now()).slice(-6)}`;
      const names = { en: `Gift vouchers ${stamp}`, de: `Gutscheine ${stamp}` };
      await page.getByLabel(t.nameEn).fill(names.en);
      await page.getByLabel(t.nameDe).fill(names.de);
      await writeRichText(page, page.getByRole("textbox", { name: t.contentEn }), t, {
        bold: "Give a day at the track",
        before: "Questions? Please",
        link: "ask us",
        href: "https://example.com/ask",
      });
      await writeRichText(page, page.getByRole("textbox", { name: t.contentDe }), t, {
        bold: "Verschenken Sie einen Tag",
        before: "Fragen? Bitte",
        link: "schreiben Sie uns",
        href: "https://example.com/fragen",
      });
      await page.getByLabel(t.mobile).check();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-page-editor-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole("button", { name: t.savePage }).click();
      await expect(page.getByText(t.created)).toBeVisible();

      await page.goto(`${language.prefix}/admin/pages`);
      await page.getByRole("button", { name: `${t.publish}: ${names[language.locale]}` }).click();
      await expect(page.getByRole("row", { name: new RegExp(names[language.locale]) })).toContainText(
        language.locale === "de" ? "Veröffentlicht" : "Published",
      );
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-pages-${language.locale}`);

      await page.goto("/de/");
      const footerLink = page.getByRole("contentinfo").getByRole("link", { name: `${names.de}.` });
      await expect(footerLink).toBeVisible();
      await footerLink.click();
      await expect(page.getByRole("heading", { level: 1, name: names.de })).toBeVisible();
      const article = page.locator("article .rich-text");
      await expect(article.locator("strong")).toHaveText("Verschenken Sie einen Tag");
      await expect(article.getByRole("link", { name: "schreiben Sie uns" })).toHaveAttribute("href", "https://example.com/fragen");
      await expectNoAxeViolations(page);
      // English too (asked of the API: this browser's language cookie would send "/" on to "/de").
      const menu = (await (await request.get("/api/page", { headers: { "Accept-Language": "en" } })).json()) as { data: { name: string }[] };
      expect(menu.data.map((entry) => entry.name)).toContain(names.en);
    });

    test("staff reorder the pages by keyboard alone; the footer follows", async ({ page, request }) => {
      const token = await staffApiToken(request);
      const stamp = `${language.locale}${String(Date.now()).slice(-6)}`;
      const name = `Keyboard page ${stamp}`;
      const created = await request.post("/api/staff/pages", {
        headers: { authorization: `Bearer ${token}` },
        data: {
          show_on_mobile: true,
          translations: { en: { name, slug: "", content: "<p>Moved by keyboard.</p>" }, de: { name, slug: "", content: "<p>Per Tastatur verschoben.</p>" } },
        },
      });
      expect(created.status()).toBe(201);
      const { data } = (await created.json()) as { data: { uuid: string } };
      expect(
        (
          await request.post(`/api/staff/pages/${data.uuid}/publication`, { headers: { authorization: `Bearer ${token}` }, data: { published: true } })
        ).status(),
      ).toBe(200);

      const staff = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, staff, { locale: language.locale, redirectTo: `${language.prefix}/admin/pages` });
      await hydrated(page);
      const rows = page.getByRole("row");
      const lastRowName = async () => (await rows.last().getByRole("rowheader").innerText()).split("\n")[0];
      expect(await lastRowName()).toBe(name);

      const up = page.getByRole("button", { name: t.moveUp(name) });
      await up.focus();
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await fromEnd(rows, 2)).getByRole("rowheader").innerText()).toContain(name);
      await expect(up).toBeFocused();
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await fromEnd(rows, 3)).getByRole("rowheader").innerText()).toContain(name);
      // Back down one, by keyboard: Tab from "up" reaches "down" of the same row.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: t.moveDown(name) })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await fromEnd(rows, 2)).getByRole("rowheader").innerText()).toContain(name);
      await expectNoAxeViolations(page);

      await page.goto(`${language.prefix}/`);
      const menu = page.getByRole("contentinfo").locator("#footer-pages + ul li");
      await expect.poll(async () => (await fromEnd(menu, 2)).innerText()).toBe(`${name}.`);
    });
  });
}
