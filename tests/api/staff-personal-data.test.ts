import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq, gt, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personalDataExportSchema } from "../../core/contracts/personal-data";
import type { Actor } from "../../core/domain/permissions";
import { actorOf } from "../../server/auth/authorize";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, invoices, participants, staffAuditLog, users, waitlistEntries } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { AppError } from "../../server/errors";
import { createTestApi } from "../support/api-client";
import { createStaffMember } from "../support/factories";
import { pdfText } from "../support/pdf-text";
import { createTestDatabase } from "../support/test-database";

/**
 * A data-subject request by e-mail address (issue 30, decision 076): admins find what is held, download
 * a copy and erase it; each is audited. Staff are refused before anything is read or written; an
 * erasure whose address was not typed twice the same changes nothing.
 */
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let uploadsRoot: string;
let admin: Actor;
let staff: Actor;
const address = demoAccounts.customer.email;

async function actorFor(member: { email: string; password: string }): Promise<Actor> {
  const tokens = await api.logIn(member.email, member.password);
  const session = await api.services.accounts.authenticate(tokens.access_token);
  if (!session) throw new Error(`no session for ${member.email}`);
  return actorOf(session.liveSession);
}

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsRoot = mkdtempSync(path.join(tmpdir(), "staff-personal-data-"));
  api = createTestApi(database, { uploadsDir: path.join(uploadsRoot, "uploads") });
  admin = await actorFor(await createStaffMember(database.db, { role: "admin" }));
  staff = await actorFor(await createStaffMember(database.db, { role: "staff" }));
  // A waitlist sign-up with the address typed in capitals: found all the same.
  await database.db
    .insert(waitlistEntries)
    .values({ eventId: seedIds.events.golfCircleTournament, email: address.toUpperCase(), name: "Stefan Berger", partySize: 2, locale: "de" });
}, 60_000);
afterAll(async () => {
  await database.close();
  rmSync(uploadsRoot, { recursive: true, force: true });
});

const lastAuditId = async () => (await database.db.select({ id: staffAuditLog.id }).from(staffAuditLog).orderBy(desc(staffAuditLog.id)).limit(1))[0]?.id ?? 0;
const auditSince = (id: number) => database.db.select().from(staffAuditLog).where(gt(staffAuditLog.id, id));
const accountOf = async () =>
  (
    await database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${address})`)
  )[0];

async function refusal(call: () => Promise<unknown>): Promise<AppError> {
  try {
    await call();
  } catch (error) {
    if (AppError.is(error)) return error;
    throw error;
  }
  throw new Error("the call was not refused");
}

describe("a data-subject request by e-mail address", () => {
  it("is refused to staff who are not admins, before anything is read or written", async () => {
    const before = await lastAuditId();
    for (const call of [
      () => api.services.staffPrivacy.find(staff, { email: address, locale: "en" }),
      () => api.services.staffPrivacy.export(staff, { email: address, format: "json", locale: "en" }),
      () => api.services.staffPrivacy.erase(staff, { email: address, confirmEmail: address, note: "", locale: "en" }),
    ]) {
      expect((await refusal(call)).code).toBe("FORBIDDEN");
    }
    expect(await auditSince(before)).toEqual([]);
    expect(await accountOf()).toBeDefined();
  });

  it("finds the account, the bookings naming the address, the waitlist sign-up and the mails", async () => {
    const found = await api.services.staffPrivacy.find(admin, { email: `  ${address.toUpperCase()} `, locale: "en" });
    expect(found.email).toBe(address);
    expect(found.account?.role).toBe("customer");
    expect(found.bookings.map((booking) => booking.code)).toEqual(expect.arrayContaining(["GC-7K4M2Q", "GC-P4ST26"]));
    expect(found.waitlist_entries).toBe(1);
    const invalid = await refusal(() => api.services.staffPrivacy.find(admin, { email: "not an address", locale: "de" }));
    expect(invalid.code).toBe("VALIDATION_FAILED");
    expect(invalid.toResponse("de").errors?.email?.[0]).toBe("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
  });

  it("gives a copy as JSON and as PDF, each written to the audit log with the address", async () => {
    const before = await lastAuditId();
    const json = await api.services.staffPrivacy.export(admin, { email: address, format: "json", locale: "en" });
    const data = personalDataExportSchema.parse(JSON.parse(new TextDecoder().decode(json.body)));
    expect(data.scope).toBe("address");
    expect(data.account?.email).toBe(address);
    expect(data.waitlist_entries).toEqual([expect.objectContaining({ name: "Stefan Berger", party_size: 2, status: "waiting" })]);
    const pdf = await api.services.staffPrivacy.export(admin, { email: address, format: "pdf", locale: "de" });
    expect(pdf.contentType).toBe("application/pdf");
    const text = await pdfText(Buffer.from(pdf.body));
    expect(text).toContain("Wartelisten-Einträge");
    expect(text).toContain("Stefan Berger");
    const rows = await auditSince(before);
    expect(rows.map((row) => [row.action, row.details.email, row.details.format])).toEqual([
      ["personal_data_exported", address, "json"],
      ["personal_data_exported", address, "pdf"],
    ]);
    expect((await refusal(() => api.services.staffPrivacy.export(admin, { email: address, format: "xml", locale: "en" }))).code).toBe("VALIDATION_FAILED");
  });

  it("erases only when the address is typed twice the same; then the account, the sign-up and the personal data are gone, the invoice kept", async () => {
    const before = await lastAuditId();
    const mismatch = await refusal(() =>
      api.services.staffPrivacy.erase(admin, { email: address, confirmEmail: "someone.else@example.com", note: "", locale: "en" }),
    );
    expect(mismatch.code).toBe("VALIDATION_FAILED");
    expect(mismatch.toResponse("en").errors?.confirm_email?.[0]).toBe("The two addresses are not the same.");
    expect(await accountOf()).toBeDefined();
    expect(await auditSince(before)).toEqual([]);

    const owned = await database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.userId, (await accountOf())!.id));
    const ids = owned.map((row) => row.id);
    const invoiced = new Set(
      (await database.db.select({ bookingId: invoices.bookingId }).from(invoices).where(inArray(invoices.bookingId, ids))).map((row) => row.bookingId),
    );
    const erased = await api.services.staffPrivacy.erase(admin, {
      email: address.toUpperCase(),
      confirmEmail: address,
      note: "Asked by letter on 2 May",
      locale: "en",
    });
    expect(erased.accountDeleted).toBe(true);
    expect(erased.waitlistEntries).toBe(1);
    expect(erased.bookings).toBeGreaterThanOrEqual(2);
    expect(await accountOf()).toBeUndefined();
    expect(
      await database.db
        .select()
        .from(waitlistEntries)
        .where(sql`lower(${waitlistEntries.email}) = lower(${address})`),
    ).toEqual([]);
    const people = await database.db.select().from(participants).where(inArray(participants.bookingId, ids));
    expect(people.every((person) => person.email === null && person.phone === null)).toBe(true);
    // What an issued invoice prints stays: its main participant's name; companions' names go.
    for (const person of people) {
      if (person.role === "companion" || !invoiced.has(person.bookingId)) expect(person.surname).toBeNull();
      else expect(person.surname).not.toBeNull();
    }
    expect((await database.db.select().from(invoices).where(inArray(invoices.bookingId, ids))).length).toBe(invoiced.size);
    const rows = await auditSince(before);
    expect(rows.map((row) => row.action)).toEqual(["personal_data_erased"]);
    expect(rows[0]?.details).toMatchObject({ email: address, account_deleted: true, waitlist_entries: 1, note: "Asked by letter on 2 May" });

    const after = await api.services.staffPrivacy.find(admin, { email: address, locale: "en" });
    expect(after).toMatchObject({ account: null, bookings: [], waitlist_entries: 0, emails: 0 });
  });
});
