import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitBooking } from "../../server/bookings/submit-booking";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, emailTextOverrides, outboxEmails, staffAuditLog } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { startEmailWorker } from "../../server/email/email-worker";
import { enqueueEmail } from "../../server/deps/enqueue-email";
import type { OutgoingMail } from "../../server/email/mail-transport";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createDraftBooking } from "../support/factories";
import { expectMatrixStatus, staffCallerHeaders, staffCallers, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * E-mail texts staff reword (issue 14, docs/decisions/037) over the API, on PGlite and PostgreSQL:
 * who may call, refused input changes nothing, an override reaches the next real mail (subject,
 * HTML and text) in the recipient's language, escaped; reset brings the default back.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let headers: Record<StaffCaller, Record<string, string>>;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  headers = await staffCallerHeaders(api);
});
afterAll(async () => {
  await database.close();
});

const base = "/api/staff/email-texts/booking-received/de";
const call = (method: "GET" | "PUT" | "DELETE" | "POST", path: string, body: unknown, caller: StaffCaller = "staff", extra: Record<string, string> = {}) =>
  api.app.request(path, {
    method,
    headers: { "content-type": "application/json", ...headers[caller], ...extra },
    ...(body === null ? {} : { body: JSON.stringify(body) }),
  });

/** A German invoice booking submitted for real: its confirmation mail waits in the outbox. */
async function germanBooking() {
  const bookingId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip, []);
  await database.db.update(bookings).set({ paymentOption: "invoice", locale: "de" }).where(eq(bookings.id, bookingId));
  const submitted = await submitBooking(database.db, { bookingId, now: new Date() });
  if (submitted.outcome !== "held") throw new Error(`not submitted: ${submitted.outcome}`);
  const [row] = await database.db.select({ code: bookings.code, totalCents: bookings.totalCents }).from(bookings).where(eq(bookings.id, bookingId));
  const code = row?.code ?? "";
  // The confirmation as submit-draft.ts writes it (same shape as in staff-actions.test.ts), to the booking's customer.
  await enqueueEmail(database.db, {
    template: "booking-received",
    locale: "de",
    to: `kundin-${bookingId.slice(0, 8)}@example.com`,
    bookingId,
    payload: {
      name: "Greta Beispiel",
      code,
      eventTitle: "Golf & Yoga",
      startsOn: "2026-10-01",
      endsOn: "2026-10-05",
      location: "Mallorca",
      people: [{ name: "Greta Beispiel", role: "main" }],
      lines: [{ label: "Hauptteilnehmerin", amountCents: row?.totalCents ?? 0 }],
      totalCents: row?.totalCents ?? 0,
      depositCents: row?.totalCents ?? 0,
      remainderCents: 0,
      remainderDueOn: null,
      paymentOption: "invoice",
      holdExpiresAt: new Date().toISOString(),
      manageUrl: "http://site.test/my-booking/x",
      payUrl: null,
    },
  });
  return { bookingId, code };
}

/** Delivers every pending mail through a transport that keeps them. */
async function deliverAll(): Promise<OutgoingMail[]> {
  const sent: OutgoingMail[] = [];
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const worker = startEmailWorker({
    db: database.db,
    transport: { send: async (mail) => void sent.push(mail), describe: () => "memory", close: () => undefined },
    from: "test@example.test",
    logger: quiet,
    pollIntervalMs: 60_000,
  });
  await worker.runOnce();
  await worker.stop();
  return sent;
}

async function confirmationOf(bookingId: string) {
  const [mail] = await database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.bookingId, bookingId), eq(outboxEmails.template, "booking-received")));
  return mail;
}

describe("who may call", () => {
  const calls = [
    { method: "GET" as const, path: "/api/staff/email-texts", body: null, allowed: 200 },
    { method: "GET" as const, path: base, body: null, allowed: 200 },
    { method: "PUT" as const, path: base, body: { fields: { heading: "Danke" } }, allowed: 200 },
    { method: "POST" as const, path: `${base}/preview`, body: {}, allowed: 200 },
    { method: "DELETE" as const, path: base, body: null, allowed: 200 },
  ];
  for (const { method, path, body, allowed } of calls) {
    for (const { caller, expected } of staffCallers) {
      it(`${method} ${path}: ${caller} → ${expected}`, async () => {
        const before = caller === "staff" || caller === "admin" ? null : await snapshotDatabase(database.db);
        expectMatrixStatus(await call(method, path, body, caller), expected, allowed);
        if (before) expect(await snapshotDatabase(database.db)).toEqual(before);
      });
    }
  }
});

describe("e-mail texts", () => {
  it("lists the editable e-mails with their overridden marks per language", async () => {
    await call("PUT", base, { fields: { subject: "Buchung {booking.code}" } });
    const answer = (await (await call("GET", "/api/staff/email-texts", null)).json()) as {
      data: { template: string; locales: { locale: string; overridden: boolean }[] }[];
    };
    const entry = answer.data.find((candidate) => candidate.template === "booking-received");
    expect(entry?.locales).toEqual(
      expect.arrayContaining([expect.objectContaining({ locale: "de", overridden: true }), expect.objectContaining({ locale: "en", overridden: false })]),
    );
    await call("DELETE", base, null);
  });

  it("shows each field's default in placeholder syntax", async () => {
    const answer = (await (await call("GET", base, null)).json()) as {
      data: { placeholders: string[]; fields: { name: string; defaults: string[]; override: string | null }[] };
    };
    expect(answer.data.placeholders).toContain("booking.code");
    const subject = answer.data.fields.find((field) => field.name === "subject");
    expect(subject?.override).toBeNull();
    expect(subject?.defaults.join(" ")).toContain("{booking.code}");
  });

  it("refuses bad input with a field error and changes nothing", async () => {
    const before = await snapshotDatabase(database.db);
    const unknown = await call("PUT", base, { fields: { subject: "Code {booking.secret}" } }, "staff", { "accept-language": "de" });
    expect(unknown.status).toBe(422);
    const body = (await unknown.json()) as { errors: Record<string, string[]> };
    expect(body.errors.subject?.[0]).toContain("{booking.secret}");
    expect((await call("PUT", base, { fields: { subject: "two\nlines" } })).status).toBe(422);
    expect((await call("PUT", base, { fields: { note: "no such field here" } })).status).toBe(422);
    expect((await call("PUT", base, { fields: { subject: "x" }, extra: 1 })).status).toBe(422);
    expect((await call("PUT", "/api/staff/email-texts/verify-email/de", { fields: { subject: "x" } })).status).toBe(404);
    expect((await call("PUT", "/api/staff/email-texts/booking-received/fr", { fields: { subject: "x" } })).status).toBe(404);
    expect((await call("POST", `${base}/preview`, { booking_code: "NO-SUCH-CODE" })).status).toBe(422);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("an override changes the next real mail's subject and body, escaped; reset restores the default", async () => {
    await deliverAll();
    const saved = await call("PUT", base, {
      fields: {
        subject: "Ihre Buchung {booking.code} ist da",
        intro: "Hallo {customer.first_name},\n<script>alert(1)</script> für {event.title}{booking.pay_deadline}.",
      },
    });
    expect(saved.status).toBe(200);
    const [audit] = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "email_text_saved"));
    expect(audit?.actorEmail).toBeTruthy();

    const { bookingId, code } = await germanBooking();
    expect(await confirmationOf(bookingId)).toBeDefined();
    const mail = (await deliverAll()).find((candidate) => candidate.subject.includes(code));
    expect(mail?.subject).toBe(`Ihre Buchung ${code} ist da`);
    expect(mail?.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail?.html).not.toContain("<script>alert(1)");
    expect(mail?.html).not.toMatch(/\{[a-z_.]+\}/);
    expect(mail?.html).toMatch(/Hallo \S+,<br\/?>/);
    expect(mail?.text).toContain("<script>alert(1)</script>");
    expect(mail?.text).toContain(`Ihre Buchung ${code} ist da`.slice(0, 12));

    const preview = await call("POST", `${base}/preview`, { booking_code: code });
    const previewed = (await preview.json()) as { data: { subject: string; booking_code: string } };
    expect(previewed.data).toMatchObject({ subject: `Ihre Buchung ${code} ist da`, booking_code: code });

    expect((await call("DELETE", base, null)).status).toBe(200);
    expect(await database.db.select().from(emailTextOverrides)).toEqual([]);
    const again = await germanBooking();
    const defaultMail = (await deliverAll()).find((candidate) => candidate.subject.includes(again.code));
    expect(defaultMail?.subject).toBe(`Buchung eingegangen: ${again.code}`);
  });

  it("previews unsaved texts with sample data and saves nothing", async () => {
    const before = await snapshotDatabase(database.db);
    const answer = await call("POST", `${base}/preview`, { fields: { subject: "Probe {booking.code}" } });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { subject: string; html: string; text: string; booking_code: string | null } };
    expect(body.data.subject).toBe("Probe SAMPLE-0001");
    expect(body.data.booking_code).toBeNull();
    expect(body.data.html).toContain("<html");
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});
