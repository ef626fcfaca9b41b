import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { staffBookingDetailResponseSchema, staffBookingsResponseSchema, type StaffBookingsPage } from "../../core/contracts/staff-bookings";
import type { DatabaseHandle } from "../../server/db/client";
import { writeAccountFigures } from "../../server/bookings/booking-account";
import { insertDemoEventCopy } from "../../server/db/demo";
import { siteSettings } from "../../server/db/factories/site";
import { bookingEvents, bookings, eventDayResources, eventPrices, outboxEmails, participants, payments, uploads, users } from "../../server/db/schema";
import { demoAccounts } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { createDraftBooking, createHeldCardBooking, createStaffMember } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * The staff desk's bookings (decision 028): `GET api/staff/bookings` (search, filters, sort, pages),
 * `GET api/staff/bookings/{uuid}` and the staff-only upload download. Each test reads bookings of an
 * event copy of its own (`event=`), so the seeded demo bookings never change what it counts.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let uploadsDir: string;
let staffToken: string;
let adminToken: string;
let passwordOnlyStaffToken: string;
let customerToken: string;
let staffId: string;
/** An event copy with bookings made for the filters (and the four confirmed final bookings the copy brings). */
let eventId: string;
/** A copy with 120 bookings, for paging. */
let pagingEventId: string;
/** A confirmed booking of the copy, dressed with a payment, a mail, audit rows and an upload. */
let detailId: string;
let detailCode: string;
let uploadId: string;
let draftId: string;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Made = {
  code: string;
  status: "confirmed" | "paid" | "awaiting_payment" | "in_review" | "cancelled";
  option: "credit_card" | "invoice" | "sma";
  total: number;
  paid: number;
  submittedAt: string;
  forename: string;
  surname: string;
  email: string;
  phone: string;
};

async function insertBooking(event: { eventId: string; formId: string }, made: Made): Promise<string> {
  const id = randomUUID();
  await database.db.insert(bookings).values({
    id,
    code: made.code,
    formId: event.formId,
    eventId: event.eventId,
    tokenHash: randomUUID(),
    status: made.status,
    locale: "en",
    paymentOption: made.option,
    totalCents: made.total,
    paidCents: made.paid,
    smaStatus: made.option === "sma" ? "requested" : "none",
    submittedAt: new Date(made.submittedAt),
  });
  await database.db.insert(participants).values([
    { bookingId: id, role: "main", position: 0, forename: made.forename, surname: made.surname, email: made.email, phone: made.phone },
    { bookingId: id, role: "companion", companionType: "non_playing", position: 1, forename: "Guest", surname: made.surname },
  ]);
  // What was paid is on the ledger, as the payment verbs leave it; the account writes the row's figures (decision 067).
  if (made.paid > 0) {
    await database.db
      .insert(payments)
      .values({
        bookingId: id,
        provider: "sandbox",
        providerReference: `test-${id}`,
        kind: "full",
        amountCents: made.paid,
        status: "succeeded",
        returnTokenHash: randomUUID(),
      });
  }
  await writeAccountFigures(database.db, id, new Date(), "test booking");
  return id;
}

const made: Made[] = [
  // 23:30 in Berlin on 10 March (CET): the 10th, though 22:30 UTC.
  {
    code: "SB-AAAAA2",
    status: "confirmed",
    option: "invoice",
    total: 10_000,
    paid: 0,
    submittedAt: "2026-03-10T22:30:00Z",
    forename: "Anna",
    surname: "Zeller",
    email: "anna.zeller@example.org",
    phone: "+49 30 1111 2222",
  },
  // 00:30 in Berlin on 11 March.
  {
    code: "SB-BBBBB3",
    status: "paid",
    option: "credit_card",
    total: 20_000,
    paid: 20_000,
    submittedAt: "2026-03-10T23:30:00Z",
    forename: "Bernd",
    surname: "Yilmaz",
    email: "bernd@yilmaz-bau.de",
    phone: "+44 20 3333 4444",
  },
  {
    code: "SB-CCCCC4",
    status: "awaiting_payment",
    option: "credit_card",
    total: 30_000,
    paid: 7_500,
    submittedAt: "2026-03-12T09:00:00Z",
    forename: "Carla",
    surname: "Xavier",
    email: "carla.x@example.org",
    phone: "+49 89 5555 6666",
  },
  {
    code: "SB-DDDDD5",
    status: "in_review",
    option: "sma",
    total: 5_000,
    paid: 0,
    submittedAt: "2026-03-13T09:00:00Z",
    forename: "Dieter",
    surname: "Weber",
    email: "dieter.weber@example.org",
    phone: "+49 40 7777 8888",
  },
  {
    code: "SB-EEEEE6",
    status: "cancelled",
    option: "credit_card",
    total: 4_000,
    paid: 5_000,
    submittedAt: "2026-03-14T09:00:00Z",
    forename: "Eva",
    surname: "Vogel",
    email: "eva@example.org",
    phone: "+43 1 9999 0000",
  },
];

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = mkdtempSync(path.join(tmpdir(), "staff-bookings-"));
  api = createTestApi(database, { uploadsDir });
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  customerToken = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
  adminToken = (await api.logIn(demoAccounts.admin.email, demoAccounts.admin.password)).access_token;
  // A staff session opened by the password alone (decision 027): no staff powers.
  passwordOnlyStaffToken = (await api.services.accounts.startSession((await createStaffMember(database.db)).id)).access_token;
  const [staff] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demoAccounts.staff.email));
  staffId = staff?.id ?? "";

  const copy = await database.db.transaction((tx) => insertDemoEventCopy(tx, "golfCircleFinal", new Date(), siteSettings));
  eventId = copy.eventId;
  for (const booking of made) await insertBooking(copy, booking);
  draftId = await createDraftBooking(database.db, eventId);

  const paging = await database.db.transaction((tx) => insertDemoEventCopy(tx, "golfYogaTrip", new Date(), siteSettings));
  pagingEventId = paging.eventId;
  for (let index = 0; index < 120; index += 1) {
    const number = String(index).padStart(3, "0");
    await insertBooking(paging, {
      code: `PG-${number}`,
      status: "confirmed",
      option: "invoice",
      total: 1000 + index,
      paid: 0,
      submittedAt: new Date(Date.UTC(2026, 0, 1, 12) + index * 60_000).toISOString(),
      forename: "Page",
      surname: `Person ${number}`,
      email: `page-${number}@example.org`,
      phone: `+49 170 000 ${number}`,
    });
  }

  // The copy's first final booking (Stefan Hofmann's party), with a payment, a mail, audit rows and a file.
  const [hofmann] = await database.db
    .select({ id: bookings.id, code: bookings.code })
    .from(bookings)
    .innerJoin(participants, eq(participants.bookingId, bookings.id))
    .where(and(eq(bookings.eventId, eventId), eq(participants.role, "main"), eq(participants.surname, "Hofmann")));
  if (!hofmann?.code) throw new Error("the event copy has no booking of the Hofmanns");
  detailId = hofmann.id;
  detailCode = hofmann.code;
  const [payment] = await database.db
    .insert(payments)
    .values({
      bookingId: detailId,
      provider: "sandbox",
      providerReference: "cs_test_123",
      kind: "deposit",
      amountCents: 2500,
      status: "succeeded",
      returnTokenHash: randomUUID(),
      succeededAt: new Date("2026-03-02T10:00:00Z"),
    })
    .returning({ id: payments.id });
  await database.db.insert(bookingEvents).values([
    {
      bookingId: detailId,
      fromStatus: "in_review",
      toStatus: "confirmed",
      cause: "SMA request verified by staff",
      details: { event: "sma_verified", staffId },
      at: new Date("2026-03-01T10:00:00Z"),
    },
    {
      bookingId: detailId,
      paymentId: payment?.id ?? null,
      subject: "payment",
      fromStatus: "pending",
      toStatus: "succeeded",
      cause: "provider webhook",
      details: { event: "payment_succeeded" },
      at: new Date("2026-03-02T10:00:00Z"),
    },
  ]);
  await database.db.insert(outboxEmails).values({
    template: "manage-link",
    locale: "de",
    toAddress: "stefan.hofmann@example.com",
    payload: { name: "Stefan Hofmann", code: detailCode, eventTitle: "Finale", manageUrl: "http://site.test/my-booking/x" },
    status: "sent",
    sentAt: new Date("2026-03-03T10:00:00Z"),
  });
  const storageKey = `${randomUUID()}.pdf`;
  writeFileSync(path.join(uploadsDir, storageKey), "%PDF-1.4 staff desk test");
  const [upload] = await database.db
    .insert(uploads)
    .values({ bookingId: detailId, storageKey, originalName: "Führerschein scan.pdf", mediaType: "application/pdf", sizeBytes: 24, durationMs: null })
    .returning({ id: uploads.id });
  uploadId = upload?.id ?? "";
});

afterAll(async () => {
  await database.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

async function list(query: string, headers: Record<string, string> = bearer(staffToken)): Promise<StaffBookingsPage> {
  const response = await api.get(`/api/staff/bookings?${query}`, headers);
  expect(response.status, `${await response.clone().text()} ${String(api.errors.at(-1))}`).toBe(200);
  return staffBookingsResponseSchema.parse(await response.json());
}
const codesOf = (page: StaffBookingsPage) => page.data.map((row) => row.code);
const ofEvent = (query: string) => `event=${eventId}&${query}`;

describe("the staff desk's booking list", () => {
  it("finds a booking by its code, typed in any case and without the dash", async () => {
    for (const q of ["SB-CCCCC4", "sb-ccccc4", "sbccccc4"]) expect(codesOf(await list(`q=${encodeURIComponent(q)}`))).toEqual(["SB-CCCCC4"]);
  });

  it("finds bookings by the start of a name, a surname, an e-mail or a phone number", async () => {
    expect(codesOf(await list("q=anna%20zel"))).toEqual(["SB-AAAAA2"]);
    expect(codesOf(await list("q=YILMAZ"))).toEqual(["SB-BBBBB3"]);
    expect(codesOf(await list("q=carla.x%40"))).toEqual(["SB-CCCCC4"]);
    expect(codesOf(await list(`q=${encodeURIComponent("+49 40 7777")}`))).toEqual(["SB-DDDDD5"]);
    expect(codesOf(await list(`q=${encodeURIComponent("4940-7777 8888")}`))).toEqual(["SB-DDDDD5"]);
    // Issue 32: the code without its prefix, "surname forename" (with or without a comma), an
    // address's domain, and a German number written nationally ("030 …" for "+49 30 …").
    expect(codesOf(await list("q=ccccc4"))).toEqual(["SB-CCCCC4"]);
    expect(codesOf(await list("q=zeller%20an"))).toEqual(["SB-AAAAA2"]);
    expect(codesOf(await list(`q=${encodeURIComponent("Zeller, Anna")}`))).toEqual(["SB-AAAAA2"]);
    expect(codesOf(await list("q=yilmaz-bau.de"))).toEqual(["SB-BBBBB3"]);
    expect(codesOf(await list("q=%40yilmaz-bau"))).toEqual(["SB-BBBBB3"]);
    expect(codesOf(await list(`q=${encodeURIComponent("030 1111 2222")}`))).toEqual(["SB-AAAAA2"]);
    expect(codesOf(await list(`q=${encodeURIComponent("0044 20 3333")}`))).toEqual(["SB-BBBBB3"]);
    // A prefix, not a substring: the middle of an address finds nothing (decision 028).
    expect((await list("q=zeller%40")).meta.total).toBe(0);
    // LIKE's wildcards are literal text.
    expect((await list("q=%25")).meta.total).toBe(0);
  });

  it("never lists a draft", async () => {
    const page = await list(ofEvent("sort=submitted_desc"));
    expect(page.data.map((row) => row.uuid)).not.toContain(draftId);
    expect(page.data.every((row) => row.status !== "draft")).toBe(true);
    expect(page.meta.total).toBe(made.length + 4);
  });

  it("filters by status, one or several", async () => {
    expect(codesOf(await list(ofEvent("status=in_review")))).toEqual(["SB-DDDDD5"]);
    expect(new Set(codesOf(await list(ofEvent("status=paid,cancelled"))))).toEqual(new Set(["SB-BBBBB3", "SB-EEEEE6"]));
    expect(new Set(codesOf(await list(ofEvent("status=paid&status=awaiting_payment"))))).toEqual(new Set(["SB-BBBBB3", "SB-CCCCC4"]));
  });

  it("filters by payment option and payment state, each asked as any of, both at once", async () => {
    expect(codesOf(await list(ofEvent("payment=sma")))).toEqual(["SB-DDDDD5"]);
    expect(codesOf(await list(ofEvent("payment=partial")))).toEqual(["SB-CCCCC4"]);
    expect(codesOf(await list(ofEvent("payment=overpaid")))).toEqual(["SB-EEEEE6"]);
    expect(codesOf(await list(ofEvent("payment=credit_card,paid")))).toEqual(["SB-BBBBB3"]);
    expect(new Set(codesOf(await list(ofEvent("payment=credit_card")))).size).toBe(3);
  });

  it("filters by the day of submission in Berlin's calendar", async () => {
    expect(codesOf(await list(ofEvent("from=2026-03-10&to=2026-03-10")))).toEqual(["SB-AAAAA2"]);
    expect(codesOf(await list(ofEvent("from=2026-03-11&to=2026-03-11")))).toEqual(["SB-BBBBB3"]);
    expect(codesOf(await list(ofEvent("from=2026-03-13&to=2026-03-31&sort=submitted_asc")))).toEqual(["SB-DDDDD5", "SB-EEEEE6"]);
    expect(codesOf(await list(ofEvent("to=2026-03-11&from=2026-03-01&sort=submitted_asc")))).toEqual(["SB-AAAAA2", "SB-BBBBB3"]);
  });

  it("filters by event", async () => {
    const page = await list(`event=${pagingEventId}`);
    expect(page.meta.total).toBe(120);
    expect(page.data.every((row) => row.event.uuid === pagingEventId)).toBe(true);
  });

  it("sorts by submission, code, name and total, both ways", async () => {
    const filter = "status=confirmed,paid,awaiting_payment,in_review,cancelled&from=2026-03-01&to=2026-03-31";
    const sorted = (sort: string) => list(ofEvent(`${filter}&sort=${sort}`)).then(codesOf);
    expect(await sorted("submitted_asc")).toEqual(["SB-AAAAA2", "SB-BBBBB3", "SB-CCCCC4", "SB-DDDDD5", "SB-EEEEE6"]);
    expect(await sorted("submitted_desc")).toEqual(["SB-EEEEE6", "SB-DDDDD5", "SB-CCCCC4", "SB-BBBBB3", "SB-AAAAA2"]);
    expect(await sorted("code_desc")).toEqual(["SB-EEEEE6", "SB-DDDDD5", "SB-CCCCC4", "SB-BBBBB3", "SB-AAAAA2"]);
    expect(await sorted("name_asc")).toEqual(["SB-EEEEE6", "SB-DDDDD5", "SB-CCCCC4", "SB-BBBBB3", "SB-AAAAA2"]);
    expect(await sorted("name_desc")).toEqual(["SB-AAAAA2", "SB-BBBBB3", "SB-CCCCC4", "SB-DDDDD5", "SB-EEEEE6"]);
    expect(await sorted("total_desc")).toEqual(["SB-CCCCC4", "SB-BBBBB3", "SB-AAAAA2", "SB-DDDDD5", "SB-EEEEE6"]);
    expect(await sorted("total_asc")).toEqual(["SB-EEEEE6", "SB-DDDDD5", "SB-AAAAA2", "SB-BBBBB3", "SB-CCCCC4"]);
  });

  it("answers pages of 50 with the total and the page count, without overlaps", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(`event=${pagingEventId}&sort=code_asc&page=${page}`)));
    expect(pages.map((page) => page.data.length)).toEqual([50, 50, 20, 0]);
    expect(pages[0]?.meta).toEqual({ page: 1, page_size: 50, total: 120, page_count: 3 });
    const codes = pages.flatMap(codesOf);
    expect(new Set(codes).size).toBe(120);
    expect(codes[0]).toBe("PG-000");
    expect(codes[119]).toBe("PG-119");
  });

  it("describes each row: event, main participant, places, money, payment state, SMA status", async () => {
    const [row] = (await list("q=SB-CCCCC4")).data;
    expect(row).toMatchObject({
      code: "SB-CCCCC4",
      status: "awaiting_payment",
      event: { uuid: eventId },
      main_participant: { name: "Carla Xavier", email: "carla.x@example.org", phone: "+49 89 5555 6666" },
      places: 2,
      total_cents: 30_000,
      paid_cents: 7_500,
      payment_option: "credit_card",
      payment_state: "partial",
      sma_status: "none",
      submitted_at: "2026-03-12T09:00:00.000Z",
    });
  });

  it("names the event in the caller's language", async () => {
    const english = (await list("q=SB-AAAAA2")).data[0]?.event.title;
    const german = (await list("q=SB-AAAAA2", { ...bearer(staffToken), "accept-language": "de" })).data[0]?.event.title;
    expect(english).toBeTruthy();
    expect(german).toBeTruthy();
    expect(german).not.toBe(english);
  });

  it("refuses bad parameters with a 422 in the caller's language, naming each field", async () => {
    for (const query of [
      "status=draft",
      "status=paid,nonsense",
      "payment=cash",
      "sort=surname",
      "page=0",
      "page=abc",
      "from=2026-02-30",
      "event=not-a-uuid",
      "from=2026-03-02&to=2026-03-01",
    ]) {
      const response = await api.get(`/api/staff/bookings?${query}`, { ...bearer(staffToken), "accept-language": "de" });
      expect(response.status, query).toBe(422);
      const body = errorResponseSchema.parse(await response.json());
      expect(body.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(body.errors ?? {}).length, query).toBeGreaterThan(0);
    }
    const order = await api.get("/api/staff/bookings?from=2026-03-02&to=2026-03-01", { ...bearer(staffToken), "accept-language": "de" });
    expect(errorResponseSchema.parse(await order.json()).errors?.to).toEqual(["Das Startdatum darf nicht nach dem Enddatum liegen."]);
    const english = await api.get("/api/staff/bookings?sort=surname", bearer(staffToken));
    const german = await api.get("/api/staff/bookings?sort=surname", { ...bearer(staffToken), "accept-language": "de" });
    expect(errorResponseSchema.parse(await english.json()).errors?.sort).not.toEqual(errorResponseSchema.parse(await german.json()).errors?.sort);
  });
});

describe("one booking in full", () => {
  it("shows answers, people with their type, money, payments, invoices, e-mails and the audit trail in order", async () => {
    const response = await api.get(`/api/staff/bookings/${detailId}`, bearer(staffToken));
    expect(response.status).toBe(200);
    const { data } = staffBookingDetailResponseSchema.parse(await response.json());
    expect(data).toMatchObject({ uuid: detailId, code: detailCode, status: "confirmed", event: { uuid: eventId } });
    expect(data.people[0]).toMatchObject({ role: "main", name: "Stefan Hofmann", email: "stefan.hofmann@example.com", phone: "+49 89 4521 7730" });
    expect(data.people.slice(1).map((person) => person.companion_type)).toEqual(["non_playing", "golf_playing", "golf_playing"]);
    expect(data.answers.length).toBeGreaterThan(0);
    expect(data.answers.every((answer) => answer.label && answer.text)).toBe(true);
    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]?.number).toMatch(/^INV-/);
    expect(data.payments).toEqual([
      expect.objectContaining({
        status: "succeeded",
        amount_cents: 2500,
        provider: "sandbox",
        provider_reference: "cs_test_123",
        succeeded_at: "2026-03-02T10:00:00.000Z",
      }),
    ]);
    expect(data.emails).toEqual([
      expect.objectContaining({ template: "manage-link", to: "stefan.hofmann@example.com", status: "sent", sent_at: "2026-03-03T10:00:00.000Z" }),
    ]);
    expect(data.emails[0]?.subject).toBeTruthy();
    expect(data.uploads).toEqual([
      expect.objectContaining({ uuid: uploadId, name: "Führerschein scan.pdf", media_type: "application/pdf", size_bytes: 24, duration_seconds: null }),
    ]);
    const audit = data.audit.filter((entry) => entry.at.startsWith("2026-03"));
    expect(audit).toEqual([
      expect.objectContaining({
        at: "2026-03-01T10:00:00.000Z",
        from: "in_review",
        to: "confirmed",
        cause: "SMA request verified by staff",
        actor: { uuid: staffId, email: demoAccounts.staff.email },
      }),
      expect.objectContaining({ at: "2026-03-02T10:00:00.000Z", subject: "payment", from: "pending", to: "succeeded", actor: null }),
    ]);
  });

  it("shows a booking's vehicles per day", async () => {
    const trackDay = await database.db.transaction((tx) => insertDemoEventCopy(tx, "trackDayTwoDays", new Date(), siteSettings));
    const resources = await database.db.select().from(eventDayResources).where(eq(eventDayResources.eventId, trackDay.eventId));
    const vehicle = resources.find((resource) => resource.kind === "vehicle" && resource.day === 2);
    if (!vehicle) throw new Error("the track day has no vehicle on day 2");
    const { bookingId } = await createHeldCardBooking(database.db, trackDay.eventId, { resources: [{ resourceId: vehicle.id, quantity: 1 }] });
    const response = await api.get(`/api/staff/bookings/${bookingId}`, { ...bearer(staffToken), "accept-language": "de" });
    const { data } = staffBookingDetailResponseSchema.parse(await response.json());
    expect(data.vehicles).toEqual([
      { day: 2, date: expect.any(String), resources: [expect.objectContaining({ key: vehicle.key, quantity: 1, released: false })] },
    ]);
  });

  it("lists the price lines in the reader's language, adding up to the total, with a reduction and a cancellation's fee (issue 28)", async () => {
    const trackDay = await database.db.transaction((tx) => insertDemoEventCopy(tx, "trackDayTwoDays", new Date(), siteSettings));
    const resources = await database.db.select().from(eventDayResources).where(eq(eventDayResources.eventId, trackDay.eventId));
    const vehicles = resources.filter((resource) => resource.kind === "vehicle" && resource.key === resources.find((r) => r.kind === "vehicle")?.key);
    expect(vehicles).toHaveLength(2);
    const { bookingId } = await createHeldCardBooking(database.db, trackDay.eventId, {
      companions: ["driver"],
      resources: vehicles.map((vehicle) => ({ resourceId: vehicle.id, quantity: 1 })),
    });
    const prices = await database.db.select().from(eventPrices).where(eq(eventPrices.eventId, trackDay.eventId));
    const priceOf = (kind: string, key: string) => {
      const price = prices.find((row) => row.kind === kind && row.key === key);
      if (!price) throw new Error(`no price ${kind}:${key}`);
      return price;
    };
    const vehicleKey = vehicles[0]?.key ?? "";
    const read = async (locale: "en" | "de") => {
      const response = await api.get(`/api/staff/bookings/${bookingId}`, { ...bearer(staffToken), "accept-language": locale });
      return staffBookingDetailResponseSchema.parse(await response.json()).data;
    };
    for (const locale of ["en", "de"] as const) {
      const { money } = await read(locale);
      expect(money.lines).toEqual([
        { kind: "participant", key: "participant", label: priceOf("participant", "participant").label[locale], quantity: 1, unit_cents: 149000, total_cents: 149000 },
        { kind: "companion", key: "driver", label: priceOf("companion", "driver").label[locale], quantity: 1, unit_cents: 99000, total_cents: 99000 },
        {
          kind: "vehicle",
          key: vehicleKey,
          label: priceOf("vehicle", vehicleKey).label[locale],
          quantity: 2,
          unit_cents: priceOf("vehicle", vehicleKey).amountCents,
          total_cents: 2 * priceOf("vehicle", vehicleKey).amountCents,
        },
      ]);
      expect(money.lines.reduce((sum, line) => sum + line.total_cents, 0)).toBe(money.total_cents);
      expect(money).toMatchObject({ credited_cents: 0, cancellation_fee_cents: null });
    }
    await database.db.update(bookings).set({ creditedCents: 5000 }).where(eq(bookings.id, bookingId));
    expect((await read("en")).money.credited_cents).toBe(5000);
    await database.db.update(bookings).set({ status: "cancelled", cancellationFeeCents: 20000 }).where(eq(bookings.id, bookingId));
    expect((await read("de")).money).toMatchObject({ cancellation_fee_cents: 20000 });
  });

  it("answers 404 for a draft and for an unknown uuid, in the caller's language", async () => {
    for (const uuid of [draftId, randomUUID()]) {
      const response = await api.get(`/api/staff/bookings/${uuid}`, { ...bearer(staffToken), "accept-language": "de" });
      expect(response.status).toBe(404);
      expect(errorResponseSchema.parse(await response.json()).code).toBe("NOT_FOUND");
    }
    expect((await api.get("/api/staff/bookings/not-a-uuid", bearer(staffToken))).status).toBe(422);
  });
});

describe("an uploaded file", () => {
  it("is a download for staff: attachment, its own type, nosniff, no-store", async () => {
    const response = await api.get(`/api/staff/bookings/${detailId}/uploads/${uploadId}`, bearer(staffToken));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="F_hrerschein_scan.pdf"; filename\*=UTF-8''F%C3%BChrerschein%20scan.pdf$/,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toBe("%PDF-1.4 staff desk test");
  });

  it("is not found through another booking, or when it does not exist", async () => {
    const [other] = (await list("q=SB-AAAAA2")).data;
    expect((await api.get(`/api/staff/bookings/${other?.uuid}/uploads/${uploadId}`, bearer(staffToken))).status).toBe(404);
    expect((await api.get(`/api/staff/bookings/${detailId}/uploads/${randomUUID()}`, bearer(staffToken))).status).toBe(404);
    expect((await api.get(`/api/staff/bookings/${draftId}/uploads/${uploadId}`, bearer(staffToken))).status).toBe(404);
  });
});

/**
 * Who may call what: one row per caller (the admin role adds one row here). Every staff call is
 * asked with each, with valid parameters, and with invalid ones (a refusal comes before validation).
 */
const callers: { who: string; headers: () => Record<string, string>; status: number }[] = [
  { who: "anonymous", headers: () => ({}), status: 401 },
  { who: "a bad token", headers: () => bearer("not-a-token"), status: 401 },
  { who: "a customer", headers: () => bearer(customerToken), status: 403 },
  { who: "staff without the second factor", headers: () => bearer(passwordOnlyStaffToken), status: 403 },
  { who: "staff", headers: () => bearer(staffToken), status: 200 },
  { who: "an admin", headers: () => bearer(adminToken), status: 200 },
];
const calls = () => [
  `/api/staff/bookings`,
  `/api/staff/bookings?${ofEvent("q=anna&sort=name_asc")}`,
  `/api/staff/bookings/${detailId}`,
  `/api/staff/bookings/${detailId}/uploads/${uploadId}`,
];

describe("the authorization matrix", () => {
  for (const caller of callers) {
    it(`answers ${caller.who} ${caller.status} on every call`, async () => {
      for (const call of calls()) {
        const response = await api.get(call, { ...caller.headers(), "accept-language": "de" });
        expect(response.status, `${caller.who} ${call}`).toBe(caller.status);
        if (caller.status !== 200) expect(errorResponseSchema.parse(await response.json()).message).toBeTruthy();
      }
    });
  }

  it("refuses before it validates: the anonymous and customers learn nothing from a bad parameter", async () => {
    for (const caller of callers.filter((candidate) => candidate.status !== 200)) {
      expect((await api.get("/api/staff/bookings?sort=nonsense", caller.headers())).status).toBe(caller.status);
      expect((await api.get("/api/staff/bookings/not-a-uuid", caller.headers())).status).toBe(caller.status);
    }
  });
});
