import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, eventDayResources, events, outboxEmails, resourceReservations, sites, staffAuditLog } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createSandboxTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createDraftBooking, createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Messages to an event (issue 31) over the API: the message reaches exactly the event's active
 * bookings the filter keeps, each in its own language, with a trail row each and one staff audit row;
 * the preview counts them and renders one; refused calls send nothing.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let staffToken: string;
let customerToken: string;
const eventId = seedIds.events.golfYogaTrip;
const path = `/api/staff/events/${eventId}/messages`;

const call = (method: "GET" | "POST", url: string, body: unknown, token: string | null, headers: Record<string, string> = {}) =>
  api.app.request(url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
  });

const message = (payment: "all" | "unpaid" | "balance_open") => ({
  payment,
  subject: { en: "Briefing moved to 7:30", de: "Briefing auf 7:30 verlegt" },
  body: { en: "The briefing is at 7:30 now.\n\nSee you there.", de: "Das Briefing ist jetzt um 7:30.\n\nBis dann." },
});

type Booking = { id: string; code: string };
let unpaidDe: Booking, unpaidEn: Booking, partialDe: Booking, paidEn: Booking, cancelledDe: Booking, draft: string;

async function booking(locale: "en" | "de", set: Partial<typeof bookings.$inferInsert> = {}): Promise<Booking> {
  const { bookingId } = await createHeldCardBooking(database.db, eventId);
  const [row] = await database.db
    .update(bookings)
    .set({ locale, ...set })
    .where(eq(bookings.id, bookingId))
    .returning();
  if (!row?.code) throw new Error("no code");
  return { id: row.id, code: row.code };
}

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, "whsec_sandbox_test_secret_of_enough_length");
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, eventId));
  // The seed's bookings of the event are out of the way: the test's bookings are the whole audience.
  await database.db
    .update(bookings)
    .set({ status: "cancelled" })
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, ["submitted", "awaiting_payment", "in_review", "confirmed", "paid"])));
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  customerToken = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
  unpaidDe = await booking("de", { status: "awaiting_payment", paymentState: "unpaid" });
  unpaidEn = await booking("en", { status: "confirmed", paymentState: "unpaid" });
  partialDe = await booking("de", { status: "confirmed", paymentState: "partial" });
  paidEn = await booking("en", { status: "paid", paymentState: "paid" });
  cancelledDe = await booking("de", { status: "cancelled", paymentState: "unpaid" });
  draft = await createDraftBooking(database.db, eventId);
});
afterAll(async () => {
  await database.close();
});

const messagesTo = (ids: string[]) =>
  database.db
    .select()
    .from(outboxEmails)
    .where(and(inArray(outboxEmails.bookingId, ids), eq(outboxEmails.template, "staff-message")));
const everyone = () => [unpaidDe.id, unpaidEn.id, partialDe.id, paidEn.id, cancelledDe.id, draft];

describe("a message to an event's participants", () => {
  it("previews the mail for a real booking of the selection and counts them, sending nothing", async () => {
    const before = await snapshotDatabase(database.db);
    const response = await call("POST", `${path}/preview`, message("balance_open"), staffToken);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { count: number; by_locale: Record<string, number>; mail: { code: string; subject: string; text: string; locale: string } };
    };
    expect(data.count).toBe(3);
    expect(data.by_locale).toEqual({ de: 2, en: 1 });
    expect([unpaidDe.code, unpaidEn.code, partialDe.code]).toContain(data.mail.code);
    expect(data.mail.subject).toBe(data.mail.locale === "de" ? "Briefing auf 7:30 verlegt" : "Briefing moved to 7:30");
    expect(data.mail.text).toContain(data.mail.locale === "de" ? "Das Briefing ist jetzt um 7:30." : "The briefing is at 7:30 now.");
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("reaches exactly the unpaid bookings, each in its own language, with a trail row each and one audit row", async () => {
    const response = await call("POST", path, message("unpaid"), staffToken);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { count: number; codes: string[] } };
    expect(data.count).toBe(2);
    expect(data.codes.sort()).toEqual([unpaidDe.code, unpaidEn.code].sort());

    const mails = await messagesTo(everyone());
    expect(mails.map((mail) => mail.bookingId).sort()).toEqual([unpaidDe.id, unpaidEn.id].sort());
    const de = mails.find((mail) => mail.bookingId === unpaidDe.id);
    const en = mails.find((mail) => mail.bookingId === unpaidEn.id);
    expect(de).toMatchObject({ locale: "de", payload: expect.objectContaining({ subject: "Briefing auf 7:30 verlegt", code: unpaidDe.code }) });
    expect(en).toMatchObject({ locale: "en", payload: expect.objectContaining({ subject: "Briefing moved to 7:30", code: unpaidEn.code }) });
    // Replies go to the operator's support address from the site settings.
    const [site] = await database.db.select({ supportEmail: sites.supportEmail }).from(sites).limit(1);
    expect(site?.supportEmail).toMatch(/@/);
    expect(de?.payload).toMatchObject({ replyTo: site?.supportEmail });

    for (const id of [unpaidDe.id, unpaidEn.id]) {
      const trail = await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
      expect(trail.at(-1)?.details).toMatchObject({ action: "message_sent", staffEmail: demoAccounts.staff.email });
    }
    const audit = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "event_message_sent"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: demoAccounts.staff.email, details: expect.objectContaining({ event: eventId, payment: "unpaid", count: 2 }) });

    const history = await call("GET", path, null, staffToken);
    expect(history.status).toBe(200);
    expect(((await history.json()) as { data: { messages: unknown[] } }).data.messages).toEqual([
      expect.objectContaining({ by: demoAccounts.staff.email, payment: "unpaid", count: 2, subject: message("unpaid").subject }),
    ]);
  });

  it("reaches every active booking without a filter, never a draft or a cancelled one", async () => {
    const response = await call("POST", path, message("all"), staffToken);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { count: number } }).data.count).toBe(4);
    const mails = await messagesTo([cancelledDe.id, draft]);
    expect(mails).toEqual([]);
  });

  it("refuses with nothing sent: a missing language, nobody selected, not staff, no such event", async () => {
    const before = await snapshotDatabase(database.db);
    const noGerman = { ...message("all"), body: { en: "Only English" } };
    const missing = await call("POST", path, noGerman, staffToken, { "accept-language": "de" });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(await missing.json())).toContain("body.de");
    const blank = await call("POST", path, { ...message("all"), subject: { en: "Hi", de: "  " } }, staffToken);
    expect(blank.status).toBe(422);

    await database.db
      .update(bookings)
      .set({ paymentState: "paid" })
      .where(inArray(bookings.id, [unpaidDe.id, unpaidEn.id]));
    const nobody = await call("POST", path, message("unpaid"), staffToken, { "accept-language": "de" });
    expect(nobody.status).toBe(409);
    expect(((await nobody.json()) as { message: string }).message).toMatch(/^Die Nachricht erreicht keine Buchung/);
    await database.db
      .update(bookings)
      .set({ paymentState: "unpaid" })
      .where(inArray(bookings.id, [unpaidDe.id, unpaidEn.id]));

    expect((await call("POST", path, message("all"), customerToken)).status).toBe(403);
    expect((await call("POST", path, message("all"), null)).status).toBe(401);
    expect((await call("POST", `${path}/preview`, message("all"), customerToken)).status).toBe(403);
    expect((await call("GET", path, null, customerToken)).status).toBe(403);
    expect((await call("POST", "/api/staff/events/00000000-0000-4000-8000-000000000000/messages", message("all"), staffToken)).status).toBe(404);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});

describe("a message to the drivers of a day or of a vehicle (issue 31)", () => {
  const trackEvent = seedIds.events.trackDayTwoDays;
  const trackPath = `/api/staff/events/${trackEvent}/messages`;

  it("reaches the bookings with something held that day, or driving that vehicle, or both; the history says which", async () => {
    await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, trackEvent));
    await database.db
      .update(bookings)
      .set({ status: "cancelled" })
      .where(and(eq(bookings.eventId, trackEvent), inArray(bookings.status, ["submitted", "awaiting_payment", "in_review", "confirmed", "paid"])));
    const resources = await database.db.select().from(eventDayResources).where(eq(eventDayResources.eventId, trackEvent));
    const vehicleOf = (day: number) => resources.filter((resource) => resource.kind === "vehicle" && resource.day === day);
    const [firstCar, secondCar] = vehicleOf(1);
    const dayTwoCar = vehicleOf(2).find((resource) => resource.key === firstCar?.key);
    if (!firstCar || !secondCar || !dayTwoCar) throw new Error("the track day's vehicles");
    const driver = async (reserved: (typeof resources)[number][], released = false) => {
      const { bookingId } = await createHeldCardBooking(database.db, trackEvent);
      await database.db.update(bookings).set({ status: "confirmed", paymentState: "unpaid" }).where(eq(bookings.id, bookingId));
      for (const resource of reserved)
        await database.db.insert(resourceReservations).values({ resourceId: resource.id, bookingId, releasedAt: released ? new Date() : null });
      const [row] = await database.db.select({ code: bookings.code }).from(bookings).where(eq(bookings.id, bookingId));
      return row?.code ?? "";
    };
    const firstCarDayOne = await driver([firstCar]);
    const firstCarBothDays = await driver([firstCar, dayTwoCar]);
    const secondCarDayOne = await driver([secondCar]);
    await driver([dayTwoCar], true); // its reservation went back to stock: it drives nothing
    await driver([]);

    const reached = async (filter: { day?: number; vehicle?: string }) => {
      const response = await call("POST", `${trackPath}/preview`, { ...message("all"), ...filter }, staffToken);
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { count: number } }).data.count;
    };
    expect(await reached({})).toBe(5);
    expect(await reached({ day: 1 })).toBe(3);
    expect(await reached({ day: 2 })).toBe(1);
    expect(await reached({ vehicle: firstCar.key })).toBe(2);
    expect(await reached({ day: 2, vehicle: firstCar.key })).toBe(1);
    expect(await reached({ day: 2, vehicle: secondCar.key })).toBe(0);

    const sent = await call("POST", trackPath, { ...message("all"), day: 1, vehicle: firstCar.key }, staffToken);
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { data: { codes: string[] } }).data.codes.sort()).toEqual([firstCarDayOne, firstCarBothDays].sort());
    expect(secondCarDayOne).not.toBe("");
    const history = (await (await call("GET", trackPath, null, staffToken)).json()) as {
      data: { messages: { day: number | null; vehicle: string | null; count: number }[]; days: { day: number }[]; vehicles: { key: string }[] };
    };
    expect(history.data.messages[0]).toMatchObject({ day: 1, vehicle: firstCar.key, count: 2 });
    expect(history.data.days.map((day) => day.day)).toEqual([1, 2]);
    expect(history.data.vehicles.map((vehicle) => vehicle.key)).toContain(secondCar.key);
  });
});
