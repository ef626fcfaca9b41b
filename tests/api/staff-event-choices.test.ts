import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor, Role } from "../../core/domain/permissions";
import type { DatabaseHandle } from "../../server/db/client";
import { insertDemoEventCopy } from "../../server/db/demo";
import { siteSettings } from "../../server/db/factories/site";
import { events } from "../../server/db/schema";
import { AppError } from "../../server/errors";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";
import { eq } from "drizzle-orm";

/**
 * The bookings list's event filter (`services.staffBookings.eventChoices`, used by /admin/bookings):
 * every event, unpublished and past ones too, newest first, in the caller's language; staff only.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let hiddenEventId: string;

const actorOf = (role: Role, secondFactor: boolean): Actor => ({
  user: { userId: "00000000-0000-4000-8000-000000000001", role, sessionId: "session", secondFactor },
});

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  const copy = await database.db.transaction((tx) => insertDemoEventCopy(tx, "golfYogaTrip", new Date(), siteSettings));
  hiddenEventId = copy.eventId;
  await database.db.update(events).set({ published: false, startsOn: "2099-01-01", endsOn: "2099-01-02" }).where(eq(events.id, hiddenEventId));
});

afterAll(async () => {
  await database.close();
});

/** Who may ask, one row each (an admin row is a one-line change). */
const callers: { who: string; actor: Actor; answer: "ok" | "UNAUTHORIZED" | "FORBIDDEN" }[] = [
  { who: "the anonymous", actor: { user: null }, answer: "UNAUTHORIZED" },
  { who: "a customer", actor: actorOf("customer", false), answer: "FORBIDDEN" },
  { who: "staff without the second factor", actor: actorOf("staff", false), answer: "FORBIDDEN" },
  { who: "staff", actor: actorOf("staff", true), answer: "ok" },
  { who: "an admin", actor: actorOf("admin", true), answer: "ok" },
];

describe("the event choices of the bookings list", () => {
  for (const caller of callers) {
    it(`answers ${caller.who}: ${caller.answer}`, async () => {
      const asking = api.services.staffBookings.eventChoices(caller.actor, { locale: "de" });
      if (caller.answer === "ok") {
        const choices = await asking;
        expect(choices.length).toBeGreaterThan(1);
        return;
      }
      const error = await asking.then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(AppError.is(error) && error.code).toBe(caller.answer);
    });
  }

  it("lists unpublished events too, newest first, titled in the caller's language", async () => {
    const choices = await api.services.staffBookings.eventChoices(actorOf("staff", true), { locale: "de" });
    expect(choices[0]).toMatchObject({ uuid: hiddenEventId, starts_on: "2099-01-01" });
    expect(choices[0]?.title).toMatch(/Golf- & Yoga-Retreat/);
    const starts = choices.map((choice) => choice.starts_on);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(choices.every((choice) => !choice.archived)).toBe(true);
  });

  it("lists an archived event once, after the others, marked as archived (issue 32)", async () => {
    const copy = await database.db.transaction((tx) => insertDemoEventCopy(tx, "golfYogaTrip", new Date(), siteSettings));
    await database.db.update(events).set({ published: false, archivedAt: new Date(), startsOn: "2099-06-01", endsOn: "2099-06-02" }).where(eq(events.id, copy.eventId));
    const choices = await api.services.staffBookings.eventChoices(actorOf("staff", true), { locale: "en" });
    expect(choices.filter((choice) => choice.uuid === copy.eventId)).toHaveLength(1);
    expect(choices.at(-1)).toMatchObject({ uuid: copy.eventId, archived: true });
    await database.db.update(events).set({ archivedAt: null }).where(eq(events.id, copy.eventId));
  });
});
