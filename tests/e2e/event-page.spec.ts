import { expect, test, type APIRequestContext } from "@playwright/test";
import { chooseLanguage, expectNoAxeViolations, failOnConsoleErrors, hydrated, languages, linkIn, mailMatching, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

const text = {
  en: {
    other: "de",
    languageLabel: "Language",
    weekday: /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)/,
    mainParticipant: "Main participant",
    book: "Book now",
    details: /^Details/,
    waitlist: "Join the waitlist",
    fullyBooked: /Fully booked\. Join the waitlist/,
    notYet: /Not bookable yet: bookings open on/,
    notifyTitle: "Notify me when bookings open",
    email: "E-mail address",
    notify: "Notify me",
    invalidEmail: "Please enter a valid e-mail address.",
    done: /Thank you: we will write to/,
    mailSubject: /^Bookings are open: /,
    ogLocale: "en_GB",
    ogAlternate: "de_DE",
    notFound: "Oops!",
  },
  de: {
    other: "en",
    languageLabel: "Sprache",
    weekday: /(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)/,
    mainParticipant: "Hauptteilnehmer",
    book: "Jetzt buchen",
    details: /^Details/,
    waitlist: "Auf die Warteliste",
    fullyBooked: /Ausgebucht\. Tragen Sie sich in die Warteliste ein/,
    notYet: /Noch nicht buchbar: Die Buchung öffnet am/,
    notifyTitle: "Benachrichtigen, wenn die Buchung öffnet",
    email: "E-Mail-Adresse",
    notify: "Benachrichtigen",
    invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    done: /Danke: Wir schreiben an/,
    mailSubject: /^Jetzt buchbar: /,
    ogLocale: "de_DE",
    ogAlternate: "en_GB",
    notFound: "Hoppla!",
  },
} as const;

type Listed = { uuid: string; slug: string; title: string; category: { slug: string } };

/** The event's page address in `locale`, as the event list of the API names it. */
async function pageOf(request: APIRequestContext, eventUuid: string, locale: "en" | "de") {
  const response = await request.get("/api/public-events", { headers: { "Accept-Language": locale === "de" ? "de-DE" : "en-GB" } });
  const event = ((await response.json()) as { data: Listed[] }).data.find((candidate) => candidate.uuid === eventUuid);
  if (!event) throw new Error(`event ${eventUuid} is not listed`);
  return { path: `${locale === "de" ? "/de" : ""}/events/${event.category.slug}/${event.slug}`, title: event.title, slug: event.slug, category: event.category.slug };
}

for (const language of languages) {
  const t = text[language.locale];
  test.describe(`event page in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("a bookable event: the card links to its page with description, weekday dates, prices, booking button, JSON-LD and Open Graph", async ({
      page,
      request,
      baseURL,
    }) => {
      const assertClean = failOnConsoleErrors(page);
      const { eventUuid, formUuid } = await createEvent(request, "trackDayTwoDays");
      const own = await pageOf(request, eventUuid, language.locale);
      const other = await pageOf(request, eventUuid, t.other);
      expect(own.slug).toMatch(/^[a-z0-9-]+$/);
      if (language.locale === "de") expect(own.slug).toContain("nuerburgring");

      await page.goto(`${language.prefix}/events`);
      const card = page.getByTestId("event-card").filter({ has: page.locator(`a[href="${own.path}"]`) });
      await expect(card.getByRole("link", { name: t.details })).toHaveAttribute("href", own.path);
      await card.getByRole("link", { name: t.details }).click();
      await expect(page).toHaveURL(`${baseURL}${own.path}`);
      await hydrated(page);

      await expect(page.getByRole("heading", { level: 1, name: own.title })).toBeVisible();
      await expect(page.getByTestId("event-dates")).toHaveText(t.weekday);
      await expect(page.locator(".rich-text li").first()).toBeVisible();
      await expect(page.getByTestId("price-list")).toContainText(t.mainParticipant);
      await expect(page.getByRole("link", { name: t.book })).toHaveAttribute("href", `${language.prefix}/booking/${formUuid}`);

      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<string, unknown>;
      expect(jsonLd).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Event",
        name: own.title,
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        location: { "@type": "Place" },
        url: `${baseURL}${own.path}`,
        offers: { "@type": "Offer", priceCurrency: "EUR", availability: "https://schema.org/InStock", url: `${baseURL}${own.path}` },
        organizer: { "@type": "Organization" },
      });
      expect(String(jsonLd.startDate)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const meta = (property: string) => page.locator(`meta[property="${property}"]`).first();
      await expect(meta("og:url")).toHaveAttribute("content", `${baseURL}${own.path}`);
      await expect(meta("og:image")).toHaveAttribute("content", /^http:\/\/127\.0\.0\.1:\d+\/images\//);
      await expect(meta("og:type")).toHaveAttribute("content", "website");
      await expect(meta("og:locale")).toHaveAttribute("content", t.ogLocale);
      await expect(meta("og:locale:alternate")).toHaveAttribute("content", t.ogAlternate);
      await expect(page.locator(`link[rel=alternate][hreflang=${t.other}]`)).toHaveAttribute("href", `${baseURL}${other.path}`);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `event-page-bookable-${language.locale}`);

      // The language switch opens the other language's slug.
      await chooseLanguage(page, t.languageLabel, t.other);
      await expect(page).toHaveURL(`${baseURL}${other.path}`);
      assertClean();
    });

    test("a slug of the other language redirects for good; a wrong slug is a 404", async ({ page, request }) => {
      const { eventUuid } = await createEvent(request, "golfYogaTrip");
      const own = await pageOf(request, eventUuid, language.locale);
      const other = await pageOf(request, eventUuid, t.other);
      const mixed = await request.get(`${language.prefix}/events/${other.category}/${other.slug}`, { maxRedirects: 0 });
      expect(mixed.status()).toBe(301);
      expect(mixed.headers().location).toBe(own.path);
      const missing = await page.goto(`${language.prefix}/events/${own.category}/${own.slug}-nope`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: t.notFound })).toBeVisible();
      const wrongCategory = await request.get(`${language.prefix}/events/no-such-category/${own.slug}`, { maxRedirects: 0 });
      expect(wrongCategory.status()).toBe(404);
    });

    test("a fully booked event offers the waitlist", async ({ page, request }) => {
      const { eventUuid } = await createEvent(request, "golfCircleFinal");
      const own = await pageOf(request, eventUuid, language.locale);
      await page.goto(own.path);
      await expect(page.getByTestId("event-state-message")).toHaveText(t.fullyBooked);
      await expect(page.getByRole("link", { name: t.waitlist })).toHaveAttribute("href", `${language.prefix}/booking-no-available-spots?event=${eventUuid}`);
      await expect(page.getByRole("link", { name: t.book })).toHaveCount(0);
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as { offers: { availability: string } };
      expect(jsonLd.offers.availability).toBe("https://schema.org/SoldOut");
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `event-page-fully-booked-${language.locale}`);
    });

    test("not bookable yet: notify me, once per address, and one e-mail with the page's link when bookings open", async ({ page, request, baseURL }) => {
      const assertClean = failOnConsoleErrors(page);
      const { eventUuid } = await createEvent(request, "trackDayNotBookableYet");
      const own = await pageOf(request, eventUuid, language.locale);
      await page.goto(own.path);
      await hydrated(page);
      await expect(page.getByTestId("event-state-message")).toHaveText(t.notYet);
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
        offers: { availability: string; validFrom?: string };
      };
      expect(jsonLd.offers.availability).toBe("https://schema.org/PreOrder");
      expect(jsonLd.offers.validFrom).toBeTruthy();
      const notice = page.getByTestId("opening-notice");
      await expect(notice.getByRole("heading", { name: t.notifyTitle })).toBeVisible();
      await notice.getByLabel(t.email).fill("not-an-address");
      await notice.getByRole("button", { name: t.notify }).click();
      await expect(notice.getByText(t.invalidEmail)).toBeVisible();
      const email = uniqueEmail(`notify-${language.locale}`);
      await notice.getByLabel(t.email).fill(email.toUpperCase());
      await notice.getByRole("button", { name: t.notify }).click();
      await expect(notice.getByText(t.done)).toContainText(email);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `event-page-not-bookable-yet-${language.locale}`);

      // The same address again, from the page the booking link leads to: the same answer, nothing stored twice.
      await page.goto(`${language.prefix}/booking-not-bookable-yet?event=${eventUuid}`);
      await hydrated(page);
      const again = page.getByTestId("opening-notice");
      await again.getByLabel(t.email).fill(email);
      await again.getByRole("button", { name: t.notify }).click();
      await expect(again.getByText(t.done)).toContainText(email);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `booking-not-bookable-yet-${language.locale}`);

      const opened = await request.post(`/__test/events/${eventUuid}/open-bookings`);
      expect(opened.status()).toBe(200);
      const mail = await mailMatching(email, t.mailSubject);
      const link = linkIn(mail, /http:\/\/127\.0\.0\.1:\d+\S*\/events\/[a-z0-9-]+\/[a-z0-9-]+/);
      expect(link).toBe(`${baseURL}${own.path}`);
      // A second run of the job (a restart) sends nothing more.
      await request.post(`/__test/events/${eventUuid}/open-bookings`);
      await page.waitForTimeout(1500);
      const { readdirSync, readFileSync } = await import("node:fs");
      const dir = process.env.E2E_OUTBOX_DIR ?? "";
      const sent = readdirSync(dir)
        .filter((file) => file.endsWith(".json"))
        .map((file) => JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) as { to: string; subject: string })
        .filter((candidate) => candidate.to === email && t.mailSubject.test(candidate.subject));
      expect(sent).toHaveLength(1);
      await page.goto(own.path);
      await expect(page.getByRole("link", { name: t.book })).toBeVisible();
      assertClean();
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      // The form's code loads only on pages that show it (decision 052); the server still sends the whole form.
      test("not bookable yet: the notify-me form is in the page and signs up", async ({ page, request }) => {
        const { eventUuid } = await createEvent(request, "trackDayNotBookableYet");
        await page.goto((await pageOf(request, eventUuid, language.locale)).path);
        const notice = page.getByTestId("opening-notice");
        await notice.getByLabel(t.email).fill(uniqueEmail(`notify-nojs-${language.locale}`));
        await notice.getByRole("button", { name: t.notify }).click();
        await expect(page.getByTestId("opening-notice").getByText(t.done)).toBeVisible();
      });
    });
  });
}

test("sitemap.xml names every public page in both languages with hreflang alternates, and robots.txt names it", async ({ request, baseURL }) => {
  const { eventUuid } = await createEvent(request, "golfCircleTournament");
  const english = await pageOf(request, eventUuid, "en");
  const german = await pageOf(request, eventUuid, "de");
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/de", "/events", "/de/events", "/calendar", "/de/calendar", "/events/travel", "/de/events/reisen", "/imprint", "/de/impressum", english.path, german.path])
    expect(xml, path).toContain(`<loc>${baseURL}${path}</loc>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${baseURL}${german.path}"/>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}${english.path}"/>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
