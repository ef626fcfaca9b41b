import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publishFormResponseSchema, staffFormResponseSchema, type FormDefinition } from "../../core/contracts/form-definitions";
import { manageLinkToken } from "../../server/bookings/manage-links";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, events, formVersions } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { createDraftBooking, createHeldCardBooking } from "../support/factories";
import { expectMatrixStatus, staffCallerHeaders, staffCallers, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * The form builder's definition calls and form versions (decision 036): GET/PUT/publish for staff only,
 * invalid drafts refused with errors per item and field and nothing saved, and a form edited and
 * published under existing bookings, which still display and export as they were made.
 */

const secret = "test-secret-of-at-least-thirty-two-characters";
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let headers: Record<StaffCaller, Record<string, string>>;
const formId = seedIds.forms.golfYogaTrip;
const eventId = seedIds.events.golfYogaTrip;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, eventId));
  headers = await staffCallerHeaders(api);
});
afterAll(async () => {
  await database.close();
});

const put = (definition: unknown, caller: StaffCaller = "staff", locale = "en") =>
  api.app.request(`/api/staff/forms/${formId}`, {
    method: "PUT",
    headers: { ...headers[caller], "content-type": "application/json", "accept-language": locale },
    body: JSON.stringify(definition),
  });
const publish = (caller: StaffCaller = "staff") => api.app.request(`/api/staff/forms/${formId}/publish`, { method: "POST", headers: headers[caller] });
const readForm = async () => staffFormResponseSchema.parse(await (await api.get(`/api/staff/forms/${formId}`, headers.staff)).json()).data;
const versionCount = async () => (await database.db.select().from(formVersions).where(eq(formVersions.formId, formId))).length;

describe("the form builder's calls: who may", () => {
  it.each(staffCallers)("$caller: GET, PUT and publish", async ({ caller, expected }) => {
    const before = await readForm();
    expectMatrixStatus(await api.get(`/api/staff/forms/${formId}`, headers[caller]), expected, 200);
    expectMatrixStatus(await put(before.draft, caller), expected, 200);
    expectMatrixStatus(await publish(caller), expected, 200);
    // An unchanged draft publishes nothing new: still version 1.
    expect(await versionCount()).toBe(1);
  });
});

describe("an invalid draft", () => {
  it("is refused with localized errors per item and field, and nothing is saved", async () => {
    const before = await readForm();
    const [first] = before.draft.pages;
    const choiceItem = before.draft.pages.flatMap((page) => page.items).find((item) => ["radio", "select"].includes(item.kind));
    if (!first || !choiceItem) throw new Error("the trip form has a page and a choice item");
    const broken: FormDefinition = structuredClone(before.draft);
    const items = broken.pages.flatMap((page) => page.items);
    const choice = items.find((item) => item.uuid === choiceItem.uuid);
    if (!choice) throw new Error("cloned");
    choice.options = { ...choice.options, choices: [] };
    const other = items.find((item) => item.uuid !== choiceItem.uuid);
    if (other) other.name = choice.name;
    broken.pages[0]?.items.push({
      uuid: crypto.randomUUID(),
      parent_uuid: null,
      kind: "sma",
      name: "second_sma",
      label: { en: "Call me", de: "Rufen Sie mich an" },
      help: null,
      required: false,
      options: { choices: [{ value: "requested", label: "Yes" }] },
    });
    const response = await put(broken, "staff", "de");
    expect(response.status).toBe(422);
    const body = errorResponseSchema.parse(await response.json());
    expect(body.errors?.[`items.${choice.uuid}.options.choices`]).toEqual(["Fügen Sie mindestens eine Auswahl hinzu."]);
    // The later of the two items with one name is the one told.
    if (other) expect(Object.keys(body.errors ?? {}).filter((key) => key.endsWith(".name"))).toHaveLength(1);
    expect(body.errors?.form).toEqual(["Ein Formular darf nur ein Element für die Buchungsanfrage (SMA) haben."]);
    expect((await readForm()).draft).toEqual(before.draft);
  });

  it("refuses a choice price that is not whole, non-negative cents (decision 038), and keeps a valid one", async () => {
    const before = await readForm();
    const choiceItem = before.draft.pages.flatMap((page) => page.items).find((item) => ["radio", "select"].includes(item.kind));
    if (!choiceItem) throw new Error("the trip form has a choice item");
    const priced = (price: unknown) => {
      const definition: FormDefinition = structuredClone(before.draft);
      const item = definition.pages.flatMap((page) => page.items).find((candidate) => candidate.uuid === choiceItem.uuid);
      if (!item || !Array.isArray(item.options.choices)) throw new Error("cloned");
      item.options = {
        ...item.options,
        choices: item.options.choices.map((choice: unknown, index) => (index === 0 ? { ...(choice as object), price_cents: price } : choice)),
      };
      return definition;
    };
    for (const price of [-500, 12.5, "500", 10_000_001]) {
      const response = await put(priced(price));
      expect(response.status, String(price)).toBe(422);
      const body = errorResponseSchema.parse(await response.json());
      expect(body.errors?.[`items.${choiceItem.uuid}.options.choices`], String(price)).toEqual(["This option's value is not valid for this kind of item."]);
      expect((await readForm()).draft).toEqual(before.draft);
    }
    expect((await put(priced(2500))).status).toBe(200);
    const saved = (await readForm()).draft.pages.flatMap((page) => page.items).find((item) => item.uuid === choiceItem.uuid);
    expect((saved?.options.choices as { price_cents?: number }[])[0]?.price_cents).toBe(2500);
    expect((await put(before.draft)).status).toBe(200);
  });
});

describe("editing a form that has bookings", () => {
  it("publishes version 2; old bookings read back unchanged on the manage page, the staff detail and the CSV; a new booking uses version 2", async () => {
    const form = await readForm();
    // A textarea: its answer has a column in the participant list (the main participant's name has the Name column).
    const item = form.draft.pages.flatMap((page) => page.items).find((candidate) => candidate.kind === "textarea");
    if (!item) throw new Error("the trip form has a text item");
    const { bookingId } = await createHeldCardBooking(database.db, eventId);
    const [old] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    await database.db
      .update(bookings)
      .set({ answers: { ...old?.answers, [item.uuid]: "Old answer" } })
      .where(eq(bookings.id, bookingId));
    const oldLabel = item.label.en;
    const manageBefore = await (await api.app.request(`/api/booking/manage/${manageLinkToken(secret, { id: bookingId, manageLinkGeneration: 0 })}`)).text();
    const staffBefore = await (await api.get(`/api/staff/bookings/${bookingId}`, headers.staff)).text();
    expect(manageBefore).toContain(oldLabel);

    // The operator renames the item and drops another page's items: the draft differs, then version 2.
    const edited: FormDefinition = structuredClone(form.draft);
    for (const page of edited.pages)
      for (const candidate of page.items) if (candidate.uuid === item.uuid) candidate.label = { en: "Renamed label", de: "Neue Beschriftung" };
    expect((await put(edited)).status).toBe(200);
    expect((await readForm()).draft_differs).toBe(true);
    const published = publishFormResponseSchema.parse(await (await publish()).json()).data;
    expect(published.published).toMatchObject({ number: 2, created: true });
    expect(published.draft_differs).toBe(false);
    expect(published.versions.map((version) => version.number)).toEqual([2, 1]);

    const manageAfter = await (await api.app.request(`/api/booking/manage/${manageLinkToken(secret, { id: bookingId, manageLinkGeneration: 0 })}`)).text();
    const staffAfter = await (await api.get(`/api/staff/bookings/${bookingId}`, headers.staff)).text();
    expect(manageAfter).toEqual(manageBefore);
    expect(staffAfter).toEqual(staffBefore);
    expect(staffAfter).not.toContain("Renamed label");
    const csv = await (await api.get(`/api/staff/events/${eventId}/participants.csv`, headers.staff)).text();
    expect(csv).toContain("Old answer");

    // The public form and a new booking use version 2.
    expect(await (await api.get(`/api/form/public/${formId}`)).text()).toContain("Renamed label");
    const fresh = await createDraftBooking(database.db, eventId);
    const [row] = await database.db.select({ version: bookings.formVersionId }).from(bookings).where(eq(bookings.id, fresh));
    expect(row?.version).toBe(published.published.uuid);
  });
});
