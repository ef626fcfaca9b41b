import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publicEventsResponseSchema } from "../../core/contracts/events";
import { staffFormResponseSchema } from "../../core/contracts/form-definitions";
import { staffEventResponseSchema, type StaffEvent, type StaffEventInput } from "../../core/contracts/staff-catalogue";
import { bookingPriceLines } from "../../core/domain/booking-choices";
import type { DatabaseHandle } from "../../server/db/client";
import { eventPrices, events } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { staffCallerHeaders, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * Issue 28, "Prices that cannot go missing". The finding: an event whose main participant's price row
 * had the key `driver` instead of `participant` published fine, advertised "from €1,490.00 per person"
 * and booked at €0.00. Now the main participant's row is fixed, saving or publishing an event or a form
 * where anything bookable has no price is refused naming it, and the "from" price reads the booking's row.
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

const send = (method: string, path: string, body?: unknown, language = "en") =>
  api.app.request(path, {
    method,
    headers: { ...headers.staff, "content-type": "application/json", "accept-language": language },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const readEvent = async (eventId: string) => staffEventResponseSchema.parse(await (await send("GET", `/api/staff/events/${eventId}`)).json()).data;

/** The edit input that saves an event unchanged. */
const inputOf = (event: StaffEvent): StaffEventInput => ({
  category_id: event.category_id,
  title: { en: event.title.en ?? "", de: event.title.de ?? "" },
  teaser: { en: event.teaser.en ?? "", de: event.teaser.de ?? "" },
  description: { en: event.description.en ?? "", de: event.description.de ?? "" },
  location: { en: event.location.en ?? "", de: event.location.de ?? "" },
  image_url: event.image_url,
  image_alt: { en: event.image_alt.en ?? "", de: event.image_alt.de ?? "" },
  starts_on: event.starts_on,
  ends_on: event.ends_on,
  bookable_from: event.bookable_from,
  registration_deadline: event.registration_deadline,
  capacity: event.capacity,
  min_participants: event.min_participants,
  prices: event.prices.map((price) => ({ ...price, label: { en: price.label.en ?? "", de: price.label.de ?? "" } })),
  resources: event.resources.map(({ day, kind, key, stock }) => ({ day, kind, key, stock })),
});

const priced = (kind: StaffEventInput["prices"][number]["kind"], key: string, cents: number) => ({
  kind,
  key,
  label: { en: key, de: "" },
  amount_cents: cents,
  vat_rate_basis_points: 1900,
  per_day: false,
});

describe("the main participant's price", () => {
  it("refuses an event whose main participant's row has another key, naming the main participant; nothing is written", async () => {
    const golf = inputOf(await readEvent(seedIds.events.golfYogaTrip));
    const input: StaffEventInput = {
      ...golf,
      slugs: { en: "driver-keyed", de: "" },
      title: { en: "Driver keyed", de: "" },
      prices: [priced("participant", "driver", 149_000)],
      resources: [],
    };
    const before = await snapshotDatabase(database.db);
    const response = await send("POST", "/api/staff/events", input);
    expect(response.status).toBe(422);
    const answer = errorResponseSchema.parse(await response.json());
    expect(answer.errors?.["prices.0.key"]).toBeDefined();
    expect(await snapshotDatabase(database.db)).toEqual(before);

    // Without the row at all: the message names what lacks a price, in the staff member's language.
    const without = await send("POST", "/api/staff/events", { ...input, prices: [] }, "de");
    expect(without.status).toBe(422);
    const german = errorResponseSchema.parse(await without.json());
    expect(german.message).toBe("Nichts wurde gespeichert. In der Preisliste fehlt ein Preis für: Hauptteilnehmer.");
    expect(german.errors?.prices?.[0]).toBe("In der Preisliste der Veranstaltung fehlt ein Preis für: Hauptteilnehmer.");
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("refuses to publish an event stored with such a row, and its public 'from' price is the row the booking reads", async () => {
    const eventId = seedIds.events.golfCircleTournament;
    // An event written before these rules (or by hand): its main participant's row is keyed `driver`.
    await database.db
      .update(eventPrices)
      .set({ key: "driver" })
      .where(and(eq(eventPrices.eventId, eventId), eq(eventPrices.kind, "participant")));
    const fromPrice = async () => {
      const list = publicEventsResponseSchema.parse(await (await api.app.request("/api/public-events")).json()).data;
      return list.find((event) => event.uuid === eventId)?.price_from_cents;
    };
    // Published, it advertises no "from" price rather than one the booking does not charge.
    const rows = await database.db.select().from(eventPrices).where(eq(eventPrices.eventId, eventId));
    const charged = bookingPriceLines(
      rows.map((row) => ({ kind: row.kind, key: row.key, amount_cents: row.amountCents })),
      [],
      [],
      [],
    )[0]?.unitCents;
    expect(charged).toBe(0);
    expect(await fromPrice()).toBeNull();

    await database.db.update(events).set({ published: false }).where(eq(events.id, eventId));
    const before = await snapshotDatabase(database.db);
    const response = await send("POST", `/api/staff/events/${eventId}/state`, { change: "publish" });
    expect(response.status).toBe(409);
    expect(errorResponseSchema.parse(await response.json()).message).toBe(
      "The event was not published. No price in its price list for: Main participant.",
    );
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("shows the main participant's row as the 'from' price when it is there", async () => {
    const list = publicEventsResponseSchema.parse(await (await api.app.request("/api/public-events")).json()).data;
    expect(list.find((event) => event.uuid === seedIds.events.golfYogaTrip)?.price_from_cents).toBe(10_800);
  });
});

describe("everything bookable has a price", () => {
  it("refuses an event whose per-day resources have no price, naming them; a price of 0 is a price", async () => {
    const track = inputOf(await readEvent(seedIds.events.trackDayTwoDays));
    const before = await snapshotDatabase(database.db);
    const withoutRaceCar = track.prices.filter((price) => !(price.kind === "vehicle" && price.key === "race_car"));
    const response = await send("PUT", `/api/staff/events/${seedIds.events.trackDayTwoDays}`, {
      ...track,
      prices: withoutRaceCar,
      resources: [...track.resources, { day: 1, kind: "pit_box", key: "pit_box_large", stock: 2 }],
    });
    expect(response.status).toBe(422);
    const answer = errorResponseSchema.parse(await response.json());
    expect(answer.message).toBe("Nothing was saved. No price in the price list for: Vehicle “race_car”, Add-on “pit_box_large”.");
    expect(answer.errors?.prices?.[0]).toBe("No price in the event's price list for: Vehicle “race_car”, Add-on “pit_box_large”.");
    expect(await snapshotDatabase(database.db)).toEqual(before);
    // The own car costs 0: that is its price, and the event saves.
    expect(track.prices.find((price) => price.key === "own_car")?.amount_cents).toBe(0);
    expect((await send("PUT", `/api/staff/events/${seedIds.events.trackDayTwoDays}`, track)).status).toBe(200);
  });

  it("refuses to drop the price of a companion type the event's booking form allows", async () => {
    const golf = inputOf(await readEvent(seedIds.events.golfYogaTrip));
    const before = await snapshotDatabase(database.db);
    const response = await send("PUT", `/api/staff/events/${seedIds.events.golfYogaTrip}`, {
      ...golf,
      prices: golf.prices.filter((price) => price.key !== "non_playing"),
    });
    expect(response.status).toBe(422);
    expect(errorResponseSchema.parse(await response.json()).message).toBe("Nothing was saved. No price in the price list for: Non-playing companion.");
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("refuses a companion price row under a key that is no companion type", async () => {
    const golf = inputOf(await readEvent(seedIds.events.golfYogaTrip));
    const response = await send("PUT", `/api/staff/events/${seedIds.events.golfYogaTrip}`, { ...golf, prices: [...golf.prices, priced("companion", "cousin", 100)] });
    expect(response.status).toBe(422);
    expect(errorResponseSchema.parse(await response.json()).errors?.[`prices.${golf.prices.length}.key`]).toBeDefined();
  });

  it("refuses to save or publish a form that offers a companion type or a vehicle choice without a price, naming them at the item", async () => {
    const formId = seedIds.forms.golfYogaTrip;
    const form = staffFormResponseSchema.parse(await (await send("GET", `/api/staff/forms/${formId}`)).json()).data;
    const companion = form.draft.pages.flatMap((page) => page.items).find((item) => item.kind === "companion");
    if (!companion) throw new Error("the golf trip's form has a companion item");
    const definition = {
      pages: form.draft.pages.map((page) => ({
        ...page,
        items: page.items.map((item) =>
          item.uuid === companion.uuid ? { ...item, options: { ...item.options, types: ["golf_playing", "non_playing", "co_driver"] } } : item,
        ),
      })),
    };
    const before = await snapshotDatabase(database.db);
    const response = await send("PUT", `/api/staff/forms/${formId}`, definition, "de");
    expect(response.status).toBe(422);
    const answer = errorResponseSchema.parse(await response.json());
    expect(answer.errors?.[`items.${companion.uuid}.options.types`]).toEqual(["In der Preisliste der Veranstaltung fehlt ein Preis für: Beifahrer."]);
    expect(await snapshotDatabase(database.db)).toEqual(before);

    // A price row of the right key but another kind is no price for it.
    const golf = inputOf(await readEvent(seedIds.events.golfYogaTrip));
    expect((await send("PUT", `/api/staff/events/${seedIds.events.golfYogaTrip}`, { ...golf, prices: [...golf.prices, priced("addon", "co_driver", 100)] })).status).toBe(200);
    expect((await send("PUT", `/api/staff/forms/${formId}`, definition)).status).toBe(422);

    // A draft stored before the rules (by hand here) is refused at publishing too.
    await database.db.delete(eventPrices).where(and(eq(eventPrices.eventId, seedIds.events.golfYogaTrip), eq(eventPrices.key, "golf_playing")));
    const publish = await send("POST", `/api/staff/forms/${formId}/publish`);
    expect(publish.status).toBe(422);
    expect(errorResponseSchema.parse(await publish.json()).errors?.[`items.${companion.uuid}.options.types`]).toEqual([
      "No price in the event's price list for: Golf-playing companion.",
    ]);
  });
});
