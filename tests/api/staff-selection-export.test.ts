import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { maximumExportBookings } from "../../core/contracts/staff-exports";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, events, participants, staffAuditLog } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { createDraftBooking, createHeldCardBooking } from "../support/factories";
import { expectMatrixStatus, staffCallerHeaders, staffCallers, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * `POST api/staff/bookings/export` (decision 033): the people of chosen bookings of two events in one
 * CSV, in both dialects; audited; refused (and nothing audited) for an unknown id, a draft, bad ids and
 * too many; the authorization matrix.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let headers: Record<StaffCaller, Record<string, string>>;
const chosen: string[] = [];
const codes: string[] = [];
const people: string[] = [];

const exportCall = (body: unknown, caller: StaffCaller = "staff", language = "en") =>
  api.app.request("/api/staff/bookings/export", {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": language, ...headers[caller] },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  headers = await staffCallerHeaders(api);
  const { db } = database;
  await db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
  // Two bookings of two events: a party of three on the track day, a party of two on the golf trip.
  const trackDay = await createHeldCardBooking(db, seedIds.events.trackDayTwoDays, { companions: ["driver", "co_driver"] });
  const golf = await createHeldCardBooking(db, seedIds.events.golfYogaTrip, { companions: ["non_playing"] });
  for (const [index, bookingId] of [trackDay.bookingId, golf.bookingId].entries()) {
    chosen.push(bookingId);
    const [row] = await db.select({ code: bookings.code }).from(bookings).where(eq(bookings.id, bookingId));
    codes.push(row?.code ?? "");
    const party = await db.select().from(participants).where(eq(participants.bookingId, bookingId)).orderBy(participants.position);
    for (const [position, person] of party.entries()) {
      const surname = `Person${index}x${position}`;
      await db.update(participants).set({ surname }).where(eq(participants.id, person.id));
      people.push(surname);
    }
  }
});
afterAll(async () => {
  await database.close();
});

const lastAudit = async () => (await database.db.select().from(staffAuditLog).orderBy(desc(staffAuditLog.id)).limit(1))[0];

describe("POST api/staff/bookings/export", () => {
  it("answers a comma CSV with every person of both bookings, one line each, and audits who exported which bookings", async () => {
    const response = await exportCall({ booking_uuids: chosen });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="selected-bookings-\d{4}-\d{2}-\d{2}\.csv"/u);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Event,Dates,Name,Type,Booking code,Status,Paid,Outstanding,E-mail,Phone,Answers,Booked per day$/u);
    expect(lines).toHaveLength(1 + people.length);
    for (const surname of people) expect(lines.filter((line) => line.includes(surname))).toHaveLength(1);
    for (const code of codes) expect(lines.filter((line) => line.includes(code))).toHaveLength(code === codes[0] ? 3 : 2);
    const audit = await lastAudit();
    expect(audit?.action).toBe("bookings_exported");
    expect(audit?.actorEmail).toBeTruthy();
    expect(audit?.actorId).toBeTruthy();
    expect(audit?.details).toMatchObject({ booking_ids: expect.arrayContaining(chosen), dialect: "rfc4180" });
  });

  it("answers the German Excel dialect: BOM, semicolons, German headers", async () => {
    const response = await exportCall({ booking_uuids: chosen, dialect: "excel-de" }, "admin", "de");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("ausgewaehlte-buchungen-");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(lines[0]?.startsWith("Veranstaltung;Termin;Name;Art;Buchungscode;")).toBe(true);
    expect(lines).toHaveLength(1 + people.length);
  });

  it("names the same booking twice once", async () => {
    const response = await exportCall({ booking_uuids: [chosen[1], chosen[1]] });
    expect(response.status).toBe(200);
    expect((await response.text()).trimEnd().split("\r\n")).toHaveLength(3);
  });

  it("refuses an unknown id or a draft by naming it: nothing exported, nothing audited", async () => {
    const before = await lastAudit();
    const unknown = randomUUID();
    const draft = await createDraftBooking(database.db, seedIds.events.golfYogaTrip);
    for (const [language, wording] of [
      ["en", "not found"],
      ["de", "nicht gefunden"],
    ] as const) {
      const response = await exportCall({ booking_uuids: [...chosen, unknown, draft] }, "staff", language);
      expect(response.status).toBe(404);
      const answer = errorResponseSchema.parse(await response.json());
      expect(answer.code).toBe("NOT_FOUND");
      expect(answer.message).toContain(wording);
      expect(answer.message).toContain(unknown);
      expect(answer.message).toContain(draft);
      expect(answer.message).not.toContain(chosen[0]);
    }
    expect((await lastAudit())?.id).toBe(before?.id);
  });

  it("refuses bad bodies with a 4xx and changes nothing", async () => {
    const before = await lastAudit();
    const tooMany = Array.from({ length: maximumExportBookings + 1 }, () => randomUUID());
    for (const body of [
      {},
      { booking_uuids: [] },
      { booking_uuids: ["not-a-uuid"] },
      { booking_uuids: "nope" },
      { booking_uuids: tooMany },
      { booking_uuids: chosen, dialect: "tsv" },
      { booking_uuids: chosen, extra: true },
    ]) {
      const response = await exportCall(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(errorResponseSchema.safeParse(await response.json()).success).toBe(true);
    }
    expect((await lastAudit())?.id).toBe(before?.id);
  });

  it.each(staffCallers)("answers $caller with $expected", async ({ caller, expected }) => {
    const before = await lastAudit();
    const response = await exportCall({ booking_uuids: chosen }, caller);
    expectMatrixStatus(response, expected, 200);
    await response.arrayBuffer();
    if (expected !== "allowed") expect((await lastAudit())?.id).toBe(before?.id);
  });
});
