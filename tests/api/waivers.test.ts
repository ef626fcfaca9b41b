import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, jobs, outboxEmails, participants, staffAuditLog, waiverSignatures } from "../../server/db/schema";
import { waiverRemindersJob } from "../../server/waivers/waiver-reminders";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { manageLinkToken } from "../../server/bookings/manage-links";
import { waiverLinkToken } from "../../server/waivers/waiver-links";
import { createSandboxTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Waivers (issue 31, decision 080) over the API: staff write a text and attach it to an event for the
 * drivers and co-drivers; each of those people signs once through their sign link or the manage link,
 * with the text's hash stored; a second signature, a person of another booking, a wrong link or a
 * spectator are refused in the caller's language with nothing changed; staff record a paper waiver.
 */

const secret = "test-secret-of-at-least-thirty-two-characters";
const eventId = seedIds.events.golfYogaTrip;
let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let staffToken: string;
let versionId: string;
let waiverId: string;

type Person = { id: string; companionType: string | null; role: string };
let booking: { id: string; generation: number; people: Person[] };
let other: { id: string; generation: number; people: Person[] };

const call = (method: "POST" | "PUT", url: string, body: unknown, options: { token?: string; language?: string } = {}) =>
  api.app.request(url, {
    method,
    headers: {
      "content-type": "application/json",
      "accept-language": options.language ?? "en",
      "user-agent": "waiver-test",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify(body),
  });

const texts = {
  name: "Track day waiver",
  title: { en: "Liability waiver", de: "Haftungsverzicht" },
  body: { en: "I drive at my own risk.\n\nThe organiser is not liable for damage I cause.", de: "Ich fahre auf eigene Gefahr.\n\nDer Veranstalter haftet nicht für Schäden, die ich verursache." },
};
const signature = (extra: Record<string, unknown> = {}) => ({ version_id: versionId, full_name: "Test Buyer", date_of_birth: "1990-04-01", agreed: true, ...extra });
const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

async function makeBooking(companions: ("driver" | "co_driver" | "non_playing")[]) {
  const { bookingId } = await createHeldCardBooking(database.db, eventId, { companions });
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const people = await database.db.select({ id: participants.id, companionType: participants.companionType, role: participants.role }).from(participants).where(eq(participants.bookingId, bookingId)).orderBy(participants.position);
  return { id: bookingId, generation: row?.manageLinkGeneration ?? 0, people };
}
const personOf = (of: typeof booking, index: number) => {
  const person = of.people[index];
  if (!person) throw new Error(`no person ${index}`);
  return person;
};
const signLink = (of: typeof booking, index: number) => `/api/waivers/${waiverLinkToken(secret, personOf(of, index).id, of.generation)}`;
const manageLink = (of: typeof booking) => manageLinkToken(secret, { id: of.id, manageLinkGeneration: of.generation });

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, "whsec_sandbox_test_secret_of_enough_length");
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, eventId));
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  booking = await makeBooking(["co_driver", "non_playing"]);
  other = await makeBooking(["driver"]);
});
afterAll(async () => {
  await database.close();
});

describe("waiver texts and an event's waiver", () => {
  it("staff write a text (version 1) and attach it for drivers and co-drivers, both audited", async () => {
    const saved = await call("POST", "/api/staff/waivers", texts, { token: staffToken });
    expect(saved.status).toBe(201);
    const { data } = (await saved.json()) as { data: { waiverId: string; versionId: string; version: number } };
    expect(data.version).toBe(1);
    ({ waiverId, versionId } = data);
    const attached = await call("PUT", `/api/staff/events/${eventId}/waiver`, { waiver_id: waiverId, person_types: ["co_driver", "main", "driver"] }, { token: staffToken });
    expect(attached.status).toBe(204);
    const audit = await database.db.select({ action: staffAuditLog.action }).from(staffAuditLog);
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(["waiver_text_saved", "event_waiver_set"]));
  });

  it("refuses a customer and an anonymous caller, changing nothing", async () => {
    const customer = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
    const before = await snapshotDatabase(database.db);
    expect((await call("POST", "/api/staff/waivers", texts, { token: customer })).status).toBe(403);
    expect((await call("POST", "/api/staff/waivers", texts)).status).toBe(401);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});

describe("signing a waiver", () => {
  it("stores the main participant's drawn signature through their sign link: name, birth date, image, time, address and the text's SHA-256", async () => {
    const response = await call("POST", signLink(booking, 0), signature({ signature_png: png }), { language: "de" });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { method: string; text_hash: string } };
    expect(data.method).toBe("drawn");
    // Signed on the German page: the hash is the German text's, exactly as printed.
    expect(data.text_hash).toBe(createHash("sha256").update(`${texts.title.de}\n\n${texts.body.de}`).digest("hex"));
    const [stored] = await database.db.select().from(waiverSignatures).where(eq(waiverSignatures.participantId, personOf(booking, 0).id));
    expect(stored).toMatchObject({ method: "drawn", fullName: "Test Buyer", dateOfBirth: "1990-04-01", signaturePng: png, locale: "de", versionId, userAgent: "waiver-test" });
    expect(stored?.ipAddress).toBeTruthy();
    const trail = await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(trail.some((row) => row.details?.action === "waiver_signed")).toBe(true);
  });

  it("refuses a second signature of the same person, in the caller's language, changing nothing", async () => {
    const before = await snapshotDatabase(database.db);
    const again = await call("POST", signLink(booking, 0), signature(), { language: "de" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe("Diese Person hat den Haftungsverzicht bereits unterschrieben. Es wurde nichts geändert.");
    const throughManage = await call("POST", `/api/booking/manage/${manageLink(booking)}/waivers/${personOf(booking, 0).id}`, signature());
    expect(throughManage.status).toBe(409);
    expect(((await throughManage.json()) as { message: string }).message).toBe("This person has signed the waiver already. Nothing was changed.");
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("refuses signing for a person of another booking through a manage link, and a wrong or altered sign link, changing nothing", async () => {
    const before = await snapshotDatabase(database.db);
    const foreign = await call("POST", `/api/booking/manage/${manageLink(booking)}/waivers/${personOf(other, 0).id}`, signature(), { language: "de" });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { message: string }).message).toContain("Dieser Link zum Haftungsverzicht ist nicht gültig");
    // Another booking's person id under this person's MAC.
    const altered = signLink(booking, 1).replace(personOf(booking, 1).id, personOf(other, 0).id);
    const wrong = await call("POST", altered, signature());
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as { message: string }).message).toContain("This waiver link is not valid");
    expect((await call("POST", "/api/waivers/not-a-token-at-all", signature())).status).toBe(404);
    // A revoked generation is gone.
    const revoked = `/api/waivers/${waiverLinkToken(secret, personOf(booking, 1).id, booking.generation + 1)}`;
    expect((await call("POST", revoked, signature())).status).toBe(404);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("refuses a spectator (not asked), a missing tick, and a text changed since the page was read, changing nothing", async () => {
    const before = await snapshotDatabase(database.db);
    const spectator = await call("POST", signLink(booking, 2), signature());
    expect(spectator.status).toBe(409);
    expect(((await spectator.json()) as { message: string }).message).toBe("This event asks no waiver of this person.");
    expect((await call("POST", signLink(booking, 1), { ...signature(), agreed: false })).status).toBe(422);
    expect((await call("POST", signLink(booking, 1), signature({ date_of_birth: "2999-01-01" }))).status).toBe(422);
    expect((await call("POST", signLink(booking, 1), signature({ signature_png: "data:image/svg+xml;base64,AAAA" }))).status).toBe(422);
    expect(await snapshotDatabase(database.db)).toEqual(before);
    // A new version: the old version's id is refused; signing the new one works and keeps the first signature's version.
    const newer = await call("POST", "/api/staff/waivers", { ...texts, waiver_id: waiverId, body: { en: `${texts.body.en} Version two.`, de: `${texts.body.de} Fassung zwei.` } }, { token: staffToken });
    const { data } = (await newer.json()) as { data: { versionId: string; version: number } };
    expect(data.version).toBe(2);
    const stale = await call("POST", signLink(booking, 1), signature());
    expect(stale.status).toBe(409);
    const ticked = await call("POST", `/api/booking/manage/${manageLink(booking)}/waivers/${personOf(booking, 1).id}`, signature({ version_id: data.versionId, full_name: "Guest No 1" }));
    expect(ticked.status).toBe(201);
    const rows = await database.db.select().from(waiverSignatures).where(eq(waiverSignatures.bookingId, booking.id));
    expect(rows.map((row) => [row.method, row.versionId === versionId ? 1 : 2]).sort()).toEqual([
      ["drawn", 1],
      ["ticked", 2],
    ]);
  });
});

describe("a paper waiver", () => {
  it("staff record one for a driver of another booking: stored as paper with who recorded it, in the booking's trail and the staff audit log", async () => {
    const response = await call("POST", `/api/staff/bookings/${other.id}/waivers/paper`, { participant_id: personOf(other, 1).id, full_name: "Guest No 1" }, { token: staffToken });
    expect(response.status).toBe(201);
    const [row] = await database.db.select().from(waiverSignatures).where(eq(waiverSignatures.participantId, personOf(other, 1).id));
    expect(row).toMatchObject({ method: "paper", recordedBy: demoAccounts.staff.email, signaturePng: null });
    const audit = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "paper_waiver_recorded"));
    expect(audit).toHaveLength(1);
    const trail = await database.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, other.id)));
    expect(trail.some((entry) => entry.details?.action === "paper_waiver_recorded")).toBe(true);
  });

  it("refuses a second one, and a person of another booking, changing nothing", async () => {
    const before = await snapshotDatabase(database.db);
    const again = await call("POST", `/api/staff/bookings/${other.id}/waivers/paper`, { participant_id: personOf(other, 1).id, full_name: "Guest No 1" }, { token: staffToken, language: "de" });
    expect(again.status).toBe(409);
    const foreign = await call("POST", `/api/staff/bookings/${other.id}/waivers/paper`, { participant_id: personOf(booking, 2).id, full_name: "Guest No 2" }, { token: staffToken });
    expect(foreign.status).toBe(404);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});

describe("reminders for missing waivers", () => {
  it("7 days before the event mails each booking with a missing waiver once, listing whose with their own links, and schedules the next day", async () => {
    const [event] = await database.db.select({ startsOn: events.startsOn }).from(events).where(eq(events.id, eventId));
    if (!event) throw new Error("no event");
    const weekBefore = new Date(Date.parse(`${event.startsOn}T08:00:00Z`) - 7 * 86_400_000);
    const reminders = () => database.db.select().from(outboxEmails).where(eq(outboxEmails.template, "waiver-reminder"));
    const run = api.services.jobs[waiverRemindersJob];
    await run({}, weekBefore);
    // `booking`: everyone asked has signed; `other`: its main participant has not (the co-driver's paper waiver counts).
    const sent = await reminders();
    expect(sent.map((mail) => mail.bookingId)).toEqual([other.id]);
    const payload = sent[0]?.payload as { people: { name: string; url: string }[] };
    expect(payload.people.map((person) => person.name)).toEqual(["Test Buyer"]);
    expect(payload.people[0]?.url).toContain(`/waiver/${waiverLinkToken(secret, personOf(other, 0).id, other.generation)}`);
    // Run again the same day (a retry after a crash): no second mail.
    await run({}, weekBefore);
    expect(await reminders()).toHaveLength(1);
    // A day without a reminder sends nothing.
    await run({}, new Date(weekBefore.getTime() + 86_400_000));
    expect(await reminders()).toHaveLength(1);
    const next = await database.db.select({ runAt: jobs.runAt }).from(jobs).where(eq(jobs.kind, waiverRemindersJob));
    expect(next.map((job) => job.runAt.toISOString())).toContain(new Date(Date.parse(`${event.startsOn}T07:00:00Z`) - 6 * 86_400_000).toISOString());
  });
});
