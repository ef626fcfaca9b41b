import { expect, test, type Page } from "@playwright/test";
import { fillMainParticipant, participantLabels, type Person } from "../e2e/booking-steps";
import { currentCode, newStaffMember, type StaffMember } from "../e2e/staff-support";
import { downloadBy, failOnConsoleErrors, hydrated, mailMatching, pdfText, shootPhoneAndDesktop, uniqueEmail } from "../e2e/support";
import { createEvent } from "../e2e/test-data";
import { englishCatalogue, pseudo } from "./pseudo";

/**
 * A third language walked in the browser over the real routes (decision 072): the site under test is
 * built with `xx` in its locale list and the English catalogues transformed (tests/third-locale/site.ts,
 * playwright.third-locale.config.ts). Catalogue texts show as `[Sávé ánd cöntínüé]`; texts stored in
 * English and German only (a form's labels, an event's title) fall back to English.
 */
const common = englishCatalogue("common");
const email = englishCatalogue("email");
const invoice = englishCatalogue("invoice");
/** A catalogue text of `common` by its dotted key, as the third language shows it. */
const xx = (key: string, catalogue: Record<string, unknown> = common): string => {
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
  if (typeof text !== "string") throw new Error(`no text ${key}`);
  return pseudo(text);
};
/** A pseudo text with its `{{placeholders}}` matching anything, as a pattern. */
const filled = (text: string) => new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\{\s*\w+\s*\}\}/g, ".+")}$`);

test.use({ locale: "en-GB", extraHTTPHeaders: { "Accept-Language": "xx" } });

async function expectAlternates(page: Page, paths: Record<"en" | "de" | "xx", string | RegExp>) {
  const origin = new URL(page.url()).origin;
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]));
  const byLanguage = Object.fromEntries(alternates.filter(([language]) => language !== "x-default"));
  expect(Object.keys(byLanguage).sort()).toEqual(["de", "en", "xx"]);
  for (const [language, path] of Object.entries(paths))
    expect(new URL(byLanguage[language] ?? "", origin).pathname).toMatch(typeof path === "string" ? new RegExp(`^${path}$`) : path);
}

test("its routes answer under /xx: the home page and an event page in it, with hreflang for en, de and xx", async ({ page }) => {
  const consoleClean = failOnConsoleErrors(page);
  await page.goto("/xx");
  await expect(page.locator("html")).toHaveAttribute("lang", "xx");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(xx("home.heroTitle"));
  await expectAlternates(page, { en: "/", de: "/de", xx: "/xx" });
  await hydrated(page);
  // The language dropdown offers it in its own name.
  await expect(page.getByRole("contentinfo").getByLabel(xx("footer.language"))).toContainText("Pseudo");

  await page
    .getByRole("banner")
    .getByRole("link", { name: xx("nav.events"), exact: true })
    .click();
  await expect(page).toHaveURL(/\/xx\/events$/);
  const card = page.getByTestId("event-card").first();
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/xx\/events\/[^/]+\/[^/]+$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "xx");
  const [category, event] = new URL(page.url()).pathname.split("/").slice(3);
  // No slug of its own yet in xx: the English ones, so the English and xx pages differ by the prefix only.
  await expectAlternates(page, { en: `/events/${category}/${event}`, de: /^\/de\/events\/[^/]+\/[^/]+$/, xx: `/xx/events/${category}/${event}` });
  await expect(page.getByRole("heading", { name: xx("eventPage.prices") })).toBeVisible();
  await shootPhoneAndDesktop(page, "event-page-xx");
  consoleClean();
});

test("a booking through the pages in xx: its confirmation e-mail and its invoice PDF are in xx", async ({ page }) => {
  test.slow();
  const consoleClean = failOnConsoleErrors(page);
  const to = uniqueEmail("third-locale");
  const person: Person = {
    salutation: "mr",
    forename: "Max",
    surname: "Mustermann",
    street: "Hauptstraße 1",
    postcode: "80331",
    city: "München",
    phone: "+49 89 1234567",
    email: to,
  };
  // The form's labels are stored in English and German: xx shows the English ones; the buttons are the catalogue's.
  const labels = participantLabels.en;
  const { formUuid } = await createEvent(page.request, "golfCircleTournament");
  await page.goto(`/xx/booking/${formUuid}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "xx");
  await hydrated(page);
  await fillMainParticipant(page, "en", person);
  await page.getByRole("button", { name: xx("booking.next") }).click();
  await expect(page).toHaveURL(/\/xx\/booking\/.*\?page=2$/);
  await page.getByLabel(labels.handicap).check();
  await page.getByRole("button", { name: xx("booking.next") }).click();
  await expect(page).toHaveURL(/\?page=3$/);
  await page.getByRole("radio", { name: /Invoice/ }).check();
  await page.getByLabel(labels.terms).check();
  await page.getByRole("button", { name: xx("bookingFlow.toReview") }).click();
  await expect(page).toHaveURL(/\?page=review$/);
  await page.getByRole("button", { name: xx("bookingFlow.book") }).click();

  await expect(page.getByRole("heading", { name: xx("bookingSuccess.title") })).toBeVisible();
  await expect(page).toHaveURL(/\/xx\/booking-success/);
  const code = (await page.getByTestId("booking-code").innerText()).trim();

  const mail = await mailMatching(to, filled(xx("bookingReceived.subjectBy.invoice", email)));
  expect(mail.subject).toContain(code);
  expect(mail.html).toContain('lang="xx"');
  expect(mail.text).toContain(xx("bookingReceived.headingBy.invoice", email));

  const pdf = await pdfText(await downloadBy(page.getByRole("link", { name: xx("payment.downloadInvoice") })));
  expect(pdf).toContain(code);
  expect(pdf).toContain(xx("documentTitle", invoice));
  consoleClean();
});

/** The login pages' two form posts at /xx (as sent without JavaScript), then `target`. */
async function logInAsStaffInXx(page: Page, member: StaffMember, target: string) {
  const login = await page.request.post("/xx/login", { form: { email: member.email, password: member.password, redirectTo: target }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  const second = await page.request.post(login.headers()["location"] ?? "", { form: { intent: "code", code: await currentCode(member) }, maxRedirects: 0 });
  expect(second.status()).toBe(302);
  expect(second.headers()["location"]).toBe(target);
  await page.goto(target);
}

test("the back office in xx: an event's title in xx is saved and read back, and visitors see it", async ({ page, request }) => {
  const consoleClean = failOnConsoleErrors(page);
  const { eventUuid } = await createEvent(request, "golfCircleTournament");
  await logInAsStaffInXx(page, await newStaffMember(request), `/xx/admin/events/${eventUuid}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "xx");
  await hydrated(page);
  const field = page.getByLabel(`${xx("admin.events.fields.title")} (Pseudo)`, { exact: true });
  await expect(field).toHaveValue("");
  const title = `Xx golf ${Date.now().toString(36)}`;
  await field.fill(title);
  await page.getByRole("button", { name: xx("admin.events.save") }).click();
  await expect(page.getByText(xx("admin.events.saved"))).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`${xx("admin.events.fields.title")} (Pseudo)`, { exact: true })).toHaveValue(title);
  await page.goto("/xx/events");
  await expect(page.getByText(title).first()).toBeVisible();
  consoleClean();
});
