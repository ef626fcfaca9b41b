import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema, updatePageResponseSchema } from "../../core/contracts/bookings";
import { staffFormResponseSchema, type FormDefinition } from "../../core/contracts/form-definitions";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import type { BookingEditView } from "../../core/contracts/staff-booking-edits";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, eventPrices, events, invoices, payments } from "../../server/db/schema";
import { writeAccountFigures } from "../../server/bookings/booking-account";
import { seedIds } from "../../server/db/seed";
import type { InvoiceData } from "../../server/invoices/render-invoice-pdf";
import { createTestApi } from "../support/api-client";
import { mainParticipantAnswers } from "../support/booking-answers";
import { staffCallerHeaders, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * Priced choices are charged (decision 042): a form's multiselect with priced choices, published by
 * staff; a customer picks two → the draft's running price, the stored total and deposit and the
 * invoice include them (a line per choice, "item: choice" in the booking's language); a later
 * version's prices do not touch the booking; staff dropping one re-prices it, with an audit row, and
 * paid money stays.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let staff: Record<StaffCaller, Record<string, string>>;
const formId = seedIds.forms.golfCircleTournament;
const eventId = seedIds.events.golfCircleTournament;
const pages = seedIds.formPages.golfCircleTournament;
const extrasUuid = randomUUID();

const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.app.request(path, { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

async function readDraft(): Promise<FormDefinition> {
  return staffFormResponseSchema.parse(await (await api.get(`/api/staff/forms/${formId}`, staff.staff)).json()).data.draft;
}
async function publishWith(change: (definition: FormDefinition) => void) {
  const definition = await readDraft();
  change(definition);
  const saved = await json("PUT", `/api/staff/forms/${formId}`, definition, staff.staff);
  if (saved.status !== 200) throw new Error(`save: ${saved.status} ${await saved.text()}`);
  const published = await api.app.request(`/api/staff/forms/${formId}/publish`, { method: "POST", headers: staff.staff });
  expect(published.status).toBe(200);
}
const extrasItem = (lunchCents: number): FormDefinition["pages"][number]["items"][number] => ({
  uuid: extrasUuid,
  parent_uuid: null,
  kind: "multiselect",
  name: "extras",
  label: { en: "Extras", de: "Extras" },
  help: null,
  required: false,
  options: {
    choices: [
      { value: "lunch", label: { en: "Lunch package", de: "Mittagspaket" }, price_cents: lunchCents },
      { value: "dinner", label: { en: "Gala dinner", de: "Galadinner" }, price_cents: 6000 },
      { value: "towel", label: { en: "Towel", de: "Handtuch" } },
    ],
  },
});

let form: PublicForm;
const itemNamed = (name: string) => {
  const found = form.pages.flatMap((page) => page.items).find((item) => item.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
};
const byName = (answers: Record<string, unknown>) => Object.fromEntries(Object.entries(answers).map(([name, value]) => [itemNamed(name).uuid, value]));

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, eventId));
  staff = await staffCallerHeaders(api);
  await publishWith((definition) => {
    const extrasPage = definition.pages.find((page) => page.uuid === pages.extras);
    if (!extrasPage) throw new Error("the golf form has an extras page");
    extrasPage.items.push(extrasItem(4500));
  });
  form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`, { "accept-language": "de-DE" })).json()).data;
});
afterAll(async () => {
  await database.close();
});

async function saved(response: Response) {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`);
  return updatePageResponseSchema.parse(await response.json()).data;
}

/** A German customer's golf booking paid by invoice, with the given extras. */
async function submittedBooking(extras: string[]) {
  const german = { "accept-language": "de-DE" };
  const opened = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${formId}`, german)).json());
  const draft = { uuid: opened.data.uuid, token: opened.booking_token ?? "" };
  const save = (pageId: string, answers: Record<string, unknown>) =>
    json("PUT", `/api/booking/public/${draft.uuid}/update/${pageId}`, { booking_token: draft.token, answers, companions: [] }, german);
  await saved(await save(pages.participant, byName(mainParticipantAnswers(`priced-${randomUUID().slice(0, 8)}@example.com`))));
  const noExtras = await saved(await save(pages.extras, byName({ "golf.handicap": "hcp_19_36", extras: [] })));
  const withExtras = await saved(await save(pages.extras, byName({ "golf.handicap": "hcp_19_36", extras })));
  await saved(await save(pages.summary, byName({ terms: true, payment_option: "invoice" })));
  const submitted = await json("POST", `/api/booking/public/${draft.uuid}/submit`, { booking_token: draft.token }, german);
  expect(submitted.status).toBe(200);
  return { bookingId: draft.uuid, runningWithout: noExtras.total_cents, runningWith: withExtras.total_cents };
}

async function bookingRow(id: string) {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error("no booking");
  return row;
}

describe("a booking with priced choices", () => {
  it("carries them in the running price, the stored total and deposit, and the invoice", async () => {
    const { bookingId, runningWithout, runningWith } = await submittedBooking(["lunch", "dinner", "towel"]);
    expect(runningWith - runningWithout).toBe(10_500);
    const row = await bookingRow(bookingId);
    const [participant] = await database.db
      .select()
      .from(eventPrices)
      .where(and(eq(eventPrices.eventId, eventId), eq(eventPrices.kind, "participant")));
    const eventPrice = participant?.amountCents ?? 0;
    expect(row).toMatchObject({ status: "confirmed", eventPriceCents: eventPrice, addonsTotalCents: 10_500, totalCents: eventPrice + 10_500 });
    expect(row.totalCents).toBe(runningWith);
    expect(row.depositCents + row.remainderCents).toBe(row.totalCents);

    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.bookingId, bookingId));
    const data = invoice?.data as InvoiceData;
    expect(data.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: "Extras: Mittagspaket", quantity: 1, unitCents: 4500, totalCents: 4500 }),
        expect.objectContaining({ label: "Extras: Galadinner", quantity: 1, unitCents: 6000, totalCents: 6000 }),
      ]),
    );
    expect(data.lines.some((line) => line.label.includes("Handtuch"))).toBe(false);
    // A priced choice takes the event price's VAT rate.
    const rates = new Set(data.lines.filter((line) => line.label.startsWith("Extras:")).map((line) => line.vatRateBasisPoints));
    expect([...rates]).toEqual([participant?.vatRateBasisPoints]);
    expect(data.lines.reduce((sum, line) => sum + line.totalCents, 0)).toBe(row.totalCents);
  });

  it("is re-priced by its own version when staff drop a priced choice; paid money stays and the audit row says so", async () => {
    const { bookingId } = await submittedBooking(["lunch", "dinner"]);
    // 50 € paid by transfer, on the ledger as staff record it; the account writes the row's figures (decision 067).
    await database.db
      .insert(payments)
      .values({
        bookingId,
        provider: "bank_transfer",
        method: "bank_transfer",
        kind: "deposit",
        amountCents: 5000,
        status: "succeeded",
        returnTokenHash: randomUUID(),
      });
    await writeAccountFigures(database.db, bookingId, new Date(), "test transfer");
    const before = await bookingRow(bookingId);
    // A later version makes lunch dearer: the booking keeps the price of the version it was made on.
    await publishWith((definition) => {
      const page = definition.pages.find((candidate) => candidate.uuid === pages.extras);
      const index = page?.items.findIndex((item) => item.uuid === extrasUuid) ?? -1;
      if (!page || index < 0) throw new Error("the extras item is there");
      page.items[index] = extrasItem(9900);
    });
    const view = ((await (await api.get(`/api/staff/bookings/${bookingId}/answers`, staff.staff)).json()) as { data: BookingEditView }).data;
    const edited = await json(
      "PUT",
      `/api/staff/bookings/${bookingId}/answers`,
      { version: view.version, answers: { [extrasUuid]: ["lunch"] }, companions: [] },
      {
        ...staff.staff,
        "accept-language": "en",
      },
    );
    expect(edited.status).toBe(200);
    const after = await bookingRow(bookingId);
    expect(after.totalCents).toBe(before.totalCents - 6000);
    expect(after.addonsTotalCents).toBe(4500);
    expect(after.paidCents).toBe(5000);
    expect(after.depositCents + after.remainderCents).toBe(after.totalCents);
    // The edit's own row (the invoice's correction follows it: decision 070).
    const [audit] = await database.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(asc(bookingEvents.id))
      .then((rows) => rows.filter((row) => row.details?.action === "details_edited_by_staff").slice(-1));
    expect(audit?.details).toMatchObject({ action: "details_edited_by_staff", totalCents: { from: before.totalCents, to: after.totalCents } });
    // The timeline line in the booking's language names the new total.
    expect(audit?.cause).toMatch(/Gesamt|Total/);

    // Staff picking it again adds it back at the version's price, not the later 99.00.
    const again = ((await (await api.get(`/api/staff/bookings/${bookingId}/answers`, staff.staff)).json()) as { data: BookingEditView }).data;
    const readded = await json(
      "PUT",
      `/api/staff/bookings/${bookingId}/answers`,
      { version: again.version, answers: { [extrasUuid]: ["lunch", "dinner"] }, companions: [] },
      staff.staff,
    );
    expect(readded.status).toBe(200);
    expect((await bookingRow(bookingId)).totalCents).toBe(before.totalCents);
  });

  it("changes nothing in the price when staff edit an unpriced answer", async () => {
    const { bookingId } = await submittedBooking(["lunch"]);
    const before = await bookingRow(bookingId);
    const view = ((await (await api.get(`/api/staff/bookings/${bookingId}/answers`, staff.staff)).json()) as { data: BookingEditView }).data;
    const edited = await json(
      "PUT",
      `/api/staff/bookings/${bookingId}/answers`,
      { version: view.version, answers: { [extrasUuid]: ["lunch", "towel"] }, companions: [] },
      staff.staff,
    );
    expect(edited.status).toBe(200);
    const after = await bookingRow(bookingId);
    expect(after.totalCents).toBe(before.totalCents);
    const [audit] = await database.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(asc(bookingEvents.id))
      .then((rows) => rows.slice(-1));
    expect(audit?.details).not.toHaveProperty("totalCents");
  });
});
