import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publicEventsResponseSchema } from "../../core/contracts/events";
import {
  staffCategoriesResponseSchema,
  staffCategoryResponseSchema,
  staffEventResponseSchema,
  staffEventsResponseSchema,
  type StaffEventInput,
} from "../../core/contracts/staff-catalogue";
import type { DatabaseHandle } from "../../server/db/client";
import { eventDayResources, events, formItems, formPages, forms, formVersions, staffAuditLog } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { isCheckViolation } from "../../server/staff/catalogue/catalogue-records";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { expectMatrixStatus, staffCallerHeaders, staffCallers, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * The back office's catalogue (issue 14, decision 034): staff create and change categories and events
 * in both languages, duplicate an event with its prices, resources and form, publish and archive it;
 * the public list shows each change at once. Lowering a capacity or stock below what is booked, bad
 * input and every caller without staff powers are refused, changing nothing.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let headers: Record<StaffCaller, Record<string, string>>;

beforeAll(async () => {
  database = await createTestDatabase();
  // A read cache as in production: the public list must still show each change at once.
  api = createTestApi(database, { cacheTtlMs: 60_000 });
  headers = await staffCallerHeaders(api);
});
afterAll(async () => {
  await database.close();
});

const send = (method: string, path: string, body: unknown, caller: StaffCaller = "staff", language = "en") =>
  api.app.request(path, {
    method,
    headers: { ...headers[caller], "content-type": "application/json", "accept-language": language },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const categoryInput = (en: string, de: string, slugs: { en?: string; de?: string } = {}) => ({
  translations: {
    en: { name: en, slug: slugs.en ?? "", description: `${en} events` },
    de: { name: de, slug: slugs.de ?? "", description: de ? `${de} Veranstaltungen` : "" },
  },
});

const eventInput = (categoryId: number, overrides: Partial<StaffEventInput> = {}): StaffEventInput => ({
  category_id: categoryId,
  title: { en: "Alpine Golf Week", de: "Alpen-Golfwoche" },
  teaser: { en: "Five days of golf", de: "" },
  description: { en: "<p>Golf <script>alert(1)</script>in the Alps</p>", de: "<p>Golf in den Alpen</p>" },
  location: { en: "Kitzbühel", de: "Kitzbühel" },
  image_url: "/images/golf.jpg",
  image_alt: { en: "A green", de: "Ein Grün" },
  starts_on: "2030-06-01",
  ends_on: "2030-06-05",
  bookable_from: null,
  registration_deadline: "2030-05-20T18:00:00+02:00",
  capacity: 20,
  min_participants: 4,
  prices: [
    {
      kind: "participant",
      key: "participant",
      label: { en: "Participant", de: "Teilnehmer" },
      amount_cents: 150_000,
      vat_rate_basis_points: 1900,
      per_day: false,
    },
    { kind: "addon", key: "pit_box", label: { en: "Pit box", de: "" }, amount_cents: 5_000, vat_rate_basis_points: 1900, per_day: true },
    // Every resource has a price (issue 28); the own car's is 0.
    { kind: "vehicle", key: "street_gt", label: { en: "Street GT", de: "Straßen-GT" }, amount_cents: 60_000, vat_rate_basis_points: 1900, per_day: true },
    { kind: "vehicle", key: "own_car", label: { en: "Own car", de: "Eigenes Auto" }, amount_cents: 0, vat_rate_basis_points: 1900, per_day: true },
  ],
  resources: [
    { day: 1, kind: "vehicle", key: "street_gt", stock: 3 },
    { day: 1, kind: "vehicle", key: "own_car", stock: null },
  ],
  ...overrides,
});

const publicEvents = async (language: string) =>
  publicEventsResponseSchema.parse(await (await api.app.request("/api/public-events", { headers: { "accept-language": language } })).json()).data;

describe("categories in the back office", () => {
  let categoryId = 0;

  it("creates a category in both languages with slugs made from the names; a German slug taken is the field's error", async () => {
    const response = await send("POST", "/api/staff/categories", categoryInput("Golf Weeks", "Golfwochen"));
    expect(response.status).toBe(201);
    const { data } = staffCategoryResponseSchema.parse(await response.json());
    categoryId = data.id;
    expect(data.translations.en).toMatchObject({ name: "Golf Weeks", slug: "golf-weeks" });
    expect(data.translations.de).toMatchObject({ name: "Golfwochen", slug: "golfwochen" });
    expect(data.missing_translations).toEqual([]);

    const before = await snapshotDatabase(database.db);
    const clash = await send("POST", "/api/staff/categories", categoryInput("Other", "Andere", { de: "golfwochen" }), "staff", "de");
    expect(clash.status).toBe(422);
    const answer = errorResponseSchema.parse(await clash.json());
    expect(answer.errors?.["translations.de.slug"]?.[0]).toBe("Diese Adresse wird in dieser Sprache schon verwendet. Bitte wählen Sie eine andere.");
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("changes a category, lists what is left to translate, and deletes only an empty one", async () => {
    const changed = await send("PUT", `/api/staff/categories/${categoryId}`, categoryInput("Golf Weeks", ""));
    expect(changed.status).toBe(200);
    expect(staffCategoryResponseSchema.parse(await changed.json()).data).toMatchObject({
      translations: { de: null },
      missing_translations: ["translations.name.de", "translations.description.de"],
    });
    const list = staffCategoriesResponseSchema.parse(await (await send("GET", "/api/staff/categories", undefined)).json()).data;
    expect(list.find((category) => category.id === categoryId)).toBeDefined();

    const [used] = await database.db.select({ categoryId: events.categoryId }).from(events).where(eq(events.id, seedIds.events.golfYogaTrip));
    const before = await snapshotDatabase(database.db);
    const refused = await send("DELETE", `/api/staff/categories/${used?.categoryId}`, undefined);
    expect(refused.status).toBe(409);
    expect(await snapshotDatabase(database.db)).toEqual(before);

    const empty = staffCategoryResponseSchema.parse(await (await send("POST", "/api/staff/categories", categoryInput("Empty", "Leer"))).json()).data;
    expect((await send("DELETE", `/api/staff/categories/${empty.id}`, undefined, "admin")).status).toBe(200);
    const audit = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "category_deleted"));
    expect(audit[0]).toMatchObject({ actorEmail: demoAccounts.admin.email, details: { category: empty.id } });
  });
});

describe("events in the back office", () => {
  let categoryId = 0;
  let eventId = "";

  beforeAll(async () => {
    categoryId = staffCategoryResponseSchema.parse(await (await send("POST", "/api/staff/categories", categoryInput("Tours", "Touren"))).json()).data.id;
  });

  it("creates an event unpublished, sanitized, with prices, resources and what is left to translate", async () => {
    const response = await send("POST", "/api/staff/events", eventInput(categoryId));
    expect(response.status).toBe(201);
    const { data } = staffEventResponseSchema.parse(await response.json());
    eventId = data.uuid;
    expect(data).toMatchObject({ published: false, archived: false, capacity: 20, slugs: { en: "alpine-golf-week", de: "alpen-golfwoche" } });
    expect(data.description.en).toBe("<p>Golf in the Alps</p>");
    expect(data.prices.map((price) => price.key)).toEqual(["participant", "pit_box", "street_gt", "own_car"]);
    expect(data.resources).toEqual([
      { day: 1, kind: "vehicle", key: "own_car", stock: null, used: 0 },
      { day: 1, kind: "vehicle", key: "street_gt", stock: 3, used: 0 },
    ]);
    expect(data.missing_translations).toEqual(["teaser.de", "prices.addon.pit_box.label.de"]);
    expect((await publicEvents("en")).some((event) => event.uuid === eventId)).toBe(false);
    // The seed's own rows (decision 043) come first: the staff member's is the one naming them.
    const [audit] = await database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, "event_created"), eq(staffAuditLog.actorEmail, demoAccounts.staff.email)));
    expect(audit).toMatchObject({ actorEmail: demoAccounts.staff.email, details: { event: eventId } });
  });

  it("publishes it: the public list shows it at once, in German with the English teaser where German is missing", async () => {
    const response = await send("POST", `/api/staff/events/${eventId}/state`, { change: "publish" });
    expect(response.status).toBe(200);
    const german = (await publicEvents("de")).find((event) => event.uuid === eventId);
    expect(german).toMatchObject({ title: "Alpen-Golfwoche", teaser: "Five days of golf", slug: "alpen-golfwoche" });
    const listed = staffEventsResponseSchema.parse(await (await send("GET", "/api/staff/events?view=upcoming", undefined)).json()).data;
    expect(listed.find((event) => event.uuid === eventId)).toMatchObject({
      published: true,
      missing_translations: ["teaser.de", "prices.addon.pit_box.label.de"],
    });
  });

  it("refuses a capacity below the places taken and a stock below what is used, with the numbers, changing nothing", async () => {
    await database.db.update(events).set({ placesTaken: 5 }).where(eq(events.id, eventId));
    await database.db
      .update(eventDayResources)
      .set({ used: 2 })
      .where(and(eq(eventDayResources.eventId, eventId), eq(eventDayResources.key, "street_gt")));
    const before = await snapshotDatabase(database.db);
    const capacity = await send("PUT", `/api/staff/events/${eventId}`, eventInput(categoryId, { capacity: 4 }), "staff", "de");
    expect(capacity.status).toBe(409);
    const answer = errorResponseSchema.parse(await capacity.json());
    expect(answer.message).toBe("Die Kapazität darf nicht unter den 5 bereits vergebenen Plätzen liegen.");
    expect(answer.errors?.capacity?.[0]).toBe(answer.message);
    const lowered = eventInput(categoryId, { resources: [{ day: 1, kind: "vehicle", key: "street_gt", stock: 1 }] });
    const stock = await send("PUT", `/api/staff/events/${eventId}`, lowered);
    expect(stock.status).toBe(409);
    expect(errorResponseSchema.parse(await stock.json()).errors?.["resources.0.stock"]?.[0]).toBe(
      "The stock of “street_gt” cannot be lower than the 2 already booked.",
    );
    const removed = await send("PUT", `/api/staff/events/${eventId}`, eventInput(categoryId, { resources: [] }));
    expect(removed.status).toBe(409);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("recognizes the database's capacity and stock checks, which answer a booking racing the change with the same message", async () => {
    // Under concurrency the verb's own check can pass and the write then meet these checks: the verb maps exactly these violations.
    const capacityError = await database.db
      .update(events)
      .set({ capacity: 1 })
      .where(eq(events.id, eventId))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isCheckViolation(capacityError, "events_places_taken_within_capacity")).toBe(true);
    const stockError = await database.db
      .update(eventDayResources)
      .set({ stock: 1 })
      .where(and(eq(eventDayResources.eventId, eventId), eq(eventDayResources.key, "street_gt")))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isCheckViolation(stockError, "event_day_resources_used_within_stock")).toBe(true);
    expect(isCheckViolation(stockError, "events_places_taken_within_capacity")).toBe(false);
  });

  it("changes the event: texts, a typed slug (a taken one is the field's error), a stock not below what is used", async () => {
    const response = await send(
      "PUT",
      `/api/staff/events/${eventId}`,
      eventInput(categoryId, { capacity: 30, teaser: { en: "Five days of golf", de: "Fünf Tage Golf" }, slugs: { en: "alpine-golf", de: "" } }),
    );
    expect(response.status).toBe(200);
    const { data } = staffEventResponseSchema.parse(await response.json());
    expect(data).toMatchObject({ capacity: 30, places_taken: 5, slugs: { en: "alpine-golf", de: "alpen-golfwoche" } });
    expect(data.resources.find((resource) => resource.key === "street_gt")).toMatchObject({ stock: 3, used: 2 });
    const clash = await send("PUT", `/api/staff/events/${seedIds.events.golfYogaTrip}`, { ...eventInput(categoryId), slugs: { en: "alpine-golf", de: "" } });
    expect(clash.status).toBe(422);
    expect(errorResponseSchema.parse(await clash.json()).errors?.["slugs.en"]).toHaveLength(1);
  });

  it("duplicates an event with new dates: prices, resources (nothing used) and the form are copied, unpublished", async () => {
    const source = seedIds.events.trackDayTwoDays;
    const response = await send("POST", `/api/staff/events/${source}/duplicate`, { starts_on: "2031-04-10", ends_on: "2031-04-11" });
    expect(response.status).toBe(201);
    const copy = staffEventResponseSchema.parse(await response.json()).data;
    const original = staffEventResponseSchema.parse(await (await send("GET", `/api/staff/events/${source}`, undefined)).json()).data;
    expect(copy).toMatchObject({ published: false, places_taken: 0, starts_on: "2031-04-10", ends_on: "2031-04-11", title: original.title });
    expect(copy.prices).toEqual(original.prices);
    expect(copy.resources).toEqual(original.resources.map((resource) => ({ ...resource, used: 0 })));
    expect(copy.slugs.en).not.toBe(original.slugs.en);
    expect(copy.form_uuid).not.toBeNull();
    expect(copy.form_uuid).not.toBe(original.form_uuid);
    const itemsOf = async (formId: string) =>
      database.db
        .select({
          page: formPages.position,
          position: formItems.position,
          kind: formItems.kind,
          name: formItems.name,
          label: formItems.label,
          options: formItems.options,
        })
        .from(forms)
        .innerJoin(formPages, eq(formPages.formId, forms.id))
        .innerJoin(formItems, eq(formItems.pageId, formPages.id))
        .where(eq(forms.id, formId))
        .orderBy(asc(formPages.position), asc(formItems.position), asc(formItems.name));
    const copiedItems = await itemsOf(copy.form_uuid ?? "");
    expect(copiedItems.length).toBeGreaterThan(0);
    expect(copiedItems).toEqual(await itemsOf(original.form_uuid ?? ""));
    // The source's form was published, so the copy is too: version 1, bookable once the event is published.
    const copyVersions = await database.db
      .select()
      .from(formVersions)
      .where(eq(formVersions.formId, copy.form_uuid ?? ""));
    expect(copyVersions.map((version) => version.number)).toEqual([1]);
    expect((await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "event_duplicated")))[0]).toMatchObject({
      details: { event: copy.uuid, from: source },
    });
  });

  it("refuses a copy on the very dates of its source unless staff say they mean it (issue 32)", async () => {
    const source = seedIds.events.trackDayTwoDays;
    const original = staffEventResponseSchema.parse(await (await send("GET", `/api/staff/events/${source}`, undefined)).json()).data;
    const before = await snapshotDatabase(database.db);
    const same = await send("POST", `/api/staff/events/${source}/duplicate`, { starts_on: original.starts_on, ends_on: original.ends_on }, "staff", "de");
    expect(same.status).toBe(409);
    expect(errorResponseSchema.parse(await same.json()).errors?.starts_on?.[0]).toMatch(/^Die Kopie fände genau an den Terminen dieser Veranstaltung statt/);
    expect(await snapshotDatabase(database.db)).toEqual(before);
    const meant = await send("POST", `/api/staff/events/${source}/duplicate`, { starts_on: original.starts_on, ends_on: original.ends_on, same_dates_confirmed: true });
    expect(meant.status).toBe(201);
  });

  it("archives an event: off the public site and into the archived list; publishing it is refused until restored", async () => {
    expect((await send("POST", `/api/staff/events/${eventId}/state`, { change: "archive" })).status).toBe(200);
    expect((await publicEvents("en")).some((event) => event.uuid === eventId)).toBe(false);
    const archived = staffEventsResponseSchema.parse(await (await send("GET", "/api/staff/events?view=archived", undefined)).json()).data;
    expect(archived.map((event) => event.uuid)).toContain(eventId);
    const before = await snapshotDatabase(database.db);
    expect((await send("POST", `/api/staff/events/${eventId}/state`, { change: "publish" })).status).toBe(409);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("answers bad input 4xx and changes nothing", async () => {
    const before = await snapshotDatabase(database.db);
    const bad: [string, string, unknown][] = [
      ["POST", "/api/staff/events", { ...eventInput(categoryId), title: { en: "", de: "x" } }],
      ["POST", "/api/staff/events", { ...eventInput(categoryId), starts_on: "2030-06-09" }],
      ["POST", "/api/staff/events", { ...eventInput(categoryId), capacity: -1 }],
      ["POST", "/api/staff/events", { ...eventInput(categoryId), category_id: 999_999 }],
      ["POST", "/api/staff/events", { ...eventInput(categoryId), slugs: { en: "Not A Slug!", de: "" } }],
      ["POST", "/api/staff/events", { ...eventInput(categoryId), unknown: 1 }],
      // The seed's internal id field (decision 043) is no part of the contract.
      ["POST", "/api/staff/events", { ...eventInput(categoryId), fixedId: "00000000-0000-4000-8000-000000000001" }],
      [
        "POST",
        "/api/staff/events",
        eventInput(categoryId, { prices: [eventInput(categoryId).prices[0], eventInput(categoryId).prices[0]].flatMap((price) => (price ? [price] : [])) }),
      ],
      ["PUT", "/api/staff/events/00000000-0000-4000-8000-000000000000", eventInput(categoryId)],
      ["POST", `/api/staff/events/${eventId}/duplicate`, { starts_on: "2031-01-02", ends_on: "2031-01-01" }],
      ["POST", `/api/staff/events/${eventId}/state`, { change: "explode" }],
      ["POST", "/api/staff/categories", categoryInput("", "Nur Deutsch")],
      ["PUT", "/api/staff/categories/999999", categoryInput("Nobody", "Niemand")],
    ];
    for (const [method, path, body] of bad) {
      const response = await send(method, path, body);
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});

describe("the authorization matrix of every catalogue call", () => {
  it("answers the anonymous 401, customers 403, staff and admins; refused calls change nothing", async () => {
    const [anyCategory] = staffCategoriesResponseSchema.parse(await (await send("GET", "/api/staff/categories", undefined)).json()).data;
    const categoryId = anyCategory?.id ?? 0;
    const eventId = seedIds.events.golfYogaTrip;
    const calls: [string, string, unknown, number][] = [
      ["GET", "/api/staff/categories", undefined, 200],
      ["POST", "/api/staff/categories", categoryInput("Matrix", "Matrix"), 201],
      ["PUT", `/api/staff/categories/${categoryId}`, categoryInput(anyCategory?.translations.en?.name ?? "x", anyCategory?.translations.de?.name ?? ""), 200],
      ["DELETE", "/api/staff/categories/999999", undefined, 404],
      ["GET", "/api/staff/events", undefined, 200],
      ["POST", "/api/staff/events", eventInput(categoryId, { title: { en: "Matrix event", de: "Matrix-Veranstaltung" } }), 201],
      ["GET", `/api/staff/events/${eventId}`, undefined, 200],
      ["PUT", "/api/staff/events/00000000-0000-4000-8000-000000000000", eventInput(categoryId), 404],
      ["POST", `/api/staff/events/${eventId}/duplicate`, { starts_on: "2032-01-01", ends_on: "2032-01-02" }, 201],
      ["POST", `/api/staff/events/${eventId}/state`, { change: "unpublish" }, 200],
    ];
    for (const { caller, expected } of staffCallers) {
      const before = expected === "allowed" ? null : await snapshotDatabase(database.db);
      for (const [method, path, body, allowed] of calls) {
        const response = await send(method, path, body, caller);
        expectMatrixStatus(response, expected, allowed);
      }
      if (before) expect(await snapshotDatabase(database.db)).toEqual(before);
    }
  });
});
