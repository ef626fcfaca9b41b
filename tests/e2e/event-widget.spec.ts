import { createServer, type Server } from "node:http";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations, languages, shootPhoneAndDesktop } from "./support";
import { staffApiToken } from "./staff-support";
import { createEvent } from "./test-data";

const text = {
  en: { waitlist: /Join the waitlist/, notice: "No events to show here", showDetails: "Show details", hideDetails: "Hide details" },
  de: { waitlist: /Auf die Warteliste/, notice: "Hier gibt es keine Veranstaltungen", showDetails: "Details anzeigen", hideDetails: "Details ausblenden" },
} as const;

/** A category of the test's own, made through the staff API; its id and English slug. */
async function ownCategory(request: APIRequestContext): Promise<{ id: number; slug: string }> {
  const token = await staffApiToken(request);
  const name = `Widget days ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await request.post("/api/staff/categories", {
    headers: { authorization: `Bearer ${token}` },
    data: { translations: { en: { name }, de: { name } } },
  });
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { id: number; translations: { en: { slug: string } } } };
  return { id: data.id, slug: data.translations.en.slug };
}

/** A partner site on another origin (another port on loopback) that embeds the widget with one script tag. */
async function partnerSite(bodies: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    const body = bodies[request.url ?? "/"] ?? "";
    response.end(`<!doctype html><html lang="en"><head><title>Partner</title></head><body style="margin:0"><h1>Partner site</h1>${body}<p id="after">after</p></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`, server };
}

const frameHeight = (page: Page) => page.locator("iframe").evaluate((element) => element.getBoundingClientRect().height);
const contentHeight = (page: Page) => page.frameLocator("iframe").locator("main").evaluate((element) => element.getBoundingClientRect().height);

for (const language of languages) {
  const t = text[language.locale];
  test.describe(`event widget in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("a fully booked event shows the waitlist button, opening the site in a new tab", async ({ page, request, baseURL }) => {
      const { eventUuid } = await createEvent(request, "golfCircleFinal");
      await page.goto(`${language.prefix}/event-widget?event=${eventUuid}`);
      await expect(page.getByTestId("event-card")).toHaveCount(1);
      const waitlist = page.getByRole("link", { name: t.waitlist });
      await expect(waitlist).toHaveAttribute("href", `${baseURL}${language.prefix}/booking-no-available-spots?event=${eventUuid}`);
      await expect(waitlist).toHaveAttribute("target", "_blank");
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `widget-fully-booked-${language.locale}`);
    });

    test("an unknown category or an event that is over gets a compact notice, not the 404 page", async ({ page, request }) => {
      const missing = await page.goto(`${language.prefix}/event-widget?category=no-such-category`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByTestId("widget-notice")).toContainText(t.notice);
      await expect(page.getByText("404")).toHaveCount(0);
      const height = await page.locator("main").evaluate((element) => element.getBoundingClientRect().height);
      expect(height).toBeLessThan(250);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `widget-unknown-${language.locale}`);
      const { eventUuid } = await createEvent(request, "golfCircleOpenerPast");
      const over = await page.goto(`${language.prefix}/event-widget?event=${eventUuid}`);
      expect(over?.status()).toBe(404);
      await expect(page.getByTestId("widget-notice")).toContainText(t.notice);
    });

    test("embedded on a partner page, the iframe grows with opened details and shrinks back when they close or the phone turns", async ({
      page,
      request,
      baseURL,
    }) => {
      // A category of the test's own with two events: the shared track-day category grows with every
      // test's events, past the widget's height limit.
      const category = await ownCategory(request);
      const { eventUuid } = await createEvent(request, "trackDayTwoDays", { categoryId: category.id });
      await createEvent(request, "trackDayTwoDays", { categoryId: category.id });
      const widget = (attribute: string) => `<script src="${baseURL}/event-widget.js" ${attribute} data-locale="${language.locale}"></script>`;
      const partner = await partnerSite({ "/": widget(`data-event="${eventUuid}"`), "/track-days": widget(`data-category="${category.slug}"`) });
      try {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(partner.url);
        const frame = page.frameLocator("iframe");
        await expect(frame.getByTestId("event-card")).toHaveCount(1);
        await expect.poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight(page)))).toBeLessThan(2);
        const closed = await frameHeight(page);

        await frame.getByText(t.showDetails).click();
        await expect.poll(() => frameHeight(page)).toBeGreaterThan(closed + 200);
        await frame.getByText(t.hideDetails).click();
        await expect.poll(async () => Math.abs((await frameHeight(page)) - closed)).toBeLessThan(2);

        // The phone turns to landscape: two cards a row instead of one, and the portrait height must not stay behind.
        await page.goto(`${partner.url}track-days`);
        await expect(frame.getByTestId("event-card").nth(1)).toBeVisible();
        await expect.poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight(page)))).toBeLessThan(2);
        const portrait = await frameHeight(page);
        await page.setViewportSize({ width: 844, height: 390 });
        // (The old script kept the portrait height: a document's scrollHeight never drops below its iframe.)
        await expect.poll(() => frameHeight(page)).toBeLessThan(portrait * 0.8);
        await expect.poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight(page)))).toBeLessThan(2);
        await page.screenshot({ path: test.info().outputPath(`widget-embedded-${language.locale}.png`), fullPage: true });
      } finally {
        partner.server.close();
      }
    });
  });
}
