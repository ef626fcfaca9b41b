import { count, eq, sum } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffFormResponseSchema, type FormDefinition } from "../../core/contracts/form-definitions";
import type { PublicForm } from "../../core/contracts/forms";
import { anonymousActor, type Actor } from "../../core/domain/permissions";
import type { DatabaseHandle } from "../../server/db/client";
import {
  bookingEvents,
  bookings,
  eventDayResources,
  events,
  formVersions,
  jobs,
  outboxEmails,
  participants,
  staffAuditLog,
  uploads,
} from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { AppError } from "../../server/errors";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/**
 * A page of the booking page's preview (decision 039): checked with the same page schema and messages
 * as a real page save, from the form's draft, staff only, and nothing is written anywhere.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let staffToken: string;
const formId = seedIds.forms.golfYogaTrip;
const eventId = seedIds.events.golfYogaTrip;
const staff: Actor = { user: { userId: "00000000-0000-4000-8000-000000000001", role: "staff", sessionId: "s", secondFactor: true } };
const draftOnlyUuid = "7b0b7f0e-3c55-4c8e-9d0a-1f2e3d4c5b6a";

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  // A required item only the draft has (saved by the builder's API, not published).
  const headers = { authorization: `Bearer ${staffToken}`, "content-type": "application/json" };
  const current = staffFormResponseSchema.parse(await (await api.get(`/api/staff/forms/${formId}`, headers)).json()).data.draft;
  const [first, ...rest] = current.pages;
  if (!first) throw new Error("the demo form has pages");
  const draftOnly = {
    uuid: draftOnlyUuid,
    parent_uuid: null,
    kind: "input",
    name: "draft_only",
    label: { en: "Draft-only question", de: "Nur im Entwurf" },
    help: null,
    required: true,
    options: {},
  } satisfies FormDefinition["pages"][number]["items"][number];
  const draft: FormDefinition = { pages: [{ ...first, items: [...first.items, draftOnly] }, ...rest] };
  const saved = await api.app.request(`/api/staff/forms/${formId}`, { method: "PUT", headers, body: JSON.stringify(draft) });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await database.close();
});

/** Every row and counter a booking, its people, files, holds, jobs, mails and audit touch. */
async function footprint() {
  const { db } = database;
  const rows = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [places] = await db.select({ taken: sum(events.placesTaken) }).from(events);
  const [used] = await db.select({ used: sum(eventDayResources.used) }).from(eventDayResources);
  return {
    bookings: await rows(bookings),
    participants: await rows(participants),
    uploads: await rows(uploads),
    outbox: await rows(outboxEmails),
    jobs: await rows(jobs),
    bookingEvents: await rows(bookingEvents),
    audit: await rows(staffAuditLog),
    versions: await rows(formVersions),
    placesTaken: places?.taken ?? null,
    resourcesUsed: used?.used ?? null,
  };
}

const previewForm = (locale: "en" | "de" = "en"): Promise<PublicForm> => api.services.getPublicForm(locale, formId, true, staff);

describe("checking a page of the preview", () => {
  it("answers the same errors as a real page save, for the draft's items too, and writes nothing", async () => {
    const before = await footprint();
    const form = await previewForm();
    const page = form.pages[0];
    if (!page) throw new Error("no first page");
    const checked = await api.services.bookings.checkPreviewPage(staff, {
      formId,
      pageId: page.uuid,
      state: { answers: {}, companions: [] },
      answers: {},
      locale: "en",
    });
    expect(checked.errors[draftOnlyUuid]).toEqual(["This field is required."]);
    const required = page.items.filter((item) => item.required && item.kind !== "headline");
    for (const item of required) expect(Object.keys(checked.errors)).toContain(item.uuid);

    const german = await api.services.bookings.checkPreviewPage(staff, {
      formId,
      pageId: page.uuid,
      state: { answers: {}, companions: [] },
      answers: {},
      locale: "de",
    });
    expect(german.errors[draftOnlyUuid]?.[0]).toMatch(/Pflichtfeld|erforderlich|ausfüllen/i);
    expect(await footprint()).toEqual(before);
  });

  it("a real page save of the published form answers the same messages", async () => {
    const form = await previewForm();
    const page = form.pages[0];
    if (!page) throw new Error("no first page");
    const preview = await api.services.bookings.checkPreviewPage(staff, {
      formId,
      pageId: page.uuid,
      state: { answers: {}, companions: [] },
      answers: {},
      locale: "de",
    });
    const opened = await api.services.bookings.open({ formId, locale: "de" });
    const saved = await api.services.bookings
      .updatePage({ bookingId: opened.booking.uuid, bookingToken: opened.bookingToken ?? "", pageId: page.uuid, answers: {}, locale: "de" })
      .catch((error: unknown) => error);
    if (!AppError.is(saved)) throw new Error("an empty first page is invalid");
    const { [draftOnlyUuid]: draftOnly, ...previewErrors } = preview.errors;
    expect(draftOnly).toBeDefined();
    expect(previewErrors).toEqual(saved.toResponse("de").errors);
  });

  it("keeps the answers of earlier pages in the state it answers, valid or not", async () => {
    const form = await previewForm();
    const [first, second] = form.pages;
    if (!first || !second) throw new Error("two pages");
    const state = { answers: { [draftOnlyUuid]: "kept" }, companions: [] };
    const checked = await api.services.bookings.checkPreviewPage(staff, { formId, pageId: second.uuid, state, answers: {}, locale: "en" });
    expect(checked.state.answers[draftOnlyUuid]).toBe("kept");
  });

  it("refuses an item of another page, and anyone but staff with the second factor", async () => {
    const form = await previewForm();
    const [first, second] = form.pages;
    if (!first || !second) throw new Error("two pages");
    const foreign = second.items[0]?.uuid ?? "";
    const input = { formId, pageId: first.uuid, state: { answers: {}, companions: [] }, answers: { [foreign]: "x" }, locale: "en" as const };
    await expect(api.services.bookings.checkPreviewPage(staff, input)).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const noSecondFactor: Actor = { user: { ...staff.user!, secondFactor: false } };
    const customer: Actor = { user: { ...staff.user!, role: "customer" } };
    for (const [actor, code] of [
      [anonymousActor, "UNAUTHORIZED"],
      [noSecondFactor, "FORBIDDEN"],
      [customer, "FORBIDDEN"],
    ] as const) {
      const refused = await api.services.bookings.checkPreviewPage(actor, { ...input, answers: {} }).catch((error: unknown) => error);
      expect(AppError.is(refused) && refused.code).toBe(code);
    }
  });

  it("the published form, which a real draft follows, does not have the draft's item", async () => {
    const published = await api.services.getPublicForm("en", formId, false);
    expect(published.pages.flatMap((page) => page.items).some((item) => item.uuid === draftOnlyUuid)).toBe(false);
    const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
    expect(event?.published).toBe(true);
  });
});
