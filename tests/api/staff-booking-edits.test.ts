import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingEditView } from "../../core/contracts/staff-booking-edits";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, invoices, outboxEmails, participants } from "../../server/db/schema";
import { issueInvoice } from "../../server/invoices/issue-invoice";
import { seedIds } from "../../server/db/seed";
import { createSandboxTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createHeldCardBooking } from "../support/factories";
import { expectMatrixStatus, staffCallerHeaders, staffCallers, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * Staff edit a submitted booking's answers and companions (docs/decisions/032) over the API, on
 * PGlite and on PostgreSQL: who may call, validation by the form's kind registry (nothing saved on an
 * error), the version check, places and price when a companion comes or goes, the audit row and mail.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let headers: Record<StaffCaller, Record<string, string>>;
const eventId = seedIds.events.golfYogaTrip;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, "whsec_sandbox_test_secret_of_enough_length");
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, eventId));
  headers = await staffCallerHeaders(api);
});
afterAll(async () => {
  await database.close();
});

const request = (method: "GET" | "PUT" | "POST" | "DELETE", path: string, body?: unknown, caller: StaffCaller = "staff", locale = "en") =>
  api.app.request(path, {
    method,
    headers: { "content-type": "application/json", "accept-language": locale, ...headers[caller] },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function heldBooking(locale: "en" | "de" = "de") {
  const { bookingId } = await createHeldCardBooking(database.db, eventId, { companions: ["non_playing"] });
  await database.db.update(bookings).set({ locale, status: "confirmed", holdExpiresAt: null }).where(eq(bookings.id, bookingId));
  return bookingId;
}
async function viewOf(bookingId: string): Promise<BookingEditView> {
  const response = await request("GET", `/api/staff/bookings/${bookingId}/answers`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: BookingEditView }).data;
}
const itemNamed = (view: BookingEditView, name: string) => {
  const found = view.items.find((entry) => entry.item.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found.item;
};
async function row(bookingId: string) {
  const [found] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!found) throw new Error("no booking");
  return found;
}
const peopleOf = (bookingId: string) =>
  database.db.select().from(participants).where(eq(participants.bookingId, bookingId)).orderBy(asc(participants.position));
const mailsOf = (bookingId: string) =>
  database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.bookingId, bookingId), eq(outboxEmails.template, "booking-details-changed")));
const auditOf = (bookingId: string) => database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id));
const placesTaken = async () => (await database.db.select({ taken: events.placesTaken }).from(events).where(eq(events.id, eventId)))[0]?.taken ?? -1;

describe("who may edit", () => {
  for (const { caller, expected } of staffCallers) {
    it(`${caller}: read ${expected}, edit, add and remove companions`, async () => {
      const bookingId = await heldBooking();
      const { version, companions } = await viewOf(bookingId);
      expectMatrixStatus(await request("GET", `/api/staff/bookings/${bookingId}/answers`, undefined, caller), expected, 200);
      expectMatrixStatus(await request("PUT", `/api/staff/bookings/${bookingId}/answers`, { version, answers: {} }, caller), expected, 200);
      const add = await request(
        "POST",
        `/api/staff/bookings/${bookingId}/companions`,
        { version, type: "non_playing", forename: "Max", surname: "Muster" },
        caller,
      );
      expectMatrixStatus(add, expected, 200);
      const next = expected === "allowed" ? version + 1 : version;
      const removed = await request("DELETE", `/api/staff/bookings/${bookingId}/companions/${companions[0]?.uuid}?version=${next}`, undefined, caller);
      expectMatrixStatus(removed, expected, 200);
    });
  }
});

describe("editing answers", () => {
  it("saves a corrected answer and a companion's name in one step: main participant, audit row naming the staff member, mail", async () => {
    const bookingId = await heldBooking("de");
    const view = await viewOf(bookingId);
    const forename = itemNamed(view, "main.forename");
    const companion = view.companions[0];
    if (!companion) throw new Error("no companion");
    const response = await request("PUT", `/api/staff/bookings/${bookingId}/answers`, {
      version: view.version,
      answers: { [forename.uuid]: "Annegret" },
      companions: [{ uuid: companion.uuid, type: "non_playing", forename: "Maximilian", surname: companion.surname ?? "X" }],
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { data: BookingEditView & { changes: { label: string; from: string; to: string }[] } };
    expect(answer.data.version).toBe(view.version + 1);
    expect(answer.data.changes.map((change) => change.to)).toEqual(["Annegret", "Maximilian"]);
    const people = await peopleOf(bookingId);
    expect(people.find((person) => person.role === "main")?.forename).toBe("Annegret");
    expect(people.find((person) => person.id === companion.uuid)?.forename).toBe("Maximilian");
    const audit = (await auditOf(bookingId)).at(-1);
    expect(audit?.details).toMatchObject({ action: "details_edited_by_staff", staffEmail: expect.stringContaining("@") });
    expect(audit?.cause).toContain("Guest → Maximilian");
    const [mail] = await mailsOf(bookingId);
    expect(mail?.locale).toBe("de");
    expect(JSON.stringify(mail?.payload)).toContain("Maximilian");
  });

  it("keeps the invoice when an edit changes nothing it says, and corrects it when the addressee changes (issue 28)", async () => {
    const bookingId = await heldBooking("en");
    await issueInvoice(database.db, await row(bookingId), new Date());
    const documents = () => database.db.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(asc(invoices.number));
    const view = await viewOf(bookingId);
    const companion = view.companions[0];
    if (!companion) throw new Error("no companion");
    // A companion's name is not on the invoice: it stays as issued (its snapshot read back from jsonb says the same).
    const renamed = await request("PUT", `/api/staff/bookings/${bookingId}/answers`, {
      version: view.version,
      answers: {},
      companions: [{ uuid: companion.uuid, type: "non_playing", forename: "Maximilian", surname: companion.surname ?? "X" }],
    });
    expect(renamed.status).toBe(200);
    expect((await documents()).map((document) => document.kind)).toEqual(["invoice"]);
    // The main participant is the addressee: the invoice is cancelled and issued again to the new name, same total.
    const next = await viewOf(bookingId);
    const surname = itemNamed(next, "main.surname");
    expect((await request("PUT", `/api/staff/bookings/${bookingId}/answers`, { version: next.version, answers: { [surname.uuid]: "Brandt" } })).status).toBe(
      200,
    );
    const after = await documents();
    expect(after.map((document) => [document.kind, document.totalCents])).toEqual([
      ["invoice", after[0]?.totalCents],
      ["cancellation", after[0]?.totalCents],
      ["invoice", after[0]?.totalCents],
    ]);
    expect((after[2]?.data as { customer: { name: string } }).customer.name).toContain("Brandt");
    const [corrected] = await database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.bookingId, bookingId), eq(outboxEmails.template, "invoice-corrected")));
    expect(corrected?.locale).toBe("en");
  });

  it("answers every invalid field in the caller's language and changes nothing", async () => {
    const bookingId = await heldBooking();
    const view = await viewOf(bookingId);
    const email = itemNamed(view, "main.email");
    const companion = view.companions[0];
    const before = await snapshotDatabase(database.db);
    const response = await request(
      "PUT",
      `/api/staff/bookings/${bookingId}/answers`,
      {
        version: view.version,
        answers: { [email.uuid]: "not an address", "00000000-0000-4000-8000-000000000000": "x" },
        companions: [{ uuid: companion?.uuid, type: "non_playing", forename: " ", surname: "Muster" }],
      },
      "staff",
      "de",
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]>; participant_errors: Record<string, Record<string, string[]>> };
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining([email.uuid, "00000000-0000-4000-8000-000000000000"]));
    expect(body.participant_errors[companion?.uuid ?? ""]?.forename?.[0]).toMatch(/[a-zäöü]/i);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("refuses an edit made from an older version (409) and changes nothing", async () => {
    const bookingId = await heldBooking();
    const view = await viewOf(bookingId);
    const forename = itemNamed(view, "main.forename");
    expect((await request("PUT", `/api/staff/bookings/${bookingId}/answers`, { version: view.version, answers: { [forename.uuid]: "First" } })).status).toBe(
      200,
    );
    const before = await snapshotDatabase(database.db);
    const stale = await request("PUT", `/api/staff/bookings/${bookingId}/answers`, { version: view.version, answers: { [forename.uuid]: "Second" } });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { reason: string }).reason).toBe("stale_version");
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("refuses edits of a cancelled booking", async () => {
    const bookingId = await heldBooking();
    const view = await viewOf(bookingId);
    await database.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, bookingId));
    expect((await viewOf(bookingId)).editable).toBe(false);
    expect((await request("PUT", `/api/staff/bookings/${bookingId}/answers`, { version: view.version, answers: {} })).status).toBe(409);
    expect(
      (await request("POST", `/api/staff/bookings/${bookingId}/companions`, { version: view.version, type: "non_playing", forename: "A", surname: "B" }))
        .status,
    ).toBe(409);
  });
});

describe("companions", () => {
  it("adding one takes a place and raises the price; removing it frees the place and lowers it again", async () => {
    const bookingId = await heldBooking("en");
    const view = await viewOf(bookingId);
    const before = await row(bookingId);
    const taken = await placesTaken();
    const added = await request("POST", `/api/staff/bookings/${bookingId}/companions`, {
      version: view.version,
      type: "golf_playing",
      forename: "Max",
      surname: "Muster",
    });
    expect(added.status).toBe(200);
    const afterAdd = await row(bookingId);
    expect(afterAdd.placesHeld).toBe(before.placesHeld + 1);
    expect(await placesTaken()).toBe(taken + 1);
    expect(afterAdd.totalCents).toBeGreaterThan(before.totalCents);
    const data = ((await added.json()) as { data: BookingEditView }).data;
    const max = data.companions.find((companion) => companion.forename === "Max");
    const removed = await request("DELETE", `/api/staff/bookings/${bookingId}/companions/${max?.uuid}?version=${data.version}`);
    expect(removed.status).toBe(200);
    const afterRemove = await row(bookingId);
    expect(afterRemove.placesHeld).toBe(before.placesHeld);
    expect(await placesTaken()).toBe(taken);
    expect(afterRemove.totalCents).toBe(before.totalCents);
    expect((await auditOf(bookingId)).map((entry) => entry.details?.action)).toEqual(
      expect.arrayContaining(["companion_added_by_staff", "companion_removed_by_staff"]),
    );
    // Corrections within a few minutes are one mail (issue 32): the total went back, so only the companion lines stay.
    const mails = await mailsOf(bookingId);
    expect(mails).toHaveLength(1);
    expect((mails[0]?.payload as { changes: { label: string }[] }).changes.map((change) => change.label)).toEqual(["Companion added", "Companion removed"]);
  });

  it("refuses to add a companion when the event is full, and changes nothing", async () => {
    const bookingId = await heldBooking();
    const view = await viewOf(bookingId);
    const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
    await database.db
      .update(events)
      .set({ capacity: event?.placesTaken ?? 0 })
      .where(eq(events.id, eventId));
    try {
      const before = await snapshotDatabase(database.db);
      const response = await request("POST", `/api/staff/bookings/${bookingId}/companions`, {
        version: view.version,
        type: "non_playing",
        forename: "Max",
        surname: "Muster",
      });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { message: string }).message).toMatch(/fully booked/);
      expect(await snapshotDatabase(database.db)).toEqual(before);
    } finally {
      await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, eventId));
    }
  });

  it("refuses a companion beyond the form's maximum", async () => {
    const bookingId = await heldBooking();
    let version = (await viewOf(bookingId)).version;
    for (let index = 0; index < 2; index++) {
      const response = await request("POST", `/api/staff/bookings/${bookingId}/companions`, {
        version,
        type: "non_playing",
        forename: `Extra${index}`,
        surname: "X",
      });
      expect(response.status).toBe(200);
      version += 1;
    }
    const refused = await request("POST", `/api/staff/bookings/${bookingId}/companions`, { version, type: "non_playing", forename: "Too", surname: "Many" });
    expect(refused.status).toBe(409);
    expect((await peopleOf(bookingId)).length).toBe(4);
  });
});
