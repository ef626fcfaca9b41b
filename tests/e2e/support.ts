import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { pdfText } from "../support/pdf-text";
export { pdfText };

/** The e2e server's signing key, which it generates into its data folder: a test forges or ages tokens with it. */
export function jwtKey(): Uint8Array {
  const dataDir = process.env.E2E_DATA_DIR ?? "";
  return new TextEncoder().encode(readFileSync(path.join(dataDir, "jwt-secret"), "utf8").trim());
}

export const languages = [
  { locale: "en", prefix: "", acceptLanguage: "en-GB,en;q=0.9" },
  { locale: "de", prefix: "/de", acceptLanguage: "de-DE,de;q=0.9" },
] as const;

/**
 * The languages a behaviour journey walks in `npm test` (decision 073): one, named by the spec, so that
 * half the back office's journeys run in German and half in English. A journey's assertions read its own
 * language's texts either way; what differs between the languages (texts, formats, dates, number input,
 * the language switch, localized errors) is tested in both by the specs that still loop over `languages`.
 * `E2E_ALL_LANGUAGES=1` walks every journey in every language.
 */
export function journeyLanguages(walkIn: (typeof languages)[number]["locale"]) {
  return process.env.E2E_ALL_LANGUAGES === "1" ? languages : languages.filter((language) => language.locale === walkIn);
}

/**
 * WCAG 2.2 AA as axe knows it: every scanned page must have no violation at all. `exclude`: parts not
 * to scan, e.g. a sandboxed frame without scripts (an e-mail preview), which axe cannot enter and waits on.
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}) {
  // Colours mid-transition (a pill turning from active to inactive after a navigation) are neither
  // state's: let running transitions and animations end before contrast is measured.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]);
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

/** Fails the test on any console error of the page (a broken page usually says so there first). */
export function failOnConsoleErrors(page: Page, allowed: RegExp[] = []) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !allowed.some((pattern) => pattern.test(message.text()))) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return () => expect(errors).toEqual([]);
}

/**
 * How the tests wait for a mail in the outbox folder: the server sends it right after the commit
 * (the mail worker is woken, not polled), so it is usually there within a few hundred milliseconds.
 * Reading the folder is cheap: look often, instead of expect.poll's default steps (100, 250, 500,
 * then every 1,000 ms), which left a test waiting up to a second for a mail already written.
 */
export const mailPolling = { timeout: 15_000, intervals: [50, 100, 150, 250] };

type OutboxMail = { to: string; subject: string; text: string; html: string; date: string };

/** The mails to `to` the server has written to its outbox folder so far, oldest first. */
export function mailsTo(to: string, since = 0): OutboxMail[] {
  const dir = process.env.E2E_OUTBOX_DIR ?? "";
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => {
      try {
        return [JSON.parse(readFileSync(path.join(dir, file), "utf8")) as OutboxMail];
      } catch {
        return []; // still being written
      }
    })
    .filter((mail) => mail.to === to && Date.parse(mail.date) >= since)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The newest mail to `to` that the server wrote to its outbox folder, waiting for the worker. */
export async function latestMail(to: string, since = 0): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      found = mailsTo(to, since).at(-1);
      return Boolean(found);
    }, mailPolling)
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

export function linkIn(mail: OutboxMail, pattern: RegExp): string {
  const match = mail.text.match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in mail "${mail.subject}"`);
  return match[0];
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The newest mail to `to` whose subject matches, waiting for the worker (a booking sends several). */
export async function mailMatching(to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      const dir = process.env.E2E_OUTBOX_DIR ?? "";
      found = (existsSync(dir) ? readdirSync(dir) : [])
        .filter((file) => file.endsWith(".json"))
        .flatMap((file) => {
          try {
            return [JSON.parse(readFileSync(path.join(dir, file), "utf8")) as OutboxMail];
          } catch {
            return []; // still being written
          }
        })
        .filter((mail) => mail.to === to && subject.test(mail.subject))
        .sort((a, b) => a.date.localeCompare(b.date))
        .at(-1);
      return Boolean(found);
    }, mailPolling)
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to} matching ${subject}`);
  return found;
}

/** How many mails to `to` whose subject matches the server wrote to its outbox folder (a resent mail is a second copy). */
export function countMails(to: string, subject: RegExp): number {
  const dir = process.env.E2E_OUTBOX_DIR ?? "";
  return (existsSync(dir) ? readdirSync(dir) : [])
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => {
      try {
        return [JSON.parse(readFileSync(path.join(dir, file), "utf8")) as OutboxMail];
      } catch {
        return []; // still being written
      }
    })
    .filter((mail) => mail.to === to && subject.test(mail.subject)).length;
}

const screens = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 900 } },
];

/** Follows the header's "Events" link and waits for the list's first card. */
export async function openEventListFromHeader(page: Page, language: (typeof languages)[number]) {
  await page
    .getByRole("banner")
    .getByRole("link", { name: language.locale === "de" ? "Veranstaltungen" : "Events", exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`${language.prefix}/events$`));
  await expect(page.getByTestId("event-card").first()).toBeVisible();
}

/** React Router has hydrated the page: from now on its forms are JavaScript's. */
export async function hydrated(page: Page) {
  // The router exists before React has finished hydrating a large page: wait for the root's effect too
  // (a click before that was lost on the form builder on a busy machine).
  // A page served without hydration (decision 056) is as live as it gets once its inline script has run.
  await page.waitForFunction(
    () =>
      // documentElement is null for a moment while a new document replaces the old one.
      ("__reactRouterDataRouter" in window && document.documentElement?.hasAttribute("data-hydrated")) ||
      (document.documentElement?.hasAttribute("data-static-page") && document.documentElement.hasAttribute("data-enhanced")),
  );
}

/**
 * Chooses a language in the footer's dropdown once it is JavaScript's: until the page has hydrated
 * the dropdown is the no-script form (its "Change" button shows), and a choice made then is lost.
 */
export async function chooseLanguage(page: Page, label: string, locale: string) {
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("button", { name: /^(Change|Wechseln)$/ })).toHaveCount(0);
  await footer.getByLabel(label).selectOption(locale);
}

/** Every form post the page sends (a browser-side check sends none). */
export function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

/**
 * Full-page screenshots, phone and desktop, into the test's output folder, for a person to look at;
 * on a busy machine they take seconds each, so the test gets more time (also without them: these are
 * the long tests, and CI's machine is slower than this one). `npm test` (CI) sets
 * `E2E_SCREENSHOTS=0`: nobody looks at them there and they cost the suite a minute of its budget, but
 * the viewports still change the same way (phone, then desktop), as tests go on from the desktop size.
 */
export async function shootPhoneAndDesktop(page: Page, name: string) {
  const shoot = process.env.E2E_SCREENSHOTS !== "0";
  test.slow();
  for (const screen of screens) {
    await page.setViewportSize(screen.viewport);
    if (shoot) await page.screenshot({ path: test.info().outputPath(`${name}-${screen.name}.png`), fullPage: true });
  }
}

/** Clicks a download link and answers the file's bytes (the browser's own download, as a customer gets it). */
export async function downloadBy(link: Locator): Promise<Buffer> {
  const waiting = link.page().waitForEvent("download");
  await link.click();
  const file = await (await waiting).path();
  if (!file) throw new Error("the download has no file");
  return readFileSync(file);
}
