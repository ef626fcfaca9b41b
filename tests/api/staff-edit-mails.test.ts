import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingEditView } from "../../core/contracts/staff-booking-edits";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, outboxEmails, participants } from "../../server/db/schema";
import { parseEmailMessage } from "../../server/deps/email-messages";
import { renderEmail } from "../../server/email";
import { issueInvoice } from "../../server/invoices/issue-invoice";
import { seedIds } from "../../server/db/seed";
import { createSandboxTestApi } from "../support/api-client";
import { createHeldCardBooking } from "../support/factories";
import { staffCallerHeaders } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * Issue 32: every staff edit mailed the customer at once (three mails in a minute while correcting a
 * mistake). Staff choose whether to tell the customer, and edits within a few minutes are one mail;
 * the audit rows stay one per edit.
 */
let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let headers: Record<string, string>;
let clock = new Date("2026-11-29T09:00:00.000Z");
const eventId = seedIds.events.golfYogaTrip;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, "whsec_sandbox_test_secret_of_enough_length", { now: () => clock, editMailDelayMs: 5 * 60_000 });
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, eventId));
  headers = (await staffCallerHeaders(api)).staff;
});
afterAll(async () => {
  await database.close();
});

const request = (method: "GET" | "PUT" | "POST" | "DELETE", path: string, body?: unknown) =>
  api.app.request(path, {
    method,
    headers: { "content-type": "application/json", "accept-language": "en", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function confirmedBooking() {
  const { bookingId } = await createHeldCardBooking(database.db, eventId, { companions: ["non_playing"] });
  await database.db.update(bookings).set({ locale: "en", status: "confirmed", holdExpiresAt: null }).where(eq(bookings.id, bookingId));
  return bookingId;
}
async function viewOf(bookingId: string): Promise<BookingEditView> {
  return ((await (await request("GET", `/api/staff/bookings/${bookingId}/answers`)).json()) as { data: BookingEditView }).data;
}
async function rename(bookingId: string, forename: string, notify?: boolean) {
  const view = await viewOf(bookingId);
  const item = view.items.find((entry) => entry.item.name === "main.forename")?.item;
  if (!item) throw new Error("no forename item");
  const response = await request("PUT", `/api/staff/bookings/${bookingId}/answers`, {
    version: view.version,
    answers: { [item.uuid]: forename },
    ...(notify === undefined ? {} : { notify }),
  });
  expect(response.status).toBe(200);
}
const mailsOf = (bookingId: string) =>
  database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.bookingId, bookingId), eq(outboxEmails.template, "booking-details-changed")))
    .orderBy(asc(outboxEmails.createdAt));
const changesOf = (mail: { payload: unknown } | undefined) => (mail?.payload as { changes: { label: string; from: string; to: string }[] }).changes;
const auditOf = (bookingId: string) => database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id));
const minutes = (count: number) => count * 60_000;

describe("staff edits in a row are one mail", () => {
  it("three corrections within a few minutes: one mail, sent five minutes after the first, listing first before and last after", async () => {
    const bookingId = await confirmedBooking();
    const first = clock;
    await rename(bookingId, "Anne");
    clock = new Date(first.getTime() + minutes(1));
    await rename(bookingId, "Anna");
    clock = new Date(first.getTime() + minutes(2));
    await rename(bookingId, "Annegret");

    const mails = await mailsOf(bookingId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.nextAttemptAt.toISOString()).toBe(new Date(first.getTime() + minutes(5)).toISOString());
    const [change] = changesOf(mails[0]);
    expect(changesOf(mails[0])).toHaveLength(1);
    expect(change?.to).toBe("Annegret");
    expect(["Anne", "Anna"]).not.toContain(change?.from);
    const edits = (await auditOf(bookingId)).filter((entry) => entry.details?.action === "details_edited_by_staff");
    expect(edits).toHaveLength(3);

    // Once the mail is due (the worker may have it), a further edit starts a mail of its own.
    clock = new Date(first.getTime() + minutes(6));
    await rename(bookingId, "Anneliese");
    const after = await mailsOf(bookingId);
    expect(after).toHaveLength(2);
    expect(changesOf(after[1])).toEqual([expect.objectContaining({ from: "Annegret", to: "Anneliese" })]);
  });

  it("a correction undone before the mail went leaves nothing to tell", async () => {
    const bookingId = await confirmedBooking();
    await rename(bookingId, "Alpha");
    clock = new Date(clock.getTime() + minutes(6));
    await rename(bookingId, "Typo");
    clock = new Date(clock.getTime() + minutes(1));
    await rename(bookingId, "Alpha");
    // The first mail (→ Alpha) stands; the second run (Alpha → Typo → Alpha) changed nothing.
    const mails = await mailsOf(bookingId);
    expect(mails).toHaveLength(1);
    expect(changesOf(mails[0])?.[0]?.to).toBe("Alpha");
    expect((await auditOf(bookingId)).filter((entry) => entry.details?.action === "details_edited_by_staff")).toHaveLength(3);
  });
});

describe("staff choose whether the customer is told", () => {
  it("notify: false saves and audits the edit, and mails nothing; so does removing a companion with ?notify=false", async () => {
    const bookingId = await confirmedBooking();
    await rename(bookingId, "Quiet", false);
    const view = await viewOf(bookingId);
    const companion = view.companions[0];
    const removed = await request("DELETE", `/api/staff/bookings/${bookingId}/companions/${companion?.uuid}?version=${view.version}&notify=false`);
    expect(removed.status).toBe(200);
    const added = await request("POST", `/api/staff/bookings/${bookingId}/companions`, {
      version: view.version + 1,
      type: "non_playing",
      forename: "Silent",
      surname: "Guest",
      notify: false,
    });
    expect(added.status).toBe(200);
    expect(await mailsOf(bookingId)).toHaveLength(0);
    const audit = await auditOf(bookingId);
    expect(audit.map((entry) => entry.details?.action)).toEqual(
      expect.arrayContaining(["details_edited_by_staff", "companion_removed_by_staff", "companion_added_by_staff"]),
    );
  });
});

describe("booking mails greet with the salutation and title the booking holds (issue 32)", () => {
  for (const [locale, greeting] of [
    ["de", "Guten Tag Herr Dr. Hofmann,"],
    ["en", "Hello Dr. Hofmann,"],
  ] as const) {
    it(`${locale}: ${greeting}`, async () => {
      const bookingId = await confirmedBooking();
      await database.db.update(bookings).set({ locale }).where(eq(bookings.id, bookingId));
      await database.db
        .update(participants)
        .set({ salutation: "mr", title: "dr", forename: "Stefan", surname: "Hofmann" })
        .where(and(eq(participants.bookingId, bookingId), eq(participants.role, "main")));
      const view = await viewOf(bookingId);
      const companion = view.companions[0];
      const removed = await request("DELETE", `/api/staff/bookings/${bookingId}/companions/${companion?.uuid}?version=${view.version}`);
      expect(removed.status).toBe(200);
      const [mail] = await mailsOf(bookingId);
      if (!mail) throw new Error("no details-changed mail");
      const rendered = await renderEmail(parseEmailMessage(mail), locale);
      expect(rendered.text).toContain(greeting);
      // Phones lay the mail out at their width.
      expect(rendered.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
      // The invoice's address block says it as a letter does.
      const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
      if (!booking) throw new Error("no booking");
      const invoice = await issueInvoice(database.db, booking, clock);
      expect(invoice.data.customer.name).toBe(locale === "de" ? "Herr Dr. Stefan Hofmann" : "Dr. Stefan Hofmann");
    });
  }
});
