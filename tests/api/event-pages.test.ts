import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { openingNoticeResponseSchema, publicEventsResponseSchema } from "../../core/contracts/events";
import { slugify } from "../../core/domain/slugs";
import { sendOpeningNoticesJob } from "../../server/catalog/opening-notices";
import type { DatabaseHandle } from "../../server/db/client";
import { insertDemoEventCopy } from "../../server/db/demo";
import { siteSettings } from "../../server/db/factories/site";
import { eventOpeningNotices, events, eventSlugs, jobs, outboxEmails } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
const german = { "accept-language": "de-DE,de;q=0.9" };
const notYet = seedIds.events.trackDayNotBookableYet;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
});
afterAll(async () => {
  await database.close();
});

const notify = (eventId: string, body: unknown, headers: Record<string, string> = {}) =>
  api.app.request(`/api/public-events/${eventId}/notify`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("event slugs", () => {
  it("spells German letters out and drops other accents", () => {
    expect(slugify("Zwei-Tage-Trackday auf dem Nürburgring")).toBe("zwei-tage-trackday-auf-dem-nuerburgring");
    expect(slugify("Golf- & Yoga-Retreat auf Koh Samui")).toBe("golf-yoga-retreat-auf-koh-samui");
    expect(slugify("Straße über Öhringen: Äpfel")).toBe("strasse-ueber-oehringen-aepfel");
    expect(slugify("Crème brûlée </script>")).toBe("creme-brulee-script");
  });

  it("gives every seeded event a slug per language, and the event list names it", async () => {
    const english = publicEventsResponseSchema.parse(await (await api.get("/api/public-events")).json());
    const deutsch = publicEventsResponseSchema.parse(await (await api.get("/api/public-events", german)).json());
    const slugOf = (list: typeof english, id: string) => list.data.find((event) => event.uuid === id)?.slug;
    expect(slugOf(english, seedIds.events.trackDayTwoDays)).toBe("two-day-track-experience-at-the-nuerburgring");
    expect(slugOf(deutsch, seedIds.events.trackDayTwoDays)).toBe("zwei-tage-trackday-auf-dem-nuerburgring");
    expect(english.data.every((event) => /^[a-z0-9-]+$/.test(event.slug))).toBe(true);
  });

  it("numbers the slug of a second event with the same title", async () => {
    const copy = await database.db.transaction((tx) => insertDemoEventCopy(tx, "golfYogaTrip", new Date(), siteSettings));
    const rows = await database.db.select().from(eventSlugs).where(eq(eventSlugs.eventId, copy.eventId));
    expect(Object.fromEntries(rows.map((row) => [row.locale, row.slug]))).toEqual({
      en: "golf-yoga-retreat-on-koh-samui-2",
      de: "golf-yoga-retreat-auf-koh-samui-2",
    });
  });

  it("finds the page by its slugs, redirects a slug of the other language, and misses wrong ones", async () => {
    const found = await api.services.getEventPage("de", "trackdays", "zwei-tage-trackday-auf-dem-nuerburgring");
    expect("found" in found && found.found.uuid).toBe(seedIds.events.trackDayTwoDays);
    if ("found" in found) {
      expect(found.found.pages).toEqual([
        { locale: "en", category_slug: "track-days", slug: "two-day-track-experience-at-the-nuerburgring" },
        { locale: "de", category_slug: "trackdays", slug: "zwei-tage-trackday-auf-dem-nuerburgring" },
      ]);
      expect(found.found.prices[0]).toMatchObject({ kind: "participant", label: "Hauptteilnehmer" });
    }
    expect(await api.services.getEventPage("de", "track-days", "two-day-track-experience-at-the-nuerburgring")).toEqual({
      redirectTo: "/de/events/trackdays/zwei-tage-trackday-auf-dem-nuerburgring",
    });
    expect(await api.services.getEventPage("en", "track-days", "no-such-event")).toEqual({ missing: true });
    expect(await api.services.getEventPage("en", "travel", "two-day-track-experience-at-the-nuerburgring")).toEqual({ missing: true });
  });
});

describe("POST /api/public-events/{uuid}/notify", () => {
  it("signs an address up once, lower-cased; a repeat answers the same", async () => {
    const first = await notify(notYet, { email: "Nora.Notify@Example.com" }, german);
    expect(first.status).toBe(200);
    const body = openingNoticeResponseSchema.parse(await first.json());
    expect(body.data.email).toBe("nora.notify@example.com");
    expect(body.data.bookable_from).toBeTruthy();
    const again = await notify(notYet, { email: "nora.notify@example.com " });
    expect(again.status).toBe(200);
    const rows = await database.db.select().from(eventOpeningNotices).where(eq(eventOpeningNotices.eventId, notYet));
    expect(rows.map((row) => [row.email, row.locale])).toEqual([["nora.notify@example.com", "de"]]);
    const pendingJobs = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, sendOpeningNoticesJob), eq(jobs.payload, { eventId: notYet })));
    expect(pendingJobs).toHaveLength(1);
    const [event] = await database.db.select().from(events).where(eq(events.id, notYet));
    expect(pendingJobs[0]?.runAt.toISOString()).toBe(event?.bookableFrom?.toISOString());
  });

  it("answers a localized 422 for a bad address, 409 for a bookable event, 404 for an unknown one", async () => {
    const invalid = await notify(notYet, { email: "not-an-address" }, german);
    expect(invalid.status).toBe(422);
    expect(errorResponseSchema.parse(await invalid.json()).errors?.email?.[0]).toBe("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
    const bookable = await notify(seedIds.events.golfYogaTrip, { email: "a@example.com" });
    expect(bookable.status).toBe(409);
    expect(errorResponseSchema.parse(await bookable.json()).message).toMatch(/open already/);
    expect((await notify("00000000-0000-4000-8000-000000000000", { email: "a@example.com" })).status).toBe(404);
    expect((await notify("not-a-uuid", { email: "a@example.com" })).status).toBe(422);
  });
});

describe("the job when bookings open", () => {
  it("mails each sign-up once in its language with the event page's link, also when it runs again", async () => {
    await notify(notYet, { email: "olaf@example.com" });
    const [event] = await database.db.select().from(events).where(eq(events.id, notYet));
    const opensAt = event?.bookableFrom ?? new Date();
    // Before the opening: nothing is sent, and the job waits for it.
    expect(await api.services.jobs[sendOpeningNoticesJob]({ eventId: notYet }, new Date(opensAt.getTime() - 60_000))).toEqual({ sent: 0 });
    const after = new Date(opensAt.getTime() + 1000);
    expect(await api.services.jobs[sendOpeningNoticesJob]({ eventId: notYet }, after)).toEqual({ sent: 2 });
    expect(await api.services.jobs[sendOpeningNoticesJob]({ eventId: notYet }, after)).toEqual({ sent: 0 });
    const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.template, "bookings-open"));
    expect(mails.map((mail) => [mail.toAddress, mail.locale, (mail.payload as { eventUrl: string }).eventUrl]).sort()).toEqual([
      ["nora.notify@example.com", "de", "http://site.test/de/events/trackdays/grand-prix-trackday-am-hockenheimring"],
      ["olaf@example.com", "en", "http://site.test/events/track-days/grand-prix-track-day-at-the-hockenheimring"],
    ]);
    expect(await api.services.countOpeningNotices(notYet)).toEqual({ total: 2, notified: 2 });
  });

  it("limits sign-ups per address", async () => {
    const limited = createTestApi(database);
    let status = 0;
    for (let attempt = 0; attempt < 12 && status !== 429; attempt += 1) {
      const response = await limited.app.request(`/api/public-events/${notYet}/notify`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `many-${attempt}@example.com` }),
      });
      status = response.status;
    }
    expect(status).toBe(429);
  });
});
