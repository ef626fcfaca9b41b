import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelPreviewResponseSchema } from "../../core/contracts/staff-actions";
import { errorResponseSchema } from "../../core/contracts/errors";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, events, outboxEmails, payments } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { parseEmailMessage } from "../../server/deps/email-messages";
import { renderEmail } from "../../server/email/render-email";
import { writeAccountFigures } from "../../server/bookings/booking-account";
import { createSandboxTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";
import { issueInvoice } from "../../server/invoices/issue-invoice";

/**
 * The cancellation's preview (issue 28: staff money actions that cannot surprise a customer):
 * `POST api/staff/bookings/{uuid}/cancel/preview` renders the customer's cancellation mail with the
 * options staff chose, in the booking's language, exactly as the cancellation then sends it, and
 * changes nothing: no mail queued, no refund, no audit row, the booking as it was.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let staffToken: string;
let customerToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, "whsec_sandbox_test_secret_of_enough_length");
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  customerToken = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
});
afterAll(async () => {
  await database.close();
});

const post = (path: string, body: unknown, token: string | null = staffToken, headers: Record<string, string> = {}) =>
  api.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
const preview = (bookingId: string, body: unknown, token?: string | null, headers?: Record<string, string>) =>
  post(`/api/staff/bookings/${bookingId}/cancel/preview`, body, token, headers);

/** A card booking of the trip in `locale`, confirmed with a card deposit of `amountCents`. */
async function paidBooking(amountCents: number, locale: "en" | "de") {
  const { bookingId } = await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip, { companions: ["non_playing"] });
  await database.db.insert(payments).values({
    bookingId,
    provider: "sandbox",
    providerReference: `sbx_${randomUUID().replace(/-/g, "").slice(0, 24)}`,
    kind: "deposit",
    amountCents,
    status: "succeeded",
    returnTokenHash: hashToken(newSecretToken()),
    succeededAt: new Date(),
  });
  await database.db.update(bookings).set({ status: "confirmed", locale, holdExpiresAt: null }).where(eq(bookings.id, bookingId));
  await writeAccountFigures(database.db, bookingId, new Date(), "test deposit");
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row?.code) throw new Error("no booking");
  return { bookingId, code: row.code };
}

const cancelledMailsOf = (bookingId: string) =>
  database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.bookingId, bookingId), eq(outboxEmails.template, "booking-cancelled")));

describe("the cancellation's preview", () => {
  it("renders the German mail with the message and the refund, never the internal note, and changes nothing; the cancellation then sends exactly it", async () => {
    const { bookingId, code } = await paidBooking(37250, "de");
    const options = { refund: { amount_cents: 20000 }, notify: true, message: "Leider fällt die Reise aus.", reason: "Intern: zu wenige Anmeldungen" };
    const before = await snapshotDatabase(database.db);
    const response = await preview(bookingId, options);
    expect(response.status).toBe(200);
    const { data } = cancelPreviewResponseSchema.parse(await response.json());
    expect(await snapshotDatabase(database.db)).toEqual(before);
    expect(data).toMatchObject({ uuid: bookingId, refund_cents: 20000, cancellation_fee_cents: 17250, also_sent: ["refund-issued"] });
    expect(data.mail).toMatchObject({ locale: "de", subject: `Ihre Buchung ${code} wurde storniert` });
    expect(data.mail?.text).toContain("Grund: Leider fällt die Reise aus.");
    expect(data.mail?.text).toMatch(/Wir erstatten Ihnen 200,00\s€/);
    expect(data.mail?.text).not.toContain("Intern");
    expect(data.mail?.html).toContain("Leider fällt die Reise aus.");

    const cancelled = await post(`/api/staff/bookings/${bookingId}/cancel`, options);
    expect(cancelled.status).toBe(200);
    const [sent] = await cancelledMailsOf(bookingId);
    if (!sent) throw new Error("the cancellation sent no mail");
    const rendered = await renderEmail(parseEmailMessage(sent), sent.locale);
    expect({ to: sent.toAddress, subject: rendered.subject, text: rendered.text }).toEqual({ to: data.mail?.to, subject: data.mail?.subject, text: data.mail?.text });
  });

  it("in English for an English booking; everything refunded leaves no fee; without notify there is no mail to show", async () => {
    const { bookingId, code } = await paidBooking(10000, "en");
    const full = cancelPreviewResponseSchema.parse(await (await preview(bookingId, { refund: "full", notify: true })).json()).data;
    expect(full).toMatchObject({ refund_cents: 10000, cancellation_fee_cents: 0 });
    expect(full.mail?.subject).toBe(`Your booking ${code} has been cancelled`);
    expect(full.mail?.text).toContain("We are refunding €100.00 to you");
    const none = cancelPreviewResponseSchema.parse(await (await preview(bookingId, { refund: "none", notify: true })).json()).data;
    expect(none).toMatchObject({ refund_cents: 0, cancellation_fee_cents: 10000, also_sent: [] });
    expect(none.mail?.text).toContain("No refund is made with this cancellation.");
    const silent = cancelPreviewResponseSchema.parse(await (await preview(bookingId, { refund: "none", notify: false })).json()).data;
    expect(silent.mail).toBeNull();
    // Once invoiced, the cancellation also cancels the invoice and mails it: the preview says so, and it is sent.
    const [invoiced] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!invoiced) throw new Error("no booking");
    await issueInvoice(database.db, invoiced, new Date());
    const withInvoice = cancelPreviewResponseSchema.parse(await (await preview(bookingId, { refund: "none", notify: true })).json()).data;
    expect(withInvoice.also_sent).toEqual(["invoice-corrected"]);
    expect((await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: "none", notify: true })).status).toBe(200);
    const corrected = await database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.bookingId, bookingId), eq(outboxEmails.template, "invoice-corrected")));
    expect(corrected).toHaveLength(1);
  });

  it("is refused for the anonymous and a customer, before anything else, and changes nothing", async () => {
    const { bookingId } = await paidBooking(5000, "de");
    const before = await snapshotDatabase(database.db);
    expect((await preview(bookingId, { refund: "full", notify: true }, null)).status).toBe(401);
    expect((await preview(bookingId, { refund: "full", notify: true }, customerToken)).status).toBe(403);
    expect((await preview(bookingId, { nonsense: true }, customerToken)).status).toBe(403);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("refuses what the cancellation would refuse, in the caller's language: a refund beyond what was paid, a booking cancelled already, bad input", async () => {
    const { bookingId } = await paidBooking(5000, "en");
    const beyond = await preview(bookingId, { refund: { amount_cents: 5001 }, notify: true }, staffToken, { "accept-language": "de" });
    expect(beyond.status).toBe(409);
    expect(errorResponseSchema.parse(await beyond.json()).message).toMatch(/Das ist mehr, als erstattet werden kann.*50[.,]00/);
    const bad = await preview(bookingId, { refund: "everything", notify: "yes" }, staffToken, { "accept-language": "de" });
    expect(bad.status).toBe(422);
    expect((await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: "none", notify: false })).status).toBe(200);
    const again = await preview(bookingId, { refund: "none", notify: true }, staffToken, { "accept-language": "de" });
    expect(again.status).toBe(409);
    expect(errorResponseSchema.parse(await again.json()).message).toMatch(/storniert/i);
    expect((await preview(randomUUID(), { refund: "none", notify: true })).status).toBe(404);
  });
});
