import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { categoriesResponseSchema } from "../../core/contracts/events";
import { staffCategoriesResponseSchema, staffCategoryResponseSchema, staffEventsResponseSchema } from "../../core/contracts/staff-catalogue";
import type { DatabaseHandle } from "../../server/db/client";
import { events, staffAuditLog } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { expectMatrixStatus, staffCallerHeaders, staffCallers, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * The categories page's calls (decision 034): staff move a category up or down, the public category
 * pills follow the order at once; the events list narrows to one category. Every caller without
 * staff powers is refused, changing nothing.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let headers: Record<StaffCaller, Record<string, string>>;

beforeAll(async () => {
  database = await createTestDatabase();
  // A read cache as in production: the public pills must still follow each move at once.
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
const staffOrder = async () => staffCategoriesResponseSchema.parse(await (await send("GET", "/api/staff/categories", undefined)).json()).data.map((c) => c.id);
const publicOrder = async (locale: string) =>
  categoriesResponseSchema
    .parse(await (await api.app.request("/api/public-event-categories", { headers: { "accept-language": locale } })).json())
    .data.map((c) => c.name);

describe("the order of the categories", () => {
  it("moves a category up and down; the public pills follow at once; the first moved up stays", async () => {
    const created = staffCategoryResponseSchema.parse(
      await (
        await send("POST", "/api/staff/categories", {
          translations: { en: { name: "Sailing", slug: "", description: "" }, de: { name: "Segeln", slug: "", description: "" } },
        })
      ).json(),
    ).data;
    const before = await staffOrder();
    expect(before.at(-1)).toBe(created.id);
    expect((await publicOrder("de")).at(-1)).toBe("Segeln");

    const moved = await send("POST", `/api/staff/categories/${created.id}/move`, { direction: "up" });
    expect(moved.status).toBe(200);
    const order = staffCategoriesResponseSchema.parse(await moved.json()).data;
    expect(order.map((category) => category.id)).toEqual([...before.slice(0, -2), created.id, before.at(-2)]);
    expect(order.map((category) => category.position)).toEqual(order.map((_, index) => index));
    expect((await publicOrder("de")).at(-2)).toBe("Segeln");
    expect((await publicOrder("en")).at(-2)).toBe("Sailing");
    const [audit] = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "category_moved"));
    expect(audit).toMatchObject({ actorEmail: demoAccounts.staff.email, details: { category: created.id } });

    expect((await send("POST", `/api/staff/categories/${created.id}/move`, { direction: "down" }, "admin")).status).toBe(200);
    expect(await staffOrder()).toEqual(before);
    const first = before[0] as number;
    const unchanged = await snapshotDatabase(database.db);
    expect((await send("POST", `/api/staff/categories/${first}/move`, { direction: "up" })).status).toBe(200);
    expect(await snapshotDatabase(database.db)).toEqual(unchanged);
  });

  it("lists the events of one category", async () => {
    const [golf] = await database.db.select({ categoryId: events.categoryId }).from(events).where(eq(events.id, seedIds.events.golfYogaTrip));
    const response = await send("GET", `/api/staff/events?view=upcoming&category=${golf?.categoryId}`, undefined);
    const rows = staffEventsResponseSchema.parse(await response.json()).data;
    expect(rows.some((row) => row.uuid === seedIds.events.golfYogaTrip)).toBe(true);
    expect(rows.every((row) => row.category_id === golf?.categoryId)).toBe(true);
  });

  it("answers bad input 4xx and changes nothing", async () => {
    const [first] = await staffOrder();
    const unchanged = await snapshotDatabase(database.db);
    for (const [path, body, status] of [
      [`/api/staff/categories/${first}/move`, { direction: "sideways" }, 422],
      [`/api/staff/categories/${first}/move`, { direction: "up", extra: 1 }, 422],
      ["/api/staff/categories/999999/move", { direction: "up" }, 404],
    ] as const) {
      const response = await send("POST", path, body, "staff", "de");
      expect(response.status).toBe(status);
      expect(errorResponseSchema.parse(await response.json()).message).not.toBe("");
    }
    expect(await snapshotDatabase(database.db)).toEqual(unchanged);
  });

  it.each(staffCallers)("authorization matrix: $caller", async ({ caller, expected }) => {
    const order = await staffOrder();
    const last = order.at(-1) as number;
    const unchanged = expected === "allowed" ? null : await snapshotDatabase(database.db);
    expectMatrixStatus(await send("POST", `/api/staff/categories/${last}/move`, { direction: "down" }, caller), expected, 200);
    expectMatrixStatus(await send("GET", `/api/staff/events?category=${last}`, undefined, caller), expected, 200);
    if (unchanged) expect(await snapshotDatabase(database.db)).toEqual(unchanged);
  });
});
