import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manageBookingResponseSchema } from "../../core/contracts/manage-booking";
import { errorResponseSchema } from "../../core/contracts/errors";
import { addDays, operatorToday } from "../../core/domain/dates";
import { manageLinkToken } from "../../server/bookings/manage-links";
import { publishDraftAsVersion } from "../../server/db/form-versions";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, formItems, forms, outboxEmails } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createDraftBooking, createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * "Manage my booking" through its API (decision 023): the signed link opens the booking; a wrong link
 * is 404, a revoked or expired one 410; later details are saved only for the items that may be
 * completed later and only until the form's deadline; every refused call leaves the database as it was.
 */

const secret = "test-secret-of-at-least-thirty-two-characters";
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
});
afterAll(async () => {
  await database.close();
});

const tokenOf = (bookingId: string, generation = 0) => manageLinkToken(secret, { id: bookingId, manageLinkGeneration: generation });
const get = (token: string, locale = "en") => api.app.request(`/api/booking/manage/${token}`, { headers: { "accept-language": locale } });
const put = (token: string, answers: Record<string, unknown>, locale = "en") =>
  api.app.request(`/api/booking/manage/${token}/details`, {
    method: "PUT",
    headers: { "content-type": "application/json", "accept-language": locale },
    body: JSON.stringify({ answers }),
  });

async function itemId(eventId: string, name: string) {
  const [form] = await database.db.select({ id: forms.id }).from(forms).where(eq(forms.eventId, eventId));
  const rows = await database.db.select({ id: formItems.id, name: formItems.name, pageId: formItems.pageId }).from(formItems);
  const { formPages } = await import("../../server/db/schema");
  const pages = await database.db.select({ id: formPages.id }).from(formPages).where(eq(formPages.formId, form?.id ?? ""));
  const found = rows.find((row) => row.name === name && pages.some((page) => page.id === row.pageId));
  if (!found) throw new Error(`no item ${name}`);
  return found.id;
}

async function tripBooking() {
  const { bookingId } = await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip, { companions: ["non_playing"] });
  return bookingId;
}

const auditOf = (bookingId: string) => database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id));

describe("GET api/booking/manage/{token}", () => {
  it("answers the booking as the page shows it: status, event, people with companion types, money with the pay link, later details", async () => {
    const bookingId = await tripBooking();
    const response = await get(tokenOf(bookingId));
    expect(response.status).toBe(200);
    const { data } = manageBookingResponseSchema.parse(await response.json());
    expect(data).toMatchObject({ uuid: bookingId, status: "submitted", event: { uuid: seedIds.events.golfYogaTrip } });
    expect(data.people.map((person) => [person.role, person.companion_type])).toEqual([
      ["main", null],
      ["companion", "non_playing"],
    ]);
    expect(data.money.due?.amount_cents).toBeGreaterThan(0);
    expect(data.money.pay_url).toMatch(/^http:\/\/site\.test\/pay\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(data.later_details.open).toBe(true);
    expect(data.later_details.items.map((item) => item.name)).toEqual(["dietary_requirements"]);
  });

  it("answers in German for a German client", async () => {
    const bookingId = await tripBooking();
    const { data } = manageBookingResponseSchema.parse(await (await get(tokenOf(bookingId), "de")).json());
    expect(data.later_details.items[0]?.label).toBe("Ernährungswünsche oder Allergien");
  });

  it("a wrong, malformed, unknown or draft link is 404, alike", async () => {
    const bookingId = await tripBooking();
    const token = tokenOf(bookingId);
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const draftId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip);
    for (const wrong of [tampered, "not-a-token", tokenOf(randomUUID()), tokenOf(draftId), tokenOf(bookingId, 5), manageLinkToken("another-secret-of-enough-length-12345", { id: bookingId, manageLinkGeneration: 0 })]) {
      const response = await get(wrong);
      expect(response.status, wrong).toBe(404);
      expect(errorResponseSchema.parse(await response.json()).code).toBe("NOT_FOUND");
    }
  });
});

describe("PUT api/booking/manage/{token}/details", () => {
  it("saves an item that may be completed later, with one audit row, in one transaction", async () => {
    const bookingId = await tripBooking();
    const dietary = await itemId(seedIds.events.golfYogaTrip, "dietary_requirements");
    const response = await put(tokenOf(bookingId), { [dietary]: "Vegetarian, no nuts" });
    expect(response.status).toBe(200);
    const { data } = manageBookingResponseSchema.parse(await response.json());
    expect(data.later_details.answers[dietary]).toBe("Vegetarian, no nuts");
    expect(data.answers.find((answer) => answer.item_uuid === dietary)?.text).toBe("Vegetarian, no nuts");
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.answers[dietary]).toBe("Vegetarian, no nuts");
    const audit = (await auditOf(bookingId)).at(-1);
    expect(audit).toMatchObject({ fromStatus: "submitted", toStatus: "submitted", details: { action: "later_details_saved", items: [dietary] } });
  });

  it("refuses items not marked for later and answers the kind registry refuses, per item uuid, changing nothing", async () => {
    const bookingId = await tripBooking();
    const dietary = await itemId(seedIds.events.golfYogaTrip, "dietary_requirements");
    const surname = await itemId(seedIds.events.golfYogaTrip, "main.surname");
    const before = await snapshotDatabase(database.db);
    const notForLater = await put(tokenOf(bookingId), { [surname]: "Someone Else" });
    expect(notForLater.status).toBe(422);
    expect(errorResponseSchema.parse(await notForLater.json()).errors?.[surname]?.[0]).toBe("This item cannot be changed after booking.");
    const tooLong = await put(tokenOf(bookingId), { [dietary]: "x".repeat(501) });
    expect(tooLong.status).toBe(422);
    // The message names the item's limit (issue 32), in the request's language.
    expect(errorResponseSchema.parse(await tooLong.json()).errors?.[dietary]).toEqual(["This is too long: at most 500 characters."]);
    const tooLongInGerman = await put(tokenOf(bookingId), { [dietary]: "x".repeat(501) }, "de");
    expect(errorResponseSchema.parse(await tooLongInGerman.json()).errors?.[dietary]).toEqual(["Die Eingabe ist zu lang: höchstens 500 Zeichen."]);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("after the form's deadline the details are read-only: 409, and nothing changes", async () => {
    const { bookingId } = await createHeldCardBooking(database.db, seedIds.events.golfCircleTournament);
    const [form] = await database.db.select({ id: forms.id }).from(forms).where(eq(forms.eventId, seedIds.events.golfCircleTournament));
    const [event] = await database.db.select().from(events).where(eq(events.id, seedIds.events.golfCircleTournament));
    // Marks an item of this form for later, and puts the deadline a day behind us.
    const homeClub = await itemId(seedIds.events.golfCircleTournament, "golf.home_club");
    await database.db.update(formItems).set({ options: { maxLength: 120, completableLater: true } }).where(eq(formItems.id, homeClub));
    // Published, and the booking moved onto that version: bookings read their own version (decision 036).
    const { version } = await publishDraftAsVersion(database.db, form?.id ?? "", null, new Date());
    await database.db.update(bookings).set({ formVersionId: version.id }).where(eq(bookings.id, bookingId));
    const daysToStart = Math.round((Date.parse(event?.startsOn ?? "") - Date.parse(operatorToday(new Date()))) / 86_400_000);
    await database.db.update(forms).set({ laterDetailsDaysBeforeEvent: daysToStart + 1 }).where(eq(forms.id, form?.id ?? ""));
    const { data } = manageBookingResponseSchema.parse(await (await get(tokenOf(bookingId))).json());
    expect(data.later_details).toMatchObject({ open: false, closes_on: addDays(operatorToday(new Date()), -1) });
    const before = await snapshotDatabase(database.db);
    const late = await put(tokenOf(bookingId), { [homeClub]: "GC Ostsee" });
    expect(late.status).toBe(409);
    expect(await snapshotDatabase(database.db)).toEqual(before);
    // The day before the deadline it is open.
    await database.db.update(forms).set({ laterDetailsDaysBeforeEvent: daysToStart - 1 }).where(eq(forms.id, form?.id ?? ""));
    expect((await put(tokenOf(bookingId), { [homeClub]: "GC Ostsee" })).status).toBe(200);
  });
});

describe("a new link revokes the old one", () => {
  it("raises the generation with an audit row and mails the new link to the booking's address; the old link is 410, the new one works", async () => {
    const bookingId = await tripBooking();
    const oldToken = tokenOf(bookingId);
    const sent = await api.services.manage.renewLink({ user: null }, { token: oldToken });
    expect(sent.sentTo).toMatch(/^buyer-/);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.manageLinkGeneration).toBe(1);
    expect((await auditOf(bookingId)).at(-1)).toMatchObject({ details: { action: "manage_link_renewed", generation: 1 } });
    const [mail] = await database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.template, "manage-link"), eq(outboxEmails.toAddress, sent.sentTo)));
    expect(String(mail?.payload.manageUrl)).toBe(`http://site.test/my-booking/${tokenOf(bookingId, 1)}`);

    const before = await snapshotDatabase(database.db);
    const revoked = await get(oldToken);
    expect(revoked.status).toBe(410);
    expect(errorResponseSchema.parse(await revoked.json())).toMatchObject({ code: "GONE", message: "This link is no longer valid: a newer link to this booking was sent by e-mail." });
    const dietary = await itemId(seedIds.events.golfYogaTrip, "dietary_requirements");
    expect((await put(oldToken, { [dietary]: "Vegan" })).status).toBe(410);
    await expect(api.services.manage.renewLink({ user: null }, { token: oldToken })).rejects.toMatchObject({ code: "GONE" });
    expect(await snapshotDatabase(database.db)).toEqual(before);
    expect((await get(tokenOf(bookingId, 1))).status).toBe(200);
  });

  it("is rate-limited per booking: the fourth new link within the hour is refused and changes nothing", async () => {
    const bookingId = await tripBooking();
    for (let generation = 0; generation < 3; generation += 1) await api.services.manage.renewLink({ user: null }, { token: tokenOf(bookingId, generation) });
    await expect(api.services.manage.renewLink({ user: null }, { token: tokenOf(bookingId, 3) })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.manageLinkGeneration).toBe(3);
    expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.template, "manage-link"))).toHaveLength(4);
  });
});

describe("the invoice and the calendar through the link", () => {
  it("an invoice booking's PDF opens with its manage link; the .ics has the event's days", async () => {
    const [final] = await database.db.select().from(bookings).where(eq(bookings.eventId, seedIds.events.golfCircleFinal)).limit(1);
    if (!final) throw new Error("the final has bookings");
    const token = tokenOf(final.id);
    const pdf = await api.services.manage.invoicePdf({ user: null }, { token });
    expect(pdf?.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const [event] = await database.db.select().from(events).where(eq(events.id, seedIds.events.golfCircleFinal));
    const { ics } = await api.services.manage.calendar({ user: null }, { token, locale: "de" });
    expect(ics).toContain(`DTSTART;VALUE=DATE:${event?.startsOn.replace(/-/g, "")}`);
    expect(ics).toContain(`UID:${final.id}@site.test`);
    // The event's public page (its slug once it has one), never the private manage link.
    expect(ics).toMatch(/\r\nURL:http:\/\/site\.test\/de\/events[^\r\n]*\r\n/);
    expect(ics).not.toContain("my-booking");
  });
});

describe("after the event", () => {
  it("every link of the booking has expired: 410 with its own message, and a refused save changes nothing", async () => {
    const { bookingId } = await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip);
    const dietary = await itemId(seedIds.events.golfYogaTrip, "dietary_requirements");
    const yesterday = addDays(operatorToday(new Date()), -1);
    await database.db.update(events).set({ startsOn: addDays(yesterday, -3), endsOn: yesterday }).where(eq(events.id, seedIds.events.golfYogaTrip));
    const before = await snapshotDatabase(database.db);
    const expired = await get(tokenOf(bookingId));
    expect(expired.status).toBe(410);
    expect(errorResponseSchema.parse(await expired.json()).message).toBe("This link has expired: the event is over.");
    expect((await put(tokenOf(bookingId), { [dietary]: "Vegan" })).status).toBe(410);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});
