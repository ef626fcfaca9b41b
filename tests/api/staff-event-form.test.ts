import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publishFormResponseSchema, staffFormResponseSchema } from "../../core/contracts/form-definitions";
import { staffCategoryResponseSchema, staffEventResponseSchema } from "../../core/contracts/staff-catalogue";
import type { DatabaseHandle } from "../../server/db/client";
import { formVersions, staffAuditLog } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { expectMatrixStatus, staffCallerHeaders, staffCallers, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * An event made in the back office gets its booking form from `POST api/staff/events/{uuid}/form`:
 * the starter pages as an unpublished working copy, one form per event, staff only, audited.
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

const send = (method: string, path: string, body?: unknown, caller: StaffCaller = "staff", language = "en") =>
  api.app.request(path, {
    method,
    headers: { ...headers[caller], "content-type": "application/json", "accept-language": language },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let eventCount = 0;
async function newEvent(): Promise<string> {
  eventCount += 1;
  const category = staffCategoryResponseSchema.parse(
    await (
      await send("POST", "/api/staff/categories", {
        translations: { en: { name: `Forms ${eventCount}`, slug: "", description: "" }, de: { name: `Formulare ${eventCount}`, slug: "", description: "" } },
      })
    ).json(),
  ).data;
  const response = await send("POST", "/api/staff/events", {
    category_id: category.id,
    title: { en: `Spring Track Day ${eventCount}`, de: `Frühlings-Trackday ${eventCount}` },
    teaser: { en: "", de: "" },
    description: { en: "", de: "" },
    location: { en: "Hockenheim", de: "Hockenheim" },
    image_url: "",
    image_alt: { en: "", de: "" },
    starts_on: "2031-04-01",
    ends_on: "2031-04-01",
    bookable_from: null,
    registration_deadline: null,
    capacity: 10,
    min_participants: 1,
    prices: [
      { kind: "participant", key: "participant", label: { en: "Driver", de: "Fahrer" }, amount_cents: 40_000, vat_rate_basis_points: 1900, per_day: false },
    ],
    resources: [],
  });
  expect(response.status).toBe(201);
  const event = staffEventResponseSchema.parse(await response.json()).data;
  expect(event.form_uuid).toBeNull();
  return event.uuid;
}

describe("a new event's booking form", () => {
  it.each(staffCallers)("$caller: POST api/staff/events/{uuid}/form", async ({ caller, expected }) => {
    const eventId = await newEvent();
    const before = expected === "allowed" ? null : await snapshotDatabase(database.db);
    expectMatrixStatus(await send("POST", `/api/staff/events/${eventId}/form`, undefined, caller), expected, 201);
    if (before) expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("starts with the main participant and the summary with payment, unpublished, audited; a second is refused", async () => {
    const eventId = await newEvent();
    const response = await send("POST", `/api/staff/events/${eventId}/form`);
    expect(response.status).toBe(201);
    const form = staffFormResponseSchema.parse(await response.json()).data;
    expect(form.event_uuid).toBe(eventId);
    expect(form.versions).toEqual([]);
    expect(form.draft_differs).toBe(true);
    expect(form.draft.pages.map((page) => page.title.de)).toEqual(["Hauptteilnehmer", "Zusammenfassung & Zahlung"]);
    const names = form.draft.pages.flatMap((page) => page.items.map((item) => item.name));
    expect(names).toEqual(expect.arrayContaining(["main.forename", "main.email", "terms", "payment_option", "sma"]));
    // The billing group's items point to it.
    const items = form.draft.pages.flatMap((page) => page.items);
    const billing = items.find((item) => item.name === "billing");
    expect(items.find((item) => item.name === "billing.city")?.parent_uuid).toBe(billing?.uuid);
    // The event now names it.
    const event = staffEventResponseSchema.parse(await (await send("GET", `/api/staff/events/${eventId}`)).json()).data;
    expect(event.form_uuid).toBe(form.uuid);
    // The seed's own rows (decision 043) come first: the staff member's is the one naming them.
    const [audit] = await database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, "form_created"), eq(staffAuditLog.actorEmail, demoAccounts.staff.email)));
    expect(audit).toMatchObject({ actorEmail: demoAccounts.staff.email, details: { form: expect.any(String), event: expect.any(String) } });

    const before = await snapshotDatabase(database.db);
    const again = await send("POST", `/api/staff/events/${eventId}/form`, undefined, "staff", "de");
    expect(again.status).toBe(409);
    expect(errorResponseSchema.parse(await again.json()).message).toBe(
      "Diese Veranstaltung hat bereits ein Buchungsformular. Öffnen Sie es im Formular-Editor.",
    );
    expect(await snapshotDatabase(database.db)).toEqual(before);

    // The starter is valid as it is: publishing makes version 1.
    const published = publishFormResponseSchema.parse(await (await send("POST", `/api/staff/forms/${form.uuid}/publish`)).json()).data;
    expect(published.published).toMatchObject({ number: 1, created: true });
    expect(await database.db.select().from(formVersions).where(eq(formVersions.formId, form.uuid))).toHaveLength(1);
  });

  it("is 404 for an unknown event and refused for an event that has its form from the seed", async () => {
    expect((await send("POST", "/api/staff/events/00000000-0000-4000-8000-000000000000/form")).status).toBe(404);
    expect((await send("POST", `/api/staff/events/${seedIds.events.golfYogaTrip}/form`)).status).toBe(409);
  });
});
