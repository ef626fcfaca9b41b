import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { staffWaitlistResponseSchema } from "../../core/contracts/staff-waitlist";
import type { DatabaseHandle } from "../../server/db/client";
import { events, outboxEmails, staffAuditLog, waitlistEntries } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createTestDatabase } from "../support/test-database";

/**
 * An event's waitlist in the back office: staff see every entry in order, offer the free places to a
 * party by hand (held, never overbooked, mailed, audited), and take entries off (an open offer's places
 * go to the next party that fits). Refused calls change nothing.
 */

const eventId = seedIds.events.golfYogaTrip;
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
const tokens: Record<"staff" | "admin" | "customer", string> = { staff: "", admin: "", customer: "" };
const ids: Record<"a" | "b" | "c", string> = { a: "", b: "", c: "" };

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  tokens.staff = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  tokens.admin = (await api.logIn(demoAccounts.admin.email, demoAccounts.admin.password)).access_token;
  tokens.customer = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
  // Ten places, eight taken: two free. A party of three waits first, then two, then one.
  await database.db.update(events).set({ capacity: 10, placesTaken: 8 }).where(eq(events.id, eventId));
  const created = new Date("2026-01-01T10:00:00Z");
  const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
  const rows = await database.db
    .insert(waitlistEntries)
    .values([
      { eventId, email: "party-a@example.com", name: "Party A", partySize: 3, locale: "en", createdAt: at(0) },
      { eventId, email: "party-b@example.com", name: "Party B", partySize: 2, locale: "de", createdAt: at(1) },
      { eventId, email: "party-c@example.com", name: "Party C", partySize: 1, locale: "en", createdAt: at(2) },
    ])
    .returning({ id: waitlistEntries.id, name: waitlistEntries.name });
  ids.a = rows.find((row) => row.name === "Party A")?.id ?? "";
  ids.b = rows.find((row) => row.name === "Party B")?.id ?? "";
  ids.c = rows.find((row) => row.name === "Party C")?.id ?? "";
});
afterAll(async () => {
  await database.close();
});

const as = (who: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[who]}` });
const post = (path: string, headers: Record<string, string>) => api.app.request(path, { method: "POST", headers });
const placesTaken = async () => (await database.db.select({ taken: events.placesTaken }).from(events).where(eq(events.id, eventId)))[0]?.taken;

describe("an event's waitlist for staff", () => {
  it("lists every entry, the waiting in the order offers go out, with the event's free places", async () => {
    const response = await api.get(`/api/staff/events/${eventId}/waitlist`, as("staff"));
    expect(response.status).toBe(200);
    const { data } = staffWaitlistResponseSchema.parse(await response.json());
    expect(data.event).toMatchObject({ uuid: eventId, capacity: 10, places_taken: 8, free: 2 });
    expect(data.entries.map((entry) => [entry.name, entry.position, entry.status])).toEqual([
      ["Party A", 1, "waiting"],
      ["Party B", 2, "waiting"],
      ["Party C", 3, "waiting"],
    ]);
  });

  it("offers the free places to a party by hand, out of turn: held, mailed in its language, audited", async () => {
    const response = await post(`/api/staff/events/${eventId}/waitlist/${ids.b}/offer`, as("staff"));
    expect(response.status).toBe(200);
    expect(await placesTaken()).toBe(10);
    const [entry] = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, ids.b));
    expect(entry?.status).toBe("offered");
    const [mail] = await database.db.select().from(outboxEmails).where(and(eq(outboxEmails.template, "waitlist-offer"), eq(outboxEmails.toAddress, "party-b@example.com")));
    expect(mail?.locale).toBe("de");
    const [audit] = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "waitlist_offered"));
    expect(audit).toMatchObject({ actorEmail: demoAccounts.staff.email, details: { entry: ids.b, party_size: 2 } });
  });

  it("refuses an offer without room, to a party not waiting, and for an unknown entry, changing nothing", async () => {
    const before = await snapshotDatabase(database.db);
    const noRoom = await api.app.request(`/api/staff/events/${eventId}/waitlist/${ids.a}/offer`, { method: "POST", headers: { ...as("staff"), "accept-language": "de" } });
    expect(noRoom.status).toBe(409);
    expect(errorResponseSchema.parse(await noRoom.json()).message).toBe("Für diese Gruppe sind keine 3 Plätze frei.");
    expect((await post(`/api/staff/events/${eventId}/waitlist/${ids.b}/offer`, as("staff"))).status).toBe(409);
    expect((await post(`/api/staff/events/${seedIds.events.trackDayTwoDays}/waitlist/${ids.a}/offer`, as("staff"))).status).toBe(404);
    expect((await post(`/api/staff/events/${eventId}/waitlist/00000000-0000-4000-8000-000000000000/remove`, as("staff"))).status).toBe(404);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("taking off an open offer gives its places to the next party that fits; a closed entry cannot be taken off again", async () => {
    const response = await post(`/api/staff/events/${eventId}/waitlist/${ids.b}/remove`, as("admin"));
    expect(response.status).toBe(200);
    const rows = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, eventId));
    const statusOf = (id: string) => rows.find((row) => row.id === id)?.status;
    // Two places back: the party of three does not fit, the party of one does.
    expect([statusOf(ids.a), statusOf(ids.b), statusOf(ids.c)]).toEqual(["waiting", "cancelled", "offered"]);
    expect(await placesTaken()).toBe(9);
    expect((await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "waitlist_removed")))[0]).toMatchObject({
      actorEmail: demoAccounts.admin.email,
      details: { from: "offered" },
    });
    expect((await post(`/api/staff/events/${eventId}/waitlist/${ids.b}/remove`, as("staff"))).status).toBe(409);
  });

  it("answers the anonymous 401 and customers 403 on every call, changing nothing", async () => {
    const before = await snapshotDatabase(database.db);
    for (const [headers, status] of [
      [{}, 401],
      [as("customer"), 403],
    ] as const) {
      expect((await api.get(`/api/staff/events/${eventId}/waitlist`, headers)).status).toBe(status);
      expect((await post(`/api/staff/events/${eventId}/waitlist/${ids.a}/offer`, headers)).status).toBe(status);
      expect((await post(`/api/staff/events/${eventId}/waitlist/${ids.a}/remove`, headers)).status).toBe(status);
    }
    expect(await snapshotDatabase(database.db)).toEqual(before);
    expect((await api.get(`/api/staff/events/${eventId}/waitlist`, as("admin"))).status).toBe(200);
  });
});
