import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BookingView, openBookingResponseSchema, submitBookingResponseSchema, updatePageResponseSchema } from "../../core/contracts/bookings";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import { addDays, operatorToday } from "../../core/domain/dates";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, eventPrices, invoices, outboxEmails, payments, sites } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { renderEmail } from "../../server/email/render-email";
import { parseEmailMessage } from "../../server/deps/email-messages";
import type { InvoiceData } from "../../server/invoices/render-invoice-pdf";
import { createTestApi } from "../support/api-client";
import { mainParticipantAnswers } from "../support/booking-answers";
import { createTestDatabase } from "../support/test-database";

/**
 * Money over the API (issue 12 "Money and legal texts"): the booking carries the spec's event price and
 * companion total, a draft has a running total from its current answers, an invoice booking's invoice
 * is due after the site's bank-transfer days and carries the site's VAT treatment, and the seeded demo
 * bookings are consistent with their payments and invoices.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let form: PublicForm;
const golf = { formId: seedIds.forms.golfCircleTournament, eventId: seedIds.events.golfCircleTournament, pages: seedIds.formPages.golfCircleTournament };

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${golf.formId}`)).json()).data;
});
afterAll(async () => {
  await database.close();
});

const uuidOf = (name: string) => {
  const item = form.pages.flatMap((page) => page.items).find((candidate) => candidate.name === name);
  if (!item) throw new Error(`no item ${name}`);
  return item.uuid;
};
const byName = (answers: Record<string, string | boolean>) => Object.fromEntries(Object.entries(answers).map(([name, value]) => [uuidOf(name), value]));

async function save(draft: { uuid: string; token: string }, pageId: string, body: Record<string, unknown>): Promise<BookingView> {
  const response = await api.app.request(`/api/booking/public/${draft.uuid}/update/${pageId}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ booking_token: draft.token, answers: {}, ...body }),
  });
  if (response.status !== 200) throw new Error(`page save answered ${response.status}: ${await response.text()}`);
  return updatePageResponseSchema.parse(await response.json()).data;
}

async function priceOf(kind: "participant" | "companion", key: string) {
  const rows = await database.db.select().from(eventPrices).where(eq(eventPrices.eventId, golf.eventId));
  const price = rows.find((candidate) => candidate.kind === kind && candidate.key === key);
  if (!price) throw new Error(`no ${kind} price ${key}`);
  return price.amountCents;
}

async function openDraft() {
  const response = await api.get(`/api/booking/public/${golf.formId}`);
  const body = openBookingResponseSchema.parse(await response.json());
  if (!body.booking_token) throw new Error("a new draft comes with its token");
  return { draft: { uuid: body.data.uuid, token: body.booking_token }, view: body.data };
}

const companion = (forename: string) => ({
  uuid: randomUUID(),
  type: "golf_playing" as const,
  salutation: "mrs" as const,
  forename,
  surname: "Berger",
  date_of_birth: null,
});

/** A golf booking paid by invoice, submitted: its view. */
async function submitInvoiceBooking(email: string): Promise<BookingView> {
  const { draft } = await openDraft();
  await save(draft, golf.pages.participant, { answers: byName(mainParticipantAnswers(email)) });
  await save(draft, golf.pages.extras, { answers: byName({ "golf.handicap": "hcp_19_36" }), companions: [companion("Jonas")] });
  await save(draft, golf.pages.summary, { answers: byName({ terms: true, payment_option: "invoice" }) });
  const response = await api.app.request(`/api/booking/public/${draft.uuid}/submit`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ booking_token: draft.token }),
  });
  if (response.status !== 200) throw new Error(`submit answered ${response.status}: ${await response.text()}`);
  return submitBookingResponseSchema.parse(await response.json()).data;
}

async function invoiceOf(bookingId: string): Promise<InvoiceData> {
  const [row] = await database.db.select().from(invoices).where(eq(invoices.bookingId, bookingId));
  if (!row) throw new Error("no invoice");
  return row.data as unknown as InvoiceData;
}

describe("the booking's price in the API", () => {
  it("gives a draft a running total from its current answers, with the event price and the companion total, on every read and save", async () => {
    const participant = await priceOf("participant", "participant");
    const golfPlaying = await priceOf("companion", "golf_playing");
    const { draft, view } = await openDraft();
    // Nobody has answered anything yet: the main participant's place is the price so far.
    expect(view).toMatchObject({ status: "draft", event_price_cents: participant, companion_total_cents: 0, total_cents: participant });

    await save(draft, golf.pages.participant, { answers: byName(mainParticipantAnswers(`running-${randomUUID().slice(0, 8)}@example.com`)) });
    const withCompanions = await save(draft, golf.pages.extras, {
      answers: byName({ "golf.handicap": "hcp_19_36" }),
      companions: [companion("Jonas"), companion("Mia")],
    });
    expect(withCompanions).toMatchObject({
      event_price_cents: participant,
      companion_total_cents: 2 * golfPlaying,
      total_cents: participant + 2 * golfPlaying,
    });
    expect(withCompanions.deposit_cents + withCompanions.remainder_cents).toBe(withCompanions.total_cents);

    // Reading it again (resuming the draft) prices it the same way.
    const resumed = openBookingResponseSchema.parse(
      await (await api.get(`/api/booking/public/${golf.formId}?bookingToken=${draft.token}&bookingUuid=${draft.uuid}`)).json(),
    ).data;
    expect(resumed).toMatchObject({ total_cents: participant + 2 * golfPlaying, companion_total_cents: 2 * golfPlaying });
  });

  it("answers the submitted booking with the price that counts: total = event price + companion total (+ extras), deposit + remainder = total", async () => {
    const booking = await submitInvoiceBooking(`priced-${randomUUID().slice(0, 8)}@example.com`);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booking.uuid));
    expect(booking).toMatchObject({
      status: "confirmed",
      event_price_cents: row?.eventPriceCents,
      companion_total_cents: row?.companionTotalCents,
      total_cents: row?.totalCents,
    });
    expect(booking.event_price_cents + booking.companion_total_cents).toBe(booking.total_cents);
    expect(booking.deposit_cents + booking.remainder_cents).toBe(booking.total_cents);
  });
});

describe("an invoice booking's invoice", () => {
  it("is due after the site's bank-transfer days, and the invoice e-mail says the booking is confirmed and names that date", async () => {
    await database.db.update(sites).set({ bankTransferDueDays: 10, vatTreatment: "margin_scheme" });
    const booking = await submitInvoiceBooking(`due-${randomUUID().slice(0, 8)}@example.com`);
    const invoice = await invoiceOf(booking.uuid);
    const expected = [addDays(operatorToday(new Date()), 10), booking.remainder_due_on ?? "9999-12-31"].sort()[0];
    expect(invoice.depositDueOn).toBe(expected);
    expect(invoice.vatTreatment).toBe("margin_scheme");

    const [mail] = (await database.db.select().from(outboxEmails)).filter(
      (row) => row.template === "invoice" && JSON.stringify(row.payload).includes(booking.code ?? "—"),
    );
    if (!mail) throw new Error("no invoice e-mail");
    const message = parseEmailMessage({ template: mail.template, payload: mail.payload });
    const english = await renderEmail(message, "en");
    const dueText = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${expected}T00:00:00Z`));
    expect(english.text).toContain(`Your booking ${booking.code} is confirmed`);
    expect(english.text).toContain(`by ${dueText}`);
    expect(english.text).not.toMatch(/confirmed once|transfer .* now/);
    const german = await renderEmail(message, "de");
    expect(german.text).toContain(`Ihre Buchung ${booking.code} ist bestätigt`);
    expect(german.text).toMatch(/bis zum \d{1,2}\. \S+ \d{4}/);
  });

  it("snapshots VAT per line with each price line's rate when the site sets it, and keeps it when the setting changes later", async () => {
    await database.db.update(sites).set({ vatTreatment: "per_line" });
    await database.db.update(eventPrices).set({ vatRateBasisPoints: 700 }).where(eq(eventPrices.eventId, golf.eventId));
    const booking = await submitInvoiceBooking(`vat-${randomUUID().slice(0, 8)}@example.com`);
    await database.db.update(sites).set({ vatTreatment: "margin_scheme" });
    await database.db.update(eventPrices).set({ vatRateBasisPoints: 1900 }).where(eq(eventPrices.eventId, golf.eventId));

    const invoice = await invoiceOf(booking.uuid);
    expect(invoice.vatTreatment).toBe("per_line");
    expect(invoice.lines.length).toBeGreaterThan(0);
    for (const line of invoice.lines) expect(line.vatRateBasisPoints).toBe(700);
  });
});

describe("the seeded demo bookings", () => {
  it("are consistent: paid ones have succeeded payments adding up to the total, confirmed card ones their deposit, invoice ones their invoice", async () => {
    const seeded = (await database.db.select().from(bookings)).filter((booking) => booking.status !== "draft" && booking.code !== null);
    expect(seeded.length).toBeGreaterThan(0);
    const succeeded = (await database.db.select().from(payments)).filter((payment) => payment.status === "succeeded");
    const invoiced = new Set((await database.db.select({ bookingId: invoices.bookingId }).from(invoices)).map((row) => row.bookingId));
    for (const booking of seeded) {
      const paid = succeeded.filter((payment) => payment.bookingId === booking.id).reduce((sum, payment) => sum + payment.amountCents, 0);
      const context = `${booking.code} (${booking.status}, ${booking.paymentOption})`;
      expect(paid, `${context}: paid_cents is the sum of its succeeded payments`).toBe(booking.paidCents);
      expect(booking.eventPriceCents + booking.companionTotalCents + booking.addonsTotalCents, `${context}: the parts add up`).toBe(booking.totalCents);
      expect(booking.depositCents + booking.remainderCents, `${context}: deposit and remainder add up`).toBe(booking.totalCents);
      if (booking.status === "paid") expect(paid, `${context}: a paid booking is paid in full`).toBe(booking.totalCents);
      if (booking.status === "confirmed" && booking.paymentOption === "credit_card")
        expect(paid, `${context}: its deposit is paid`).toBeGreaterThanOrEqual(booking.depositCents);
      if (booking.paymentOption === "invoice") expect(invoiced.has(booking.id), `${context}: it has its invoice`).toBe(true);
    }
    // The demo customer's past booking is among them: paid, by bank transfer, with its invoice.
    const past = seeded.find((booking) => booking.code === "GC-P4ST26");
    expect(past).toMatchObject({ status: "paid", paymentOption: "invoice" });
  });
});
