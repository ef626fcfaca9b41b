import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicFormResponseSchema } from "../../core/contracts/forms";
import { staffEventResponseSchema, type StaffEvent, type StaffEventInput } from "../../core/contracts/staff-catalogue";
import type { DatabaseHandle } from "../../server/db/client";
import { events } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { buy, fetchTransport, planPages } from "../support/http-buyer";
import { staffCallerHeaders, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * Published booking forms are read through the read cache (decision 048): with a long TTL, as in
 * production, a staff change of the event behind a form still shows on the next read.
 */
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let headers: Record<StaffCaller, Record<string, string>>;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database, { cacheTtlMs: 60_000 });
  headers = await staffCallerHeaders(api);
});
afterAll(async () => {
  await database.close();
});

const send = (method: string, path: string, body?: unknown) =>
  api.app.request(path, {
    method,
    headers: { ...headers.staff, "content-type": "application/json", "accept-language": "en" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const publicForm = async (formId: string) => {
  const response = await api.app.request(`/api/form/public/${formId}`, { headers: { "accept-language": "en" } });
  return { status: response.status, form: response.status === 200 ? publicFormResponseSchema.parse(await response.json()).data : null };
};

const inputOf = (event: StaffEvent, changes: Partial<StaffEventInput>): StaffEventInput => ({
  category_id: event.category_id,
  title: event.title,
  teaser: event.teaser,
  description: event.description,
  location: event.location,
  image_url: event.image_url,
  image_alt: event.image_alt,
  starts_on: event.starts_on,
  ends_on: event.ends_on,
  bookable_from: event.bookable_from,
  registration_deadline: event.registration_deadline,
  capacity: event.capacity,
  min_participants: event.min_participants,
  prices: event.prices,
  resources: event.resources.map(({ used: _used, ...resource }) => resource),
  ...changes,
});

describe("a cached published form", () => {
  it("shows publishing, a staff edit of the event and its prices, and archiving at once", async () => {
    const duplicated = await send("POST", `/api/staff/events/${seedIds.events.trackDayTwoDays}/duplicate`, { starts_on: "2032-04-10", ends_on: "2032-04-11" });
    expect(duplicated.status).toBe(201);
    const copy = staffEventResponseSchema.parse(await duplicated.json()).data;
    const formId = copy.form_uuid ?? "";
    expect((await publicForm(formId)).status).toBe(404);

    expect((await send("POST", `/api/staff/events/${copy.uuid}/state`, { change: "publish" })).status).toBe(200);
    const before = (await publicForm(formId)).form;
    expect(before?.event.title).toBe(copy.title.en);
    // A change behind the services' back is not seen: the form is served from the cache.
    await database.db
      .update(events)
      .set({ title: { en: "Written behind the back", de: "Hinterrücks" } })
      .where(eq(events.id, copy.uuid));
    expect((await publicForm(formId)).form).toEqual(before);

    const [first, ...rest] = copy.prices;
    if (!first) throw new Error("the seed event has no prices");
    const changes = { title: { en: "Track Day Renamed", de: "Tracktag umbenannt" }, prices: [{ ...first, amount_cents: first.amount_cents + 100 }, ...rest] };
    expect((await send("PUT", `/api/staff/events/${copy.uuid}`, inputOf(copy, changes))).status).toBe(200);
    const after = (await publicForm(formId)).form;
    expect(after?.event.title).toBe("Track Day Renamed");
    expect(after?.prices.find((price) => price.key === first.key)?.amount_cents).toBe(first.amount_cents + 100);

    expect((await send("POST", `/api/staff/events/${copy.uuid}/state`, { change: "archive" })).status).toBe(200);
    expect((await publicForm(formId)).status).toBe(404);
  });

  it("keeps its pages and prices through a booking, and shows the places the booking took at once (decision 054)", async () => {
    const formId = seedIds.forms.golfCircleTournament;
    await database.db.update(events).set({ capacity: 1, placesTaken: 0 }).where(eq(events.id, seedIds.events.golfCircleTournament));
    api.services.invalidateReads();
    const before = (await publicForm(formId)).form;
    if (!before) throw new Error("the golf tournament's form is not published");
    expect(before.event.state).toBe("bookable");
    // Behind the services' back again: what staff would change comes from the cache until they do.
    await database.db
      .update(events)
      .set({ title: { en: "Written behind the back", de: "Hinterrücks" } })
      .where(eq(events.id, seedIds.events.golfCircleTournament));

    const outcome = await buy({
      origin: () => "http://site.test",
      transport: fetchTransport((url, init) => api.app.request(url, init)),
      formId,
      pages: planPages(before),
      payment: "invoice",
    });
    expect(outcome.kind).toBe("completed");

    const after = (await publicForm(formId)).form;
    // The booking dropped the places (the one place is taken) …
    expect(after?.event.state).toBe("fully_booked");
    // … but not the form's catalogue part: no booking reads the pages, prices and terms again.
    expect(after?.event.title).toBe(before.event.title);
    expect(after?.pages).toEqual(before.pages);
    expect(after?.prices).toEqual(before.prices);

    // A staff write (here: the test's own invalidation, as a staff edit makes it) drops that part too.
    api.services.invalidateReads();
    expect((await publicForm(formId)).form?.event.title).toBe("Written behind the back");
  });
});
