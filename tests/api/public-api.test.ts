import { inListingOrder } from "../../core/domain/event-order";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoriesResponseSchema, experiencesResponseSchema, publicEventsResponseSchema } from "../../core/contracts/events";
import { errorResponseSchema } from "../../core/contracts/errors";
import { formItemKinds, publicFormResponseSchema, reservedVehiclesResponseSchema } from "../../core/contracts/forms";
import { hiddenItemUuids, takesAnswer, validatePage } from "../../core/domain/form-validation";
import { listPagesResponseSchema, pageResponseSchema } from "../../core/contracts/pages";
import { siteResponseSchema } from "../../core/contracts/site";
import type { DatabaseHandle } from "../../server/db/client";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
const german = { "accept-language": "de-DE,de;q=0.9" };

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
});
afterAll(async () => {
  await database.close();
});

async function json(response: Response) {
  return (await response.json()) as unknown;
}

describe("GET /api/booking/site/{id?}", () => {
  it("answers the site in the request's language", async () => {
    const english = siteResponseSchema.parse(await json(await api.get("/api/booking/site")));
    const deutsch = siteResponseSchema.parse(await json(await api.get(`/api/booking/site/${english.data.id}`, german)));
    expect(english.data.registry_court).toBeTruthy();
    expect(english.data.support_hours).toMatch(/Mon/);
    expect(deutsch.data.support_hours).toMatch(/Mo/);
    expect(deutsch.data.company).toBe(english.data.company);
  });

  it("gives the one error shape for an unknown or malformed id", async () => {
    const missing = await api.get("/api/booking/site/999");
    expect(missing.status).toBe(404);
    expect(errorResponseSchema.parse(await json(missing)).code).toBe("NOT_FOUND");
    const malformed = await api.get("/api/booking/site/abc", german);
    expect(malformed.status).toBe(422);
    const body = errorResponseSchema.parse(await json(malformed));
    expect(body.message).toBe("Die Anfrage ist ungültig.");
    expect(body.errors?.id?.[0]).toBeTruthy();
  });
});

describe("GET /api/page", () => {
  it("lists published pages in menu order with slugs of every language", async () => {
    const list = listPagesResponseSchema.parse(await json(await api.get("/api/page")));
    expect(list.data.map((page) => page.slug)).toEqual(["terms", "privacy", "imprint"]);
    expect(list.meta.total).toBe(3);
    const deutsch = listPagesResponseSchema.parse(await json(await api.get("/api/page", german)));
    expect(deutsch.data.map((page) => page.slug)).toEqual(["agb", "datenschutz", "impressum"]);
    expect(deutsch.data[0]?.translations.map((t) => t.slug)).toEqual(["agb", "terms"]);
  });

  it("filters and pages by query parameters", async () => {
    const mobile = listPagesResponseSchema.parse(await json(await api.get("/api/page?show_on_mobile=true")));
    expect(mobile.data.every((page) => page.show_on_mobile)).toBe(true);
    expect(mobile.data.length).toBe(2);
    const second = listPagesResponseSchema.parse(await json(await api.get("/api/page?per_page=1&page=2")));
    expect(second.data.map((page) => page.slug)).toEqual(["privacy"]);
    expect(second.meta).toEqual({ page: 2, per_page: 1, total: 3 });
    const search = listPagesResponseSchema.parse(await json(await api.get("/api/page?search=%25", german)));
    expect(search.data).toEqual([]);
    const bad = await api.get("/api/page?per_page=1000");
    expect(bad.status).toBe(422);
    expect(Object.keys(errorResponseSchema.parse(await json(bad)).errors ?? {})).toEqual(["per_page"]);
  });
});

describe("GET /api/page/{slug}", () => {
  it("finds a page by a slug of any language and answers in the request's language", async () => {
    const page = pageResponseSchema.parse(await json(await api.get("/api/page/terms", german)));
    expect(page.data.slug).toBe("agb");
    expect(page.data.content).toContain("<");
    expect(page.data.content).not.toMatch(/<script/i);
    const english = pageResponseSchema.parse(await json(await api.get("/api/page/impressum")));
    expect(english.data.slug).toBe("imprint");
  });

  it("answers 404 for an unknown slug, translated", async () => {
    const response = await api.get("/api/page/nope", german);
    expect(response.status).toBe(404);
    expect(errorResponseSchema.parse(await json(response))).toEqual({ code: "NOT_FOUND", message: "Seite nicht gefunden." });
  });
});

describe("GET /api/public-events", () => {
  it("lists every published event with its state and 'from' price", async () => {
    const { data } = publicEventsResponseSchema.parse(await json(await api.get("/api/public-events")));
    const byId = new Map(data.map((event) => [event.uuid, event]));
    expect(byId.get(seedIds.events.golfYogaTrip)).toMatchObject({ state: "bookable", price_from_cents: 10800, min_participants: 12 });
    expect(byId.get(seedIds.events.golfCircleFinal)).toMatchObject({ state: "fully_booked", places_left: 0 });
    expect(byId.get(seedIds.events.trackDayNotBookableYet)?.state).toBe("not_bookable_yet");
    expect(byId.get(seedIds.events.trackSprintClosed)?.state).toBe("registration_closed");
    expect(byId.get(seedIds.events.golfCircleOpenerPast)?.state).toBe("past");
    // Bookable first, then each state soonest first, as every list shows them (issue 32).
    expect(data.map((event) => event.uuid)).toEqual(inListingOrder(data).map((event) => event.uuid));
    expect(data[0]?.state).toBe("bookable");
  });

  it("filters by category id or slug of any language, and translates", async () => {
    const categories = categoriesResponseSchema.parse(await json(await api.get("/api/public-event-categories")));
    const travel = categories.data.find((category) => category.slug === "travel");
    expect(travel).toBeDefined();
    const byId = publicEventsResponseSchema.parse(await json(await api.get(`/api/public-events?category=${travel?.id}`)));
    const bySlug = publicEventsResponseSchema.parse(await json(await api.get("/api/public-events?category=reisen", german)));
    expect(byId.data.map((event) => event.uuid)).toEqual([seedIds.events.golfYogaTrip]);
    expect(bySlug.data.map((event) => event.uuid)).toEqual([seedIds.events.golfYogaTrip]);
    expect(bySlug.data[0]?.category.slug).toBe("reisen");
    expect(bySlug.data[0]?.title).not.toBe(byId.data[0]?.title);
  });

  it("answers 404 for an unknown category", async () => {
    const response = await api.get("/api/public-events?category=does-not-exist");
    expect(response.status).toBe(404);
    expect(errorResponseSchema.parse(await json(response)).message).toBe("Category not found.");
  });
});

describe("GET /api/public-event-categories and /api/experience", () => {
  it("answer in the request's language", async () => {
    const categories = categoriesResponseSchema.parse(await json(await api.get("/api/public-event-categories", german)));
    expect(categories.data.map((category) => category.slug)).toEqual(["trackdays", "golf-circle-serie", "reisen"]);
    const experiences = experiencesResponseSchema.parse(await json(await api.get("/api/experience", german)));
    expect(experiences.data.length).toBe(3);
    const english = experiencesResponseSchema.parse(await json(await api.get("/api/experience")));
    expect(english.data[0]?.quote).not.toBe(experiences.data[0]?.quote);
  });
});

describe("GET /api/form/public/{uuid}", () => {
  it("answers the form with ordered pages and localized items", async () => {
    const form = publicFormResponseSchema.parse(await json(await api.get(`/api/form/public/${seedIds.forms.golfYogaTrip}`, german)));
    expect(form.data.event.uuid).toBe(seedIds.events.golfYogaTrip);
    expect(form.data.preview).toBe(false);
    expect(form.data.pages.map((page) => page.number)).toEqual([1, 2, 3]);
    const labels = form.data.pages.flatMap((page) => page.items.map((item) => item.label));
    expect(labels.length).toBeGreaterThan(5);
    // A preview is for staff only (tests/api/form-preview.test.ts, decision 036): a visitor is refused.
    expect((await api.get(`/api/form/public/${seedIds.forms.golfYogaTrip}?preview`)).status).toBe(401);
  });

  it("rejects a malformed uuid and answers 404 for an unknown one", async () => {
    expect((await api.get("/api/form/public/not-a-uuid")).status).toBe(422);
    expect((await api.get("/api/form/public/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("the seeded forms", () => {
  it("use every item kind, and an empty page asks exactly for its required answers (hidden billing fields excepted)", async () => {
    const kinds = new Set<string>();
    for (const formId of Object.values(seedIds.forms)) {
      const form = publicFormResponseSchema.parse(await json(await api.get(`/api/form/public/${formId}`)));
      for (const page of form.data.pages) {
        for (const entry of page.items) kinds.add(entry.kind);
        const hidden = hiddenItemUuids(page.items, {});
        const required = page.items.filter((entry) => entry.required && takesAnswer(entry) && !hidden.has(entry.uuid)).map((entry) => entry.uuid);
        expect(Object.keys(validatePage(page.items, {}, "2026-11-22")).sort()).toEqual(required.sort());
      }
    }
    expect([...kinds].sort()).toEqual([...formItemKinds].sort());
  });
});

describe("GET /api/form/reserved-vehicles/{id}", () => {
  it("answers stock and use per day and key", async () => {
    const reserved = reservedVehiclesResponseSchema.parse(await json(await api.get(`/api/form/reserved-vehicles/${seedIds.forms.trackDayTwoDays}`)));
    expect(reserved.data.days.map((day) => day.day)).toEqual([1, 2]);
    const streetGt = reserved.data.days[0]?.resources.find((resource) => resource.key === "street_gt");
    expect(streetGt).toMatchObject({ kind: "vehicle", stock: 6, used: 0, available: 6 });
    const ownCar = reserved.data.days[0]?.resources.find((resource) => resource.key === "own_car");
    expect(ownCar).toMatchObject({ stock: null, available: null });
  });
});

describe("the API as a whole", () => {
  it("serves an OpenAPI document generated from the contracts", async () => {
    const document = (await json(await api.get("/api/openapi.json"))) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    for (const path of [
      "/booking/site/{id}",
      "/page",
      "/page/{slug}",
      "/public-events",
      "/public-event-categories",
      "/experience",
      "/form/public/{uuid}",
      "/form/reserved-vehicles/{id}",
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
  });

  it("answers unknown endpoints with the error shape", async () => {
    const response = await api.get("/api/nothing-here", german);
    expect(response.status).toBe(404);
    expect(errorResponseSchema.parse(await json(response)).message).toBe("Diesen API-Endpunkt gibt es nicht.");
    expect(api.errors).toEqual([]);
  });
});
