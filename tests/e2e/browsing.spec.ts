import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, languages } from "./support";

const text = {
  en: {
    homeTitle: "Events worth travelling for",
    eventsHeading: "All events",
    title: /^All events \| Trackside & Fairway Events$/,
    price: "from €108.00",
    trip: /Golf & yoga/i,
    states: ["Bookable", "Not bookable yet", "Fully booked", "Registration closed", "Event over"],
    showDetails: "Details",
    travelCategory: { slug: "travel", name: "Travel" },
    notFoundTitle: "Oops!",
    notFoundText: "We can't seem to find the page you're looking for.",
    back: "Back",
    events: "Events",
    login: "Login",
  },
  de: {
    homeTitle: "Veranstaltungen, für die sich die Reise lohnt",
    eventsHeading: "Alle Veranstaltungen",
    title: /^Alle Veranstaltungen \| Trackside & Fairway Events$/,
    price: "ab 108,00\u00a0€",
    trip: /Golf.*Yoga/i,
    states: ["Buchbar", "Noch nicht buchbar", "Ausgebucht", "Anmeldung geschlossen", "Vorbei"],
    showDetails: "Details",
    travelCategory: { slug: "reisen", name: "Reisen" },
    notFoundTitle: "Hoppla!",
    notFoundText: "Wir können die gesuchte Seite leider nicht finden.",
    back: "Zurück",
    events: "Veranstaltungen",
    login: "Anmelden",
  },
} as const;

for (const language of languages) {
  const t = text[language.locale];
  const at = (path: string) => (language.prefix ? `${language.prefix}${path === "/" ? "" : path}` : path);

  test.describe(`browsing in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("home page shows the hero, categories, upcoming events and guest voices", async ({ page }) => {
      const assertClean = failOnConsoleErrors(page);
      await page.goto(at("/"));
      await expect(page.locator("html")).toHaveAttribute("lang", language.locale);
      await expect(page.getByRole("heading", { level: 1, name: t.homeTitle })).toBeVisible();
      await expect(page.getByRole("link", { name: new RegExp(t.travelCategory.name) }).first()).toBeVisible();
      await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute("href", /\/de$/);
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /:\d+\/$/);
      await expectNoAxeViolations(page);
      assertClean();
    });

    // Counts the demo site's events: runs on the server where no test makes its own (playwright.config.ts, decision 019).
    test("event list shows every event as a card with state, localized dates and prices", { tag: "@demo-site" }, async ({ page }) => {
      const assertClean = failOnConsoleErrors(page);
      await page.goto(at("/events"));
      await expect(page).toHaveTitle(t.title);
      await expect(page.getByRole("heading", { level: 1, name: t.eventsHeading })).toBeVisible();
      const cards = page.getByTestId("event-card");
      await expect(cards).toHaveCount(7);
      for (const state of t.states)
        await expect(
          page
            .locator("[data-state]")
            .filter({ hasText: new RegExp(`^${state}$`) })
            .first(),
        ).toBeVisible();
      const trip = cards.filter({ has: page.getByRole("heading", { name: t.trip }) });
      await expect(trip.getByText(t.price)).toBeVisible();
      await expect(trip.locator("time")).toHaveText(/\d/);
      // The card links to the event's own page instead of expanding inside the card (decision 024).
      await expect(trip.locator(".rich-text")).toHaveCount(0);
      await expect(trip.getByRole("link", { name: new RegExp(`^${t.showDetails}`) })).toHaveAttribute("href", new RegExp(`^${at("/events/")}[a-z-]+/[a-z0-9-]+$`));
      await expect(page.getByRole("button", { name: t.back })).toHaveCount(0);
      await expect(page.getByRole("link", { name: t.back })).toHaveCount(0);
      await expect(page.getByRole("navigation").getByRole("link", { name: t.login })).toBeVisible();
      await expectNoAxeViolations(page);
      assertClean();
    });

    test("category filter finds the category by slug and by id, and 404s on unknown ones", { tag: "@demo-site" }, async ({ page }) => {
      await page.goto(at(`/events/${t.travelCategory.slug}`));
      await expect(page.getByRole("heading", { level: 1, name: t.travelCategory.name })).toBeVisible();
      await expect(page.getByTestId("event-card")).toHaveCount(1);
      await expect(page.getByRole("link", { name: t.travelCategory.name, exact: true })).toHaveAttribute("aria-current", "page");
      await expectNoAxeViolations(page);

      const categories = (await (await page.request.get("/api/public-event-categories")).json()) as {
        data: { id: number; translations: { slug: string }[] }[];
      };
      const travelId = categories.data.find((category) => category.translations.some((translation) => translation.slug === "travel"))?.id;
      await page.goto(at(`/events/${travelId}`));
      await expect(page).toHaveURL(new RegExp(`${at(`/events/${t.travelCategory.slug}`)}$`));

      const response = await page.goto(at("/events/no-such-category"));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: t.notFoundTitle })).toBeVisible();
    });

    test("unknown URLs give the 404 page with status 404", async ({ page }) => {
      const response = await page.goto(at("/this/page/does-not-exist"));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: t.notFoundTitle })).toBeVisible();
      await expect(page.getByText(t.notFoundText)).toBeVisible();
      await expect(page.locator("footer")).toBeVisible();
      await expectNoAxeViolations(page);
      const single = await page.goto(at("/no-such-page"));
      expect(single?.status()).toBe(404);
    });

    test("Back goes one step back and Events leads to the list", async ({ page }) => {
      await page.goto(at("/events"));
      await page.getByRole("navigation", { name: /./ }).first().getByRole("link", { name: t.events }).click();
      await page.locator("footer").getByRole("link").filter({ hasText: /\.$/ }).first().click();
      // A content page is served without hydration (decision 056): Back is a link its inline script sends one step back.
      // The click loads a new document: wait for it before asking the page anything.
      await expect(page).not.toHaveURL(new RegExp(`${at("/events")}$`));
      await page.waitForLoadState("load");
      await hydrated(page);
      const back = page.getByRole("banner").locator("a, button").filter({ hasText: t.back });
      await expect(back).toBeVisible();
      await back.click();
      await expect(page).toHaveURL(new RegExp(`${at("/events")}$`));
    });
  });
}

test("the English category slug under /de redirects to the German one", async ({ page }) => {
  const response = await page.goto("/de/events/travel");
  expect(response?.url()).toMatch(/\/de\/events\/reisen$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reisen" })).toBeVisible();
});
