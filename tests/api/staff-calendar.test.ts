import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffCalendarResponseSchema } from "../../core/contracts/staff-calendar";
import { staffDashboardResponseSchema } from "../../core/contracts/staff-dashboard";
import type { DatabaseHandle } from "../../server/db/client";
import { events, waitlistEntries } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { createHeldCardBooking } from "../support/factories";
import { expectMatrixStatus, staffCallerHeaders, staffCallers, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";
import { eq } from "drizzle-orm";

/**
 * The back office's calendar (issue 31, decision 078): a month or week of events whose figures are the
 * dashboard's, to the place: the same counting (server/staff/bookings/event-places.ts), not a second.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let headers: Record<StaffCaller, Record<string, string>>;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  headers = await staffCallerHeaders(api);
  // A seeded event with every kind of figure: booked (the seed's), held by card, and waiting.
  await createHeldCardBooking(database.db, seedIds.events.trackDayTwoDays, { companions: ["driver"] });
  await database.db.insert(waitlistEntries).values([
    { eventId: seedIds.events.trackDayTwoDays, email: "wait.one@example.com", name: "Wait One", partySize: 2, locale: "en" },
    { eventId: seedIds.events.trackDayTwoDays, email: "wait.two@example.com", name: "Wait Two", partySize: 1, locale: "de" },
  ]);
});
afterAll(async () => {
  await database.close();
});

const calendar = async (query: string, caller: StaffCaller = "staff", language = "en") => api.get(`/api/staff/calendar${query}`, { ...headers[caller], "accept-language": language });

describe("the calendar", () => {
  it.each(staffCallers)("answers $caller as the dashboard does", async ({ caller, expected }) => {
    expectMatrixStatus(await calendar("", caller), expected, 200);
  });

  it("shows every event of a month and a week with the dashboard's figures, to the place", async () => {
    const dashboard = staffDashboardResponseSchema.parse(await (await api.get("/api/staff/dashboard", headers.staff)).json()).data;
    const [trackDay] = await database.db.select().from(events).where(eq(events.id, seedIds.events.trackDayTwoDays));
    if (!trackDay) throw new Error("no seeded track day");
    const onDashboard = dashboard.events.find((event) => event.uuid === trackDay.id);
    expect(onDashboard?.places.held_by_card).toBeGreaterThan(0);
    expect(onDashboard?.waitlist).toEqual({ entries: 2, places: 3 });

    for (const view of ["month", "week"] as const) {
      const response = await calendar(`?view=${view}&date=${trackDay.startsOn}`);
      expect(response.status).toBe(200);
      const shown = staffCalendarResponseSchema.parse(await response.json()).data;
      expect(shown.view).toBe(view);
      expect(shown.from <= trackDay.startsOn && trackDay.startsOn <= shown.to).toBe(true);
      expect(shown.events.find((event) => event.uuid === trackDay.id)).toEqual(onDashboard);
      // Every upcoming event the view shows reads the same as on the dashboard.
      for (const event of shown.events) {
        const same = dashboard.events.find((upcoming) => upcoming.uuid === event.uuid);
        if (same) expect(event).toEqual(same);
        expect(event.starts_on <= shown.to && event.ends_on >= shown.from).toBe(true);
      }
    }
  });

  it("shows past events too, and a wrong view or date is a localized 422", async () => {
    const [past] = await database.db.select().from(events).where(eq(events.id, seedIds.events.golfCircleOpenerPast));
    const shown = staffCalendarResponseSchema.parse(await (await calendar(`?date=${past?.startsOn ?? ""}`)).json()).data;
    expect(shown.events.map((event) => event.uuid)).toContain(seedIds.events.golfCircleOpenerPast);
    const wrong = await calendar("?view=year&date=2026-02-30", "staff", "de");
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("view");
  });
});
