import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { callAttemptResponseSchema, callBacksResponseSchema, type CallBack } from "../../core/contracts/staff-call-backs";
import type { BookingStatus } from "../../core/domain/booking-status";
import { insertDemoEventCopy } from "../../server/db/demo";
import type { DatabaseHandle } from "../../server/db/client";
import { siteSettings } from "../../server/db/factories/site";
import { bookingEvents, bookings, callBackAttempts, events, formItems, formPages, participants, users } from "../../server/db/schema";
import { demoAccounts } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { expectMatrixStatus, staffCallerHeaders, staffCallers, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * The call-back queue (issue 13; decision 031): `GET api/staff/call-backs` lists the SMA requests
 * staff have not decided, the oldest first, with the phone as typed and in E.164; `POST
 * api/staff/bookings/{uuid}/call-attempts` notes an attempt with the staff member and an audit row,
 * only on a pending request; a refused call changes nothing; the queue's verify call decides it.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let headers: Record<StaffCaller, Record<string, string>>;
let eventId: string;
let formId: string;
let staffId: string;
const now = new Date();
/** The services' clock: moved on by a test where the order of two writes matters. */
let clock = now.getTime();
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database, { now: () => new Date(clock) });
  headers = await staffCallerHeaders(api);
  const copy = await database.db.transaction((tx) => insertDemoEventCopy(tx, "golfYogaTrip", now, siteSettings));
  eventId = copy.eventId;
  formId = copy.formId;
  const [staff] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demoAccounts.staff.email));
  staffId = staff?.id ?? "";
});
afterAll(async () => {
  await database.close();
});

async function itemId(name: string): Promise<string> {
  const [item] = await database.db
    .select({ id: formItems.id })
    .from(formItems)
    .innerJoin(formPages, eq(formPages.id, formItems.pageId))
    .where(and(eq(formPages.formId, formId), eq(formItems.name, name)));
  if (!item) throw new Error(`no item ${name}`);
  return item.id;
}

/** A submitted booking of the test's event with its main participant and companions, as the engine leaves it. */
async function insertBooking(input: {
  status: BookingStatus;
  sma: "requested" | "verified" | "none";
  submittedAt: Date;
  phone: string | null;
  companions?: ("golf_playing" | "non_playing")[];
  paymentChoice?: "invoice" | "credit_card";
  comments?: string;
}): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  const code = `CB-${id.slice(0, 6).toUpperCase()}`;
  const companions = input.companions ?? [];
  const places = 1 + companions.length;
  await database.db.insert(bookings).values({
    id,
    code,
    formId,
    eventId,
    tokenHash: randomUUID(),
    status: input.status,
    locale: "de",
    paymentOption: input.sma === "none" ? "credit_card" : "sma",
    smaStatus: input.sma,
    smaBlocking: input.sma === "requested",
    answers: input.paymentChoice ? { [await itemId("payment_option")]: input.paymentChoice } : {},
    additionalComments: input.comments ?? null,
    placesHeld: places,
    totalCents: 10_800 * places,
    depositCents: 2_700 * places,
    remainderCents: 8_100 * places,
    submittedAt: input.submittedAt,
  });
  await database.db
    .insert(participants)
    .values([
      {
        bookingId: id,
        role: "main",
        position: 0,
        forename: "Lena",
        surname: `Berger ${code}`,
        email: `${code.toLowerCase()}@example.com`,
        phone: input.phone,
        country: "DE",
      },
      ...companions.map((companionType, index) => ({
        bookingId: id,
        role: "companion" as const,
        companionType,
        position: index + 1,
        forename: "Guest",
        surname: `${index}`,
      })),
    ]);
  await database.db
    .update(events)
    .set({ placesTaken: sql`${events.placesTaken} + ${places}` })
    .where(eq(events.id, eventId));
  return { id, code };
}

const post = (path: string, body: unknown, extra: Record<string, string>) =>
  api.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...extra },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const attemptPath = (bookingId: string) => `/api/staff/bookings/${bookingId}/call-attempts`;

async function queue(locale: "en" | "de" = "en"): Promise<CallBack[]> {
  const response = await api.get("/api/staff/call-backs", { ...headers.staff, "accept-language": locale });
  expect(response.status, await response.clone().text()).toBe(200);
  return callBacksResponseSchema.parse(await response.json()).data;
}

const auditOf = (bookingId: string) => database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id));

describe("the call-back queue", () => {
  let national: { id: string; code: string };
  let international: { id: string; code: string };
  let unreadable: { id: string; code: string };
  let decided: { id: string; code: string };
  let cardBooking: { id: string; code: string };

  beforeAll(async () => {
    national = await insertBooking({
      status: "in_review",
      sma: "requested",
      submittedAt: hoursAgo(2),
      phone: "089 4521 7730",
      companions: ["golf_playing", "non_playing", "non_playing"],
      paymentChoice: "invoice",
      comments: "Bitte nachmittags anrufen.",
    });
    international = await insertBooking({ status: "in_review", sma: "requested", submittedAt: hoursAgo(5), phone: "+44 20 7946 0958" });
    unreadable = await insertBooking({ status: "in_review", sma: "requested", submittedAt: hoursAgo(1), phone: "12" });
    decided = await insertBooking({ status: "confirmed", sma: "verified", submittedAt: hoursAgo(9), phone: "+49 89 1" });
    cardBooking = await insertBooking({ status: "submitted", sma: "none", submittedAt: hoursAgo(8), phone: "+49 89 4521 7730" });
  });

  it("lists the pending requests oldest first, with the phone for a tel: link and the booking's summary", async () => {
    const list = await queue();
    expect(list.map((entry) => entry.booking_uuid)).toEqual([international.id, national.id, unreadable.id]);
    const [first, second, third] = list;
    expect(first?.main_participant).toMatchObject({ phone: "+44 20 7946 0958", phone_e164: "+442079460958" });
    expect(second).toEqual({
      booking_uuid: national.id,
      code: national.code,
      locale: "de",
      event: { uuid: eventId, title: "Golf & Yoga Retreat on Koh Samui", starts_on: expect.any(String) },
      submitted_at: hoursAgo(2).toISOString(),
      main_participant: {
        name: `Lena Berger ${national.code}`,
        phone: "089 4521 7730",
        phone_e164: "+498945217730",
        email: `${national.code.toLowerCase()}@example.com`,
      },
      places: 4,
      total_cents: 43_200,
      deposit_cents: 10_800,
      summary: {
        companions: { count: 3, by_type: { golf_playing: 1, non_playing: 2 } },
        payment_option: "sma",
        payment_choice: "invoice",
        additional_comments: "Bitte nachmittags anrufen.",
      },
      attempts: [],
      actions: {
        record_attempt: { method: "POST", path: `/api/staff/bookings/${national.id}/call-attempts` },
        verify: { method: "POST", path: `/api/staff/bookings/${national.id}/sma/verify` },
        reject: { method: "POST", path: `/api/staff/bookings/${national.id}/sma/reject` },
      },
    });
    expect(third?.main_participant).toMatchObject({ phone: "12", phone_e164: null });
    expect(list.map((entry) => entry.booking_uuid)).not.toContain(decided.id);
    expect(list.map((entry) => entry.booking_uuid)).not.toContain(cardBooking.id);
  });

  it("answers the event's title in the caller's language", async () => {
    expect((await queue("de"))[0]?.event.title).toBe("Golf- & Yoga-Retreat auf Koh Samui");
  });

  it("records call attempts with the staff member, the time and an audit row; the queue shows them in order", async () => {
    const statusBefore = (await database.db.select().from(bookings).where(eq(bookings.id, national.id)))[0];
    const first = await post(attemptPath(national.id), { outcome: "no_answer" }, headers.staff);
    expect(first.status, await first.clone().text()).toBe(201);
    clock += 60_000;
    const second = await post(attemptPath(national.id), { outcome: "reached", note: "  Spoke to her; wants to pay by invoice.  " }, headers.staff);
    expect(second.status).toBe(201);
    const recorded = callAttemptResponseSchema.parse(await second.json()).data;
    expect(recorded).toMatchObject({
      outcome: "reached",
      note: "Spoke to her; wants to pay by invoice.",
      staff: { id: staffId, email: demoAccounts.staff.email },
      at: new Date(clock).toISOString(),
    });

    const entry = (await queue()).find((candidate) => candidate.booking_uuid === national.id);
    expect(entry?.attempts.map((attempt) => [attempt.outcome, attempt.note, attempt.staff.email])).toEqual([
      ["no_answer", null, demoAccounts.staff.email],
      ["reached", "Spoke to her; wants to pay by invoice.", demoAccounts.staff.email],
    ]);
    expect(entry?.attempts[1]?.uuid).toBe(recorded.uuid);

    const audit = (await auditOf(national.id)).filter((row) => row.details?.action === "call_back_attempt_recorded");
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      subject: "booking",
      fromStatus: "in_review",
      toStatus: "in_review",
      cause: `call-back attempt (reached) by staff ${demoAccounts.staff.email}`,
      details: { action: "call_back_attempt_recorded", attemptId: recorded.uuid, outcome: "reached", staffId, staffEmail: demoAccounts.staff.email },
    });
    // Noting an attempt decides nothing.
    expect((await database.db.select().from(bookings).where(eq(bookings.id, national.id)))[0]).toEqual(statusBefore);
  });

  it("refuses an attempt on a decided request, a booking without one, a bad outcome, a long note and an unknown booking, changing nothing", async () => {
    const snapshot = await snapshotDatabase(database.db);
    for (const booking of [decided, cardBooking]) {
      const refused = await post(attemptPath(booking.id), { outcome: "reached" }, { ...headers.staff, "accept-language": "de" });
      expect(refused.status).toBe(409);
      expect(errorResponseSchema.parse(await refused.json())).toMatchObject({
        code: "CONFLICT",
        message: "Anrufversuche können nur zu einer Buchungsanfrage notiert werden, über die noch nicht entschieden wurde.",
      });
    }
    const messages: Record<string, string> = {};
    for (const locale of ["en", "de"] as const) {
      const bad = await post(attemptPath(national.id), { outcome: "maybe" }, { ...headers.staff, "accept-language": locale });
      expect(bad.status).toBe(422);
      const body = errorResponseSchema.parse(await bad.json());
      expect(body.code).toBe("VALIDATION_FAILED");
      messages[locale] = body.errors?.outcome?.[0] ?? "";
      expect(messages[locale]).not.toBe("");
    }
    expect(messages.de).not.toBe(messages.en);
    const long = await post(attemptPath(national.id), { outcome: "reached", note: "x".repeat(2001) }, headers.staff);
    expect(long.status).toBe(422);
    expect(errorResponseSchema.parse(await long.json()).errors?.note).toHaveLength(1);
    expect((await post(attemptPath(national.id), { outcome: "reached", extra: true }, headers.staff)).status).toBe(422);
    expect((await post(attemptPath(national.id), "{not json", headers.staff)).status).toBe(400);
    const unknown = await post(attemptPath(randomUUID()), { outcome: "reached" }, headers.staff);
    expect(unknown.status).toBe(404);
    expect(errorResponseSchema.parse(await unknown.json()).code).toBe("NOT_FOUND");
    expect(await snapshotDatabase(database.db)).toEqual(snapshot);
  });

  it("decides a request through the queue's verify call; it leaves the queue and takes no more attempts", async () => {
    const entry = (await queue()).find((candidate) => candidate.booking_uuid === international.id);
    if (!entry) throw new Error("not queued");
    const verified = await post(entry.actions.verify.path, { note: "Called back." }, headers.staff);
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect((await queue()).map((candidate) => candidate.booking_uuid)).toEqual([national.id, unreadable.id]);
    expect((await post(entry.actions.record_attempt.path, { outcome: "reached" }, headers.staff)).status).toBe(409);
  });

  it("answers every call anonymous 401 and customers 403, staff allowed; refused calls change nothing", async () => {
    for (const row of staffCallers) {
      const snapshot = await snapshotDatabase(database.db);
      expectMatrixStatus(await api.get("/api/staff/call-backs", headers[row.caller]), row.expected, 200);
      const attempt = await post(attemptPath(unreadable.id), { outcome: "wrong_number" }, headers[row.caller]);
      expectMatrixStatus(attempt, row.expected, 201);
      if (row.expected !== "allowed") expect(await snapshotDatabase(database.db)).toEqual(snapshot);
    }
    const attempts = await database.db.select().from(callBackAttempts).where(eq(callBackAttempts.bookingId, unreadable.id));
    expect(attempts.map((attempt) => attempt.staffEmail)).toEqual(staffCallers.filter((row) => row.expected === "allowed").map((row) => row.account?.email));
  });
});
