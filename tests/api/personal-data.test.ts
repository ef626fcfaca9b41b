import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personalDataExportSchema } from "../../core/contracts/personal-data";
import { addDays } from "../../core/domain/dates";
import { anonymousActor, type Actor } from "../../core/domain/permissions";
import { actorOf } from "../../server/auth/authorize";
import { manageLinkToken } from "../../server/bookings/manage-links";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, invoices, jobs, outboxEmails, participants, sites, uploads, users } from "../../server/db/schema";
import { demoAccounts } from "../../server/db/seed";
import { folderFileStore } from "../../server/deps/file-store";
import { retentionJob } from "../../server/privacy/apply-retention";
import { createTestApi } from "../support/api-client";
import { pdfText } from "../support/pdf-text";
import { createTestDatabase } from "../support/test-database";

/**
 * Personal data (issue 30, decision 076): the export of an account and of one booking, the erasure that
 * deleting an account makes (invoice kept, everything else of its bookings gone, files included), a
 * refused caller changing nothing, and the retention job with the clock moved on.
 */
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let uploadsDir: string;
let customer: Actor;
let customerId: string;
const secret = "test-secret-of-at-least-thirty-two-characters";

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), "personal-data-")), "uploads");
  api = createTestApi(database, { uploadsDir });
  const tokens = await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password);
  const session = await api.services.accounts.authenticate(tokens.access_token);
  if (!session) throw new Error("the customer's session");
  customer = actorOf(session.liveSession);
  customerId = session.liveSession.userId;
}, 60_000);
afterAll(async () => {
  await database.close();
  rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
});

async function bookingByCode(code: string) {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.code, code)).limit(1);
  if (!row) throw new Error(`no booking ${code}`);
  return row;
}

/** A stored file on a booking, as an upload leaves it: the row and its bytes in the store. */
async function addUpload(bookingId: string, name: string) {
  const storageKey = `${crypto.randomUUID()}.jpg`;
  await folderFileStore(uploadsDir).putBytes(storageKey, Buffer.from("not really a photo"));
  await database.db.insert(uploads).values({ bookingId, storageKey, originalName: name, mediaType: "image/jpeg", sizeBytes: 18 });
  return path.join(uploadsDir, storageKey);
}

describe("the personal data export", () => {
  it("lists the account, its bookings with answers and companions, files, invoices and mails; the PDF reads the same", async () => {
    const booking = await bookingByCode("GC-7K4M2Q");
    await addUpload(booking.id, "driving-licence.jpg");
    await database.db.insert(outboxEmails).values({
      template: "account-deleted",
      locale: "en",
      toAddress: demoAccounts.customer.email,
      payload: { name: "Stefan" },
      status: "sent",
      sentAt: new Date(),
    });
    const file = await api.services.privacy.exportData(customer, { subject: { account: customerId }, format: "json", locale: "en" });
    expect(file.contentType).toContain("application/json");
    const data = personalDataExportSchema.parse(JSON.parse(new TextDecoder().decode(file.body)));
    expect(data.account?.email).toBe(demoAccounts.customer.email);
    expect(data.bookings.map((entry) => entry.code).sort()).toEqual(["GC-7K4M2Q", "GC-P4ST26"]);
    const final = data.bookings.find((entry) => entry.code === "GC-7K4M2Q");
    expect(final?.people.map((person) => person.forename)).toEqual(["Stefan", "Claudia", "Jonas", "Lea"]);
    expect(final?.people[0]?.phone).toBe("+49 89 4521 7730");
    expect(final?.answers.length).toBeGreaterThan(0);
    expect(final?.uploads).toEqual([expect.objectContaining({ name: "driving-licence.jpg", size_bytes: 18, media_type: "image/jpeg" })]);
    expect(final?.invoices).toHaveLength(1);
    expect(data.account_emails).toEqual([expect.objectContaining({ subject: expect.stringMatching(/deleted/i), status: "sent" })]);

    const pdf = await api.services.privacy.exportData(customer, { subject: { account: customerId }, format: "pdf", locale: "de" });
    expect(pdf.contentType).toBe("application/pdf");
    const text = await pdfText(Buffer.from(pdf.body));
    expect(text).toContain("Ihre personenbezogenen Daten");
    expect(text).toContain("driving-licence.jpg");
    expect(text).toContain("Claudia");
    expect(text).toContain(final?.invoices[0]?.number ?? "no invoice");
  });

  it("exports one booking through its manage link, and nobody else's data", async () => {
    const booking = await bookingByCode("GC-3PX9WD");
    const token = manageLinkToken(secret, booking);
    const file = await api.services.privacy.exportData(anonymousActor, { subject: { manageToken: token }, format: "json", locale: "en" });
    const data = personalDataExportSchema.parse(JSON.parse(new TextDecoder().decode(file.body)));
    expect(data.scope).toBe("booking");
    expect(data.account).toBeNull();
    expect(data.bookings.map((entry) => entry.code)).toEqual(["GC-3PX9WD"]);
  });

  it("refuses without authority: anonymous, another account, a forged link, another format", async () => {
    const exportOf = (actor: Actor, subject: { account: string } | { manageToken: string }, format = "json") =>
      api.services.privacy.exportData(actor, { subject, format, locale: "en" });
    await expect(exportOf(anonymousActor, { account: customerId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const stranger = actorOf({ userId: crypto.randomUUID(), role: "customer", sessionId: "s" });
    await expect(exportOf(stranger, { account: customerId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(exportOf(anonymousActor, { manageToken: "forged.token" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(exportOf(customer, { account: customerId }, "xml")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("deleting an account erases its bookings' personal data", () => {
  const withPassword = { password: demoAccounts.customer.password, locale: "en" as const, clientAddress: "local" };
  it("refused for someone else: nothing changes", async () => {
    const booking = await bookingByCode("GC-7K4M2Q");
    const stranger = actorOf({ userId: crypto.randomUUID(), role: "customer", sessionId: "s" });
    await expect(api.services.accounts.deleteUser(stranger, { userId: customerId, ...withPassword })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await database.db.select().from(users).where(eq(users.id, customerId))).toHaveLength(1);
    const [after] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after?.answers).toEqual(booking.answers);
    expect(await database.db.select().from(uploads).where(eq(uploads.bookingId, booking.id))).toHaveLength(1);
  });

  it("keeps the invoice and the names on it; answers, files, e-mail and phone go, in one transaction with audit rows", async () => {
    const final = await bookingByCode("GC-7K4M2Q");
    const past = await bookingByCode("GC-P4ST26");
    const [stored] = await database.db.select().from(uploads).where(eq(uploads.bookingId, final.id));
    if (!stored) throw new Error("the upload of the first test");
    const file = path.join(uploadsDir, stored.storageKey);
    expect(existsSync(file)).toBe(true);
    const invoicesBefore = await database.db.select().from(invoices).where(inArray(invoices.bookingId, [final.id, past.id]));
    expect(invoicesBefore.length).toBeGreaterThan(0);

    await api.services.accounts.deleteUser(customer, { userId: customerId, ...withPassword });

    expect(await database.db.select().from(users).where(eq(users.id, customerId))).toHaveLength(0);
    expect(existsSync(file)).toBe(false);
    expect(await database.db.select().from(uploads).where(eq(uploads.bookingId, final.id))).toHaveLength(0);
    const [after] = await database.db.select().from(bookings).where(eq(bookings.id, final.id));
    expect(after?.answers).toEqual({});
    expect(after?.userId).toBeNull();
    expect(after?.answersErasedAt).not.toBeNull();
    const people = await database.db.select().from(participants).where(eq(participants.bookingId, final.id));
    const main = people.find((person) => person.role === "main");
    expect(main).toMatchObject({ forename: "Stefan", surname: "Hofmann", city: "München", email: null, phone: null, answers: {} });
    expect(people.filter((person) => person.role === "companion").every((person) => person.forename === null && person.surname === null)).toBe(true);
    // The invoices as issued: number, date, the customer's name and address in the snapshot.
    expect(await database.db.select().from(invoices).where(inArray(invoices.bookingId, [final.id, past.id]))).toEqual(invoicesBefore);
    const audit = await database.db
      .select()
      .from(bookingEvents)
      .where(and(inArray(bookingEvents.bookingId, [final.id, past.id])));
    const erased = audit.filter((row) => (row.details as { action?: string } | null)?.action === "personal_data_erased");
    expect(erased).toHaveLength(2);
    expect(erased.find((row) => row.bookingId === final.id)?.details).toMatchObject({ reason: "account_deleted", invoice_kept: true, uploads_deleted: 1 });
  });
});

describe("the retention settings, run by the job worker", () => {
  it("deletes uploads N days after the event's last day and anonymizes answers after M days, logged per booking", async () => {
    const booking = await bookingByCode("GC-3PX9WD");
    const [event] = await database.db.select().from(events).where(eq(events.id, booking.eventId));
    if (!event) throw new Error("the final");
    const file = await addUpload(booking.id, "swing.jpg");
    await database.db.update(sites).set({ uploadRetentionDays: 10, answerRetentionDays: 20 });
    const run = api.services.jobs[retentionJob];
    const at = (days: number) => new Date(`${addDays(event.endsOn, days)}T12:00:00Z`);

    await run({}, at(9));
    expect(existsSync(file)).toBe(true);

    const afterUploads = await run({}, at(10));
    expect(afterUploads.uploadsDeleted).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    expect(await database.db.select().from(uploads).where(eq(uploads.bookingId, booking.id))).toHaveLength(0);
    expect((await bookingByCode("GC-3PX9WD")).answers).toEqual(booking.answers);

    const afterAnswers = await run({}, at(20));
    expect(afterAnswers.bookingsAnonymized).toBeGreaterThanOrEqual(1);
    const anonymized = await bookingByCode("GC-3PX9WD");
    expect(anonymized.answers).toEqual({});
    expect(anonymized.answersErasedAt).not.toBeNull();
    // Names and addresses stay: the invoice's; the invoice itself is untouched.
    const [main] = await database.db.select().from(participants).where(and(eq(participants.bookingId, booking.id), eq(participants.role, "main")));
    expect(main?.surname).not.toBeNull();
    const causes = (await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id))).map((row) => row.cause);
    expect(causes).toEqual(expect.arrayContaining(["uploaded files deleted after the retention period", "personal answers anonymized after the retention period"]));

    // Done once: a later run leaves this booking be, and each run schedules the next.
    await run({}, at(30));
    expect((await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id))).map((row) => row.cause)).toEqual(causes);
    const scheduled = await database.db.select().from(jobs).where(eq(jobs.kind, retentionJob));
    expect(scheduled.length).toBeGreaterThanOrEqual(4);
  });
});
