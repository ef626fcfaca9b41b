import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompanionInput, openBookingResponseSchema, submitBookingResponseSchema, updatePageResponseSchema } from "../../core/contracts/bookings";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import { addDays, operatorToday } from "../../core/domain/dates";
import type { DatabaseHandle } from "../../server/db/client";
import {
  bookings,
  eventDayResources,
  eventPrices,
  events,
  jobs,
  outboxEmails,
  participants,
  resourceReservations,
  uploads,
  users,
} from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { parseEmailMessage } from "../../server/deps/email-messages";
import { renderEmail } from "../../server/email";
import { createTestApi } from "../support/api-client";
import { mainParticipantAnswers } from "../support/booking-answers";
import { createTestDatabase } from "../support/test-database";

/**
 * The booking flow over the API from a page with companions to the submission: companions are
 * validated and capped per form, removed only from the caller's own draft, and a submission checks
 * every page again before it holds places and per-day resources, prices the booking from the price
 * list, queues the confirmation e-mail and, when asked, creates the customer's account.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
const forms: Record<"golf" | "track", PublicForm> = {} as Record<"golf" | "track", PublicForm>;

const golf = { formId: seedIds.forms.golfCircleTournament, eventId: seedIds.events.golfCircleTournament, pages: seedIds.formPages.golfCircleTournament };
const track = { formId: seedIds.forms.trackDayTwoDays, eventId: seedIds.events.trackDayTwoDays, pages: seedIds.formPages.trackDayTwoDays };
type FormKey = keyof typeof forms;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  for (const [key, formId] of [
    ["golf", golf.formId],
    ["track", track.formId],
  ] as const) {
    forms[key] = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`)).json()).data;
  }
});
afterAll(async () => {
  await database.close();
});

const german = { "accept-language": "de-DE" };
const en = {
  pageInvalid: "Please check the marked fields. Your entries have been saved.",
  bookingIncomplete: "Please complete the marked fields before you submit. Your entries have been saved.",
  maxCompanions: "The maximum number of companions is reached.",
  oneVehiclePerDay: "Please choose one vehicle per day.",
  required: "This field is required.",
  mustAccept: "Please confirm this to continue.",
  vehicleEachDay: "Please choose a vehicle for every day.",
  resourceUnavailable: "One of the vehicles or extras you chose is no longer available on that day. Please choose another.",
  eventFullyBooked: "Sorry, this event is fully booked.",
  bookingNotFound: "This booking was not found, or the link to it is not valid.",
  companionNotFound: "This companion was not found on the booking.",
  bookingSubmitted: "This booking has been submitted and can no longer be changed here.",
  bookingAlreadySubmitted: "This booking has already been submitted; it cannot be submitted twice.",
};

function itemNamed(form: FormKey, name: string) {
  const found = forms[form].pages.flatMap((page) => page.items).find((item) => item.name === name);
  if (!found) throw new Error(`no item ${name} on the ${form} form`);
  return found;
}

const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.app.request(path, { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const put = (path: string, body: unknown, headers: Record<string, string> = {}) => json("PUT", path, body, headers);

type Draft = { uuid: string; token: string };

async function newDraft(form: FormKey, headers: Record<string, string> = {}): Promise<Draft> {
  const formId = form === "golf" ? golf.formId : track.formId;
  const response = await api.get(`/api/booking/public/${formId}`, headers);
  expect(response.status).toBe(200);
  const body = openBookingResponseSchema.parse(await response.json());
  if (!body.booking_token) throw new Error("a new draft comes with its token");
  return { uuid: body.data.uuid, token: body.booking_token };
}

type Answers = Record<string, string | boolean | string[]>;
const byName = (form: FormKey, answers: Record<string, string | boolean | string[]>): Answers =>
  Object.fromEntries(Object.entries(answers).map(([name, value]) => [itemNamed(form, name).uuid, value]));

function savePage(draft: Draft, pageId: string, body: { answers?: Answers; companions?: CompanionInput[] }, headers: Record<string, string> = {}) {
  return put(`/api/booking/public/${draft.uuid}/update/${pageId}`, { booking_token: draft.token, answers: body.answers ?? {}, ...body }, headers);
}

const submit = (draft: Draft, body: Record<string, unknown> = { booking_token: draft.token }, headers: Record<string, string> = {}) =>
  json("POST", `/api/booking/public/${draft.uuid}/submit`, body, headers);

const deleteCompanion = (bookingUuid: string, companionUuid: string, token: string | undefined, headers: Record<string, string> = {}) =>
  api.app.request(`/api/booking/companion/${bookingUuid}/${companionUuid}/delete${token === undefined ? "" : `?bookingToken=${token}`}`, {
    method: "DELETE",
    headers,
  });

const companion = (type: CompanionInput["type"], forename: string, surname = "Example", extra: Partial<CompanionInput> = {}): CompanionInput => ({
  uuid: randomUUID(),
  type,
  salutation: "mrs",
  forename,
  surname,
  date_of_birth: "1985-04-12",
  ...extra,
});

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

function mainAnswers(form: FormKey, email: string): Answers {
  return byName(form, mainParticipantAnswers(email));
}

async function expectOk(response: Response) {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`);
  return updatePageResponseSchema.parse(await response.json()).data;
}

async function expectError(response: Response, status: number) {
  expect(response.status).toBe(status);
  return errorResponseSchema.parse(await response.json());
}

/** The required answers of the extras pages: a page save sends the whole page, and the page is only done when all of it is valid. */
const golfExtras = () => byName("golf", { "golf.handicap": "hcp_0_18" });
const trackExtras = (vehicles: string[] = ["1:street_gt", "2:street_gt"]) =>
  byName("track", { vehicles_per_day: vehicles, "track.experience": "some", "track.driving_licence_number": "B072RRE2I55" });

/** A two-day track booking with every required answer on every page. */
async function completeTrackDraft(
  options: {
    vehicles?: string[];
    companions?: CompanionInput[];
    headers?: Record<string, string>;
    email?: string;
    paymentOption?: "credit_card" | "invoice";
    sma?: boolean;
  } = {},
) {
  const draft = await newDraft("track", options.headers ?? {});
  const email = options.email ?? uniqueEmail("track");
  await expectOk(await savePage(draft, track.pages.participant, { answers: mainAnswers("track", email) }));
  await expectOk(
    await savePage(draft, track.pages.extras, {
      answers: byName("track", {
        vehicles_per_day: options.vehicles ?? ["1:street_gt", "1:instructor", "2:race_car"],
        "track.experience": "some",
        "track.driving_licence_number": "B072RRE2I55",
      }),
      companions: options.companions ?? [companion("co_driver", "Mia", "Berger")],
    }),
  );
  await expectOk(
    await savePage(draft, track.pages.summary, {
      answers: byName("track", { terms: true, payment_option: options.paymentOption ?? "credit_card", ...(options.sma ? { sma: "requested" } : {}) }),
    }),
  );
  return { ...draft, email };
}

/** A one-day golf tournament booking with every required answer on every page. */
async function completeGolfDraft(options: { email?: string; createAccount?: boolean; companions?: CompanionInput[] } = {}) {
  const draft = await newDraft("golf");
  const email = options.email ?? uniqueEmail("golf");
  await expectOk(await savePage(draft, golf.pages.participant, { answers: mainAnswers("golf", email) }));
  await expectOk(
    await savePage(draft, golf.pages.extras, {
      answers: byName("golf", { "golf.handicap": "hcp_19_36" }),
      companions: options.companions ?? [companion("golf_playing", "Jonas", "Berger")],
    }),
  );
  await expectOk(
    await savePage(draft, golf.pages.summary, {
      answers: byName("golf", { terms: true, payment_option: "credit_card", ...(options.createAccount ? { create_account: true } : {}) }),
    }),
  );
  return { ...draft, email };
}

async function eventRow(id: string) {
  const [row] = await database.db.select().from(events).where(eq(events.id, id));
  if (!row) throw new Error("no event");
  return row;
}

async function bookingRow(id: string) {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error("no booking");
  return row;
}

async function companionRows(bookingId: string) {
  return database.db
    .select()
    .from(participants)
    .where(and(eq(participants.bookingId, bookingId), eq(participants.role, "companion")));
}

async function resourcesOf(eventId: string) {
  const rows = await database.db.select().from(eventDayResources).where(eq(eventDayResources.eventId, eventId));
  return new Map(rows.map((row) => [`${row.day}:${row.key}`, row]));
}

async function priceOf(eventId: string, kind: (typeof eventPrices.$inferSelect)["kind"], key: string) {
  const [row] = await database.db
    .select()
    .from(eventPrices)
    .where(and(eq(eventPrices.eventId, eventId), eq(eventPrices.kind, kind), eq(eventPrices.key, key)));
  if (!row) throw new Error(`no price ${kind}/${key}`);
  return row;
}

/** 25 % rounded half up to the cent, as the price list's payment terms say. */
const quarterHalfUp = (cents: number) => Math.floor((cents * 25 + 50) / 100);

describe("companions on a page save", () => {
  it("store a valid companion and return it in data.companions", async () => {
    const draft = await newDraft("golf");
    const mia = companion("non_playing", "  Mia ", "Berger");
    const booking = await expectOk(await savePage(draft, golf.pages.extras, { answers: golfExtras(), companions: [mia] }));
    expect(booking.companions).toEqual([
      { uuid: mia.uuid, type: "non_playing", salutation: "mrs", forename: "Mia", surname: "Berger", date_of_birth: "1985-04-12" },
    ]);
    expect(booking.current_page).toBe(3);
    const [row] = await companionRows(draft.uuid);
    expect(row).toMatchObject({ id: mia.uuid, role: "companion", companionType: "non_playing", forename: "Mia", surname: "Berger" });

    // Saved again with the same uuid: updated in place, not added twice; a birth date may be left out.
    const updated = await expectOk(
      await savePage(draft, golf.pages.extras, {
        answers: golfExtras(),
        companions: [{ ...mia, type: "golf_playing", forename: "Maria", date_of_birth: null }],
      }),
    );
    expect(updated.companions).toEqual([
      { uuid: mia.uuid, type: "golf_playing", salutation: "mrs", forename: "Maria", surname: "Berger", date_of_birth: null },
    ]);
    expect(await companionRows(draft.uuid)).toHaveLength(1);

    // Resuming the draft shows the companion too.
    const resumed = openBookingResponseSchema.parse(
      await (await api.get(`/api/booking/public/${golf.formId}?bookingToken=${draft.token}&bookingUuid=${draft.uuid}`)).json(),
    );
    expect(resumed.data.companions.map((entry) => entry.uuid)).toEqual([mia.uuid]);
  });

  it("refuse an invalid companion per field, in German when asked", async () => {
    const draft = await newDraft("golf");
    const farFuture = addDays(operatorToday(new Date()), 400);
    const bad = companion("driver", "", "   ", { date_of_birth: farFuture });
    const untyped = companion(null, "Paul", "Berger", { date_of_birth: "1990-02-30" });
    const good = companion("golf_playing", "Jonas", "Berger");
    const body = await expectError(await savePage(draft, golf.pages.extras, { answers: golfExtras(), companions: [bad, untyped, good] }, german), 422);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.message).toBe("Bitte prüfen Sie die markierten Felder. Ihre Eingaben wurden gespeichert.");
    expect(body.has_participant_error).toBe(true);
    expect(body.page_errors).toEqual([golf.pages.extras]);
    expect(body.participant_errors?.[bad.uuid]).toEqual({
      // The golf form offers golf-playing and non-playing companions, no drivers.
      type: ["Bitte wählen Sie eine der Optionen."],
      forename: ["Dieses Feld ist erforderlich."],
      surname: ["Dieses Feld ist erforderlich."],
      date_of_birth: ["Dieses Datum liegt außerhalb des erlaubten Zeitraums."],
    });
    expect(body.participant_errors?.[untyped.uuid]).toEqual({
      type: ["Dieses Feld ist erforderlich."],
      date_of_birth: ["Bitte geben Sie ein gültiges Datum ein."],
    });
    expect(body.participant_errors?.[good.uuid]).toBeUndefined();
    expect(Object.keys(body.participant_errors ?? {}).sort()).toEqual([bad.uuid, untyped.uuid].sort());
    // The item answers were fine: no item errors beyond the companions'.
    expect(body.errors ?? {}).toEqual({});
    // The page does not count as done.
    expect((await bookingRow(draft.uuid)).currentPage).toBe(1);

    // English by default.
    const english = await expectError(await savePage(draft, golf.pages.extras, { companions: [bad] }), 422);
    expect(english.message).toBe(en.pageInvalid);
    expect(english.participant_errors?.[bad.uuid]?.forename).toEqual([en.required]);
  });

  it("refuse a companion type the track form does not offer", async () => {
    const draft = await newDraft("track");
    const golfer = companion("golf_playing", "Jonas");
    const body = await expectError(await savePage(draft, track.pages.extras, { companions: [golfer] }), 422);
    expect(body.participant_errors?.[golfer.uuid]?.type).toEqual(["Please choose one of the options."]);
    expect(body.page_errors).toEqual([track.pages.extras]);
  });

  it("never store more companions than the golf form's maximum of 3", async () => {
    const draft = await newDraft("golf");
    const four = [companion("golf_playing", "A"), companion("golf_playing", "B"), companion("non_playing", "C"), companion("non_playing", "D")];
    const body = await expectError(await savePage(draft, golf.pages.extras, { answers: golfExtras(), companions: four }), 422);
    expect(body.message).toBe(en.pageInvalid);
    expect(body.errors).toEqual({ [itemNamed("golf", "companions").uuid]: [en.maxCompanions] });
    expect(body.page_errors).toEqual([golf.pages.extras]);
    expect(body.has_participant_error).toBeUndefined();
    const stored = await companionRows(draft.uuid);
    expect(stored.map((row) => row.id).sort()).toEqual(
      four
        .slice(0, 3)
        .map((entry) => entry.uuid)
        .sort(),
    );

    // A further one later is refused too, while changing the ones there are still works.
    const fifth = await expectError(await savePage(draft, golf.pages.extras, { answers: golfExtras(), companions: [companion("golf_playing", "E")] }), 422);
    expect(fifth.errors?.[itemNamed("golf", "companions").uuid]).toEqual([en.maxCompanions]);
    const renamed = await expectOk(
      await savePage(draft, golf.pages.extras, { answers: golfExtras(), companions: [{ ...(four[0] as CompanionInput), forename: "Anton" }] }),
    );
    expect(renamed.companions).toHaveLength(3);
    expect(renamed.companions.find((entry) => entry.uuid === four[0]?.uuid)?.forename).toBe("Anton");
    expect(await companionRows(draft.uuid)).toHaveLength(3);
  });

  it("never store more companions than the two-day track's maximum of 2, also over several saves", async () => {
    const draft = await newDraft("track", german);
    const first = await expectOk(
      await savePage(draft, track.pages.extras, { answers: trackExtras(), companions: [companion("driver", "Max"), companion("co_driver", "Ida")] }),
    );
    expect(first.companions).toHaveLength(2);
    const third = companion("co_driver", "Tom");
    const body = await expectError(await savePage(draft, track.pages.extras, { answers: trackExtras(), companions: [third] }), 422);
    expect(body.errors).toEqual({ [itemNamed("track", "companions").uuid]: [en.maxCompanions] });
    const stored = await companionRows(draft.uuid);
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => row.id)).not.toContain(third.uuid);

    const inGerman = await expectError(await savePage(draft, track.pages.extras, { companions: [companion("co_driver", "Eva")] }, german), 422);
    expect(inGerman.errors?.[itemNamed("track", "companions").uuid]).toEqual(["Die maximale Anzahl an Begleitpersonen ist erreicht."]);
    expect(await companionRows(draft.uuid)).toHaveLength(2);
  });

  it("refuse a companion uuid of another booking and leave that booking's companion alone", async () => {
    const owner = await newDraft("golf");
    const theirs = companion("non_playing", "Clara", "Owner");
    await expectOk(await savePage(owner, golf.pages.extras, { answers: golfExtras(), companions: [theirs] }));
    const [before] = await companionRows(owner.uuid);

    const intruder = await newDraft("golf");
    const handicap = itemNamed("golf", "golf.handicap").uuid;
    const response = await savePage(intruder, golf.pages.extras, {
      answers: { [handicap]: "hcp_37_54" },
      companions: [{ ...theirs, type: "golf_playing", forename: "Hijacked", surname: "Intruder" }],
    });
    const body = await expectError(response, 422);
    expect(body.code).toBe("VALIDATION_FAILED");
    // Nothing about the other booking leaks into the answer.
    expect(JSON.stringify(body)).not.toContain("Clara");

    const [after] = await companionRows(owner.uuid);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ bookingId: owner.uuid, forename: "Clara", surname: "Owner", companionType: "non_playing" });
    expect(await companionRows(intruder.uuid)).toEqual([]);
    // The refused save changed nothing of the intruder's draft either.
    expect((await bookingRow(intruder.uuid)).answers).toEqual({});

    // The uuid of another booking's main participant is refused the same way.
    const [ownerMain] = await database.db
      .select()
      .from(participants)
      .where(and(eq(participants.bookingId, owner.uuid), eq(participants.role, "main")));
    if (!ownerMain) throw new Error("the owner has a main participant");
    await expectError(await savePage(intruder, golf.pages.extras, { companions: [companion("golf_playing", "X", "Y", { uuid: ownerMain.id })] }), 422);
    const [ownerMainAfter] = await database.db.select().from(participants).where(eq(participants.id, ownerMain.id));
    expect(ownerMainAfter).toEqual(ownerMain);
  });

  it("refuse companions on a page without a companion item and save nothing", async () => {
    const draft = await newDraft("golf");
    const mia = companion("non_playing", "Mia");
    const body = await expectError(
      await savePage(draft, golf.pages.participant, { answers: byName("golf", { "main.forename": "Lena" }), companions: [mia] }),
      422,
    );
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.errors?.companions).toEqual(["This field does not belong to this page."]);
    expect(await companionRows(draft.uuid)).toEqual([]);
    expect((await bookingRow(draft.uuid)).answers).toEqual({});
    const onSummary = await savePage(draft, golf.pages.summary, { companions: [mia] });
    expect(onSummary.status).toBe(422);
    expect(await companionRows(draft.uuid)).toEqual([]);
  });

  it("refuse two vehicles on one day on the page save", async () => {
    const draft = await newDraft("track");
    const vehicles = itemNamed("track", "vehicles_per_day").uuid;
    const body = await expectError(
      await savePage(draft, track.pages.extras, {
        answers: {
          [vehicles]: ["1:street_gt", "1:race_car", "2:own_car"],
          ...byName("track", { "track.experience": "some", "track.driving_licence_number": "X1" }),
        },
      }),
      422,
    );
    expect(body.errors).toEqual({ [vehicles]: [en.oneVehiclePerDay] });
    expect(body.page_errors).toEqual([track.pages.extras]);
    const inGerman = await expectError(
      await savePage(draft, track.pages.extras, { answers: { [vehicles]: ["1:own_car", "2:street_gt", "2:own_car"] } }, german),
      422,
    );
    expect(inGerman.errors?.[vehicles]).toEqual(["Bitte wählen Sie ein Fahrzeug pro Tag."]);
    expect((await bookingRow(draft.uuid)).currentPage).toBe(1);
  });
});

describe("removing a companion", () => {
  async function draftWithCompanions(count: number) {
    const draft = await newDraft("golf");
    const list = Array.from({ length: count }, (_, index) => companion("golf_playing", `Guest ${index + 1}`));
    await expectOk(await savePage(draft, golf.pages.extras, { answers: golfExtras(), companions: list }));
    return { draft, list };
  }

  it("removes it and answers with the updated booking", async () => {
    const { draft, list } = await draftWithCompanions(2);
    const [gone, kept] = list as [CompanionInput, CompanionInput];
    const response = await deleteCompanion(draft.uuid, gone.uuid, draft.token);
    const booking = await expectOk(response);
    expect(booking.uuid).toBe(draft.uuid);
    expect(booking.companions.map((entry) => entry.uuid)).toEqual([kept.uuid]);
    expect((await companionRows(draft.uuid)).map((row) => row.id)).toEqual([kept.uuid]);
    // Removing it again finds nothing.
    const again = await expectError(await deleteCompanion(draft.uuid, gone.uuid, draft.token), 404);
    expect(again.message).toBe(en.companionNotFound);
    // A freed place can be filled again up to the maximum.
    await expectOk(
      await savePage(draft, golf.pages.extras, { answers: golfExtras(), companions: [companion("non_playing", "New"), companion("non_playing", "Newer")] }),
    );
    expect(await companionRows(draft.uuid)).toHaveLength(3);
  });

  it("takes the token from the booking cookie", async () => {
    const { draft, list } = await draftWithCompanions(1);
    const cookie = `booking_token=${encodeURIComponent(`${golf.formId}:${draft.uuid}:${draft.token}`)}`;
    const booking = await expectOk(await deleteCompanion(draft.uuid, list[0]?.uuid ?? "", undefined, { cookie }));
    expect(booking.companions).toEqual([]);
  });

  it("finds nothing with a wrong token, a foreign booking's companion or the main participant", async () => {
    const { draft, list } = await draftWithCompanions(1);
    const theirs = list[0]?.uuid ?? "";
    const other = await draftWithCompanions(1);

    const wrongToken = await expectError(await deleteCompanion(draft.uuid, theirs, "x".repeat(43), german), 404);
    expect(wrongToken.message).toBe("Diese Buchung wurde nicht gefunden oder der Link dazu ist ungültig.");
    await expectError(await deleteCompanion(draft.uuid, theirs, other.draft.token), 404);
    await expectError(await deleteCompanion(draft.uuid, theirs, undefined), 404);

    // Through the other booking's own path and token: the companion is not on that booking.
    const foreign = await expectError(await deleteCompanion(other.draft.uuid, theirs, other.draft.token), 404);
    expect(foreign.message).toBe(en.companionNotFound);

    const [main] = await database.db
      .select()
      .from(participants)
      .where(and(eq(participants.bookingId, draft.uuid), eq(participants.role, "main")));
    await expectError(await deleteCompanion(draft.uuid, main?.id ?? "", draft.token), 404);

    expect((await companionRows(draft.uuid)).map((row) => row.id)).toEqual([theirs]);
    expect(await companionRows(other.draft.uuid)).toHaveLength(1);
    expect(await database.db.select().from(participants).where(eq(participants.bookingId, draft.uuid))).toHaveLength(2);
  });

  it("is refused once the booking is submitted", async () => {
    const draft = await completeGolfDraft();
    const [guest] = await companionRows(draft.uuid);
    expect((await submit(draft)).status).toBe(200);
    const body = await expectError(await deleteCompanion(draft.uuid, guest?.id ?? "", draft.token), 409);
    expect(body).toMatchObject({ code: "CONFLICT", message: en.bookingSubmitted });
    expect(await companionRows(draft.uuid)).toHaveLength(1);
    // Nor can a page be saved any more.
    const save = await savePage(draft, golf.pages.extras, { companions: [companion("golf_playing", "Late")] });
    expect(save.status).toBe(409);
    expect(await companionRows(draft.uuid)).toHaveLength(1);
  });
});

describe("submitting a booking", () => {
  it("refuses an incomplete booking with the errors of every page and holds nothing", async () => {
    const before = await eventRow(track.eventId);
    const resourcesBefore = await resourcesOf(track.eventId);
    const draft = await newDraft("track");
    // Only part of the first page.
    await savePage(draft, track.pages.participant, { answers: byName("track", { "main.forename": "Lena" }) });
    const body = await expectError(await submit(draft), 422);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.message).toBe(en.bookingIncomplete);
    expect(body.page_errors).toEqual([track.pages.participant, track.pages.extras, track.pages.summary]);
    const errors = body.errors ?? {};
    expect(errors[itemNamed("track", "main.surname").uuid]).toEqual([en.required]);
    expect(errors[itemNamed("track", "main.email").uuid]).toEqual([en.required]);
    expect(errors[itemNamed("track", "main.forename").uuid]).toBeUndefined();
    expect(errors[itemNamed("track", "vehicles_per_day").uuid]).toEqual([en.vehicleEachDay]);
    expect(errors[itemNamed("track", "track.experience").uuid]).toEqual([en.required]);
    expect(errors[itemNamed("track", "terms").uuid]).toEqual([en.mustAccept]);
    expect(errors[itemNamed("track", "payment_option").uuid]).toEqual([en.required]);
    // Optional items have no error.
    expect(errors[itemNamed("track", "main.company").uuid]).toBeUndefined();
    expect(errors[itemNamed("track", "additional_comments").uuid]).toBeUndefined();

    expect(await eventRow(track.eventId)).toMatchObject({ placesTaken: before.placesTaken });
    expect(await resourcesOf(track.eventId)).toEqual(resourcesBefore);
    expect(await bookingRow(draft.uuid)).toMatchObject({ status: "draft", code: null, placesHeld: 0, holdExpiresAt: null });
    expect(await database.db.select().from(resourceReservations).where(eq(resourceReservations.bookingId, draft.uuid))).toEqual([]);
  });

  it("names only the pages that still have errors", async () => {
    const draft = await newDraft("track");
    await expectOk(await savePage(draft, track.pages.participant, { answers: mainAnswers("track", uniqueEmail("partial")) }));
    await expectOk(await savePage(draft, track.pages.extras, { answers: trackExtras(), companions: [companion("driver", "Max")] }));
    // The terms are not accepted and no payment method is chosen.
    await expectError(await savePage(draft, track.pages.summary, { answers: byName("track", { additional_comments: "Vegetarian lunch, please." }) }), 422);
    const placesBefore = (await eventRow(track.eventId)).placesTaken;
    const body = await expectError(await submit(draft), 422);
    expect(body.page_errors).toEqual([track.pages.summary]);
    expect(body.errors).toEqual({ [itemNamed("track", "terms").uuid]: [en.mustAccept], [itemNamed("track", "payment_option").uuid]: [en.required] });
    expect(body.participant_errors).toBeUndefined();
    expect(body.has_participant_error).toBeUndefined();
    expect((await eventRow(track.eventId)).placesTaken).toBe(placesBefore);
    expect((await bookingRow(draft.uuid)).status).toBe("draft");
  });

  it("checks the companions again: an invalid stored companion makes the booking incomplete", async () => {
    const draft = await completeGolfDraft();
    // Saved while invalid (kept, like every answer), so the submission must catch it.
    const nameless = companion("golf_playing", "");
    await expectError(await savePage(draft, golf.pages.extras, { companions: [nameless] }), 422);
    const body = await expectError(await submit(draft, { booking_token: draft.token }, german), 422);
    expect(body.message).toBe("Bitte vervollständigen Sie vor dem Absenden die markierten Felder. Ihre Eingaben wurden gespeichert.");
    expect(body.has_participant_error).toBe(true);
    expect(body.participant_errors?.[nameless.uuid]).toEqual({ forename: ["Dieses Feld ist erforderlich."] });
    expect(body.page_errors).toEqual([golf.pages.extras]);
    expect((await bookingRow(draft.uuid)).status).toBe("draft");
  });

  it("holds a complete two-day track booking, prices it from the price list and queues the confirmation", async () => {
    // An odd companion price so that the 25 % deposit ends in half a cent and must round up.
    const coDriver = await priceOf(track.eventId, "companion", "co_driver");
    await database.db.update(eventPrices).set({ amountCents: 39002 }).where(eq(eventPrices.id, coDriver.id));
    try {
      const before = await eventRow(track.eventId);
      const resourcesBefore = await resourcesOf(track.eventId);
      const draft = await completeTrackDraft({ headers: german });
      const startedAt = Date.now();
      const response = await submit(draft);
      const finishedAt = Date.now();
      if (response.status !== 200) throw new Error(`submit answered ${response.status}: ${await response.text()}`);
      const { data } = submitBookingResponseSchema.parse(await response.json());

      const prices = {
        participant: (await priceOf(track.eventId, "participant", "participant")).amountCents,
        coDriver: (await priceOf(track.eventId, "companion", "co_driver")).amountCents,
        streetGt: (await priceOf(track.eventId, "vehicle", "street_gt")).amountCents,
        instructor: (await priceOf(track.eventId, "instructor", "instructor")).amountCents,
        raceCar: (await priceOf(track.eventId, "vehicle", "race_car")).amountCents,
      };
      // 1,490.00 + 390.02 co-driver + 690.00 street GT (day 1) + 350.00 instructor (day 1) + 1,190.00 race car (day 2).
      expect(prices).toEqual({ participant: 149000, coDriver: 39002, streetGt: 69000, instructor: 35000, raceCar: 119000 });
      const total = prices.participant + prices.coDriver + prices.streetGt + prices.instructor + prices.raceCar;
      expect(total).toBe(411002);
      expect(quarterHalfUp(total)).toBe(102751);

      expect(data).toMatchObject({
        uuid: draft.uuid,
        status: "submitted",
        locale: "de",
        total_cents: total,
        deposit_cents: 102751,
        remainder_cents: total - 102751,
        remainder_due_on: addDays(before.startsOn, -30),
        payment_option: "credit_card",
      });
      expect(data.code).toMatch(/^TD-[2-9A-HJ-NP-Z]{6}$/);
      expect(data.companions).toHaveLength(1);
      const holdExpiresAt = new Date(data.hold_expires_at ?? "").getTime();
      expect(holdExpiresAt).toBeGreaterThanOrEqual(startedAt + 30 * 60_000 - 1000);
      expect(holdExpiresAt).toBeLessThanOrEqual(finishedAt + 30 * 60_000 + 1000);

      const row = await bookingRow(draft.uuid);
      expect(row).toMatchObject({
        status: "submitted",
        code: data.code,
        placesHeld: 2,
        eventPriceCents: prices.participant,
        companionTotalCents: prices.coDriver,
        addonsTotalCents: prices.streetGt + prices.instructor + prices.raceCar,
        totalCents: total,
        createAccount: false,
        userId: null,
      });
      expect(row.termsAcceptedAt).not.toBeNull();

      // Two places (the driver and the co-driver) and one of each chosen resource on its day.
      expect((await eventRow(track.eventId)).placesTaken).toBe(before.placesTaken + 2);
      const resourcesAfter = await resourcesOf(track.eventId);
      const chosen = ["1:street_gt", "1:instructor", "2:race_car"];
      for (const [key, resource] of resourcesAfter) {
        const previous = resourcesBefore.get(key)?.used ?? -1;
        expect({ key, used: resource.used }).toEqual({ key, used: previous + (chosen.includes(key) ? 1 : 0) });
      }
      const reservations = await database.db.select().from(resourceReservations).where(eq(resourceReservations.bookingId, draft.uuid));
      expect(reservations.map((reservation) => reservation.resourceId).sort()).toEqual(chosen.map((key) => resourcesAfter.get(key)?.id).sort());
      const holdJobs = await database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'bookingId' = ${draft.uuid}`);
      expect(holdJobs).toHaveLength(1);

      // The main participant carries the answers of the first page.
      const [main] = await database.db
        .select()
        .from(participants)
        .where(and(eq(participants.bookingId, draft.uuid), eq(participants.role, "main")));
      expect(main).toMatchObject({
        salutation: "mrs",
        forename: "Lena",
        surname: "Berger",
        street: "Leopoldstraße 7",
        postcode: "80802",
        city: "München",
        country: "DE",
        phone: "+49 89 4521 7730",
        email: draft.email,
      });

      // The confirmation, in the language the booking was made in, with its code.
      const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, draft.email));
      expect(mails.map((mail) => mail.template)).toEqual(["booking-received"]);
      expect(mails[0]).toMatchObject({ locale: "de", sentAt: null });
      expect(mails[0]?.payload).toMatchObject({ code: data.code, totalCents: total, depositCents: 102751, paymentOption: "credit_card" });
      expect(JSON.stringify(mails[0]?.payload)).toContain(data.code ?? "no code");
      // What was booked, day by day, as the manage page lists it (issue 32), not one "vehicles & extras" line.
      const days = (mails[0]?.payload as { days?: { day: number; items: string[] }[] }).days;
      expect(days?.map((day) => day.day)).toEqual([1, 2]);
      expect(days?.[0]?.items).toHaveLength(2);
      expect(days?.[1]?.items).toHaveLength(1);
      if (!mails[0]) throw new Error("no confirmation");
      const rendered = await renderEmail(parseEmailMessage(mails[0]), "de");
      expect(rendered.text).toContain("Ihre Buchung nach Tagen");
      expect(rendered.text).toMatch(/Tag 1 · \d+\. \S+ \d{4}/);
      for (const item of [...(days?.[0]?.items ?? []), ...(days?.[1]?.items ?? [])]) expect(rendered.text).toContain(item);

      // Submitting again is refused as the OpenAPI document says (409 already_submitted) and holds nothing more.
      const again = await expectError(await submit(draft), 409);
      expect(again).toMatchObject({ code: "CONFLICT", reason: "already_submitted", message: en.bookingAlreadySubmitted });
      expect((await eventRow(track.eventId)).placesTaken).toBe(before.placesTaken + 2);
      expect(await resourcesOf(track.eventId)).toEqual(resourcesAfter);
      expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, draft.email))).toHaveLength(1);
    } finally {
      await database.db.update(eventPrices).set({ amountCents: coDriver.amountCents }).where(eq(eventPrices.id, coDriver.id));
    }
  });

  it("answers a second submission, also one sent at the same moment, with a localized 409 already_submitted and holds once", async () => {
    const before = await eventRow(golf.eventId);
    const draft = await completeGolfDraft();
    const answers = await Promise.all([submit(draft), submit(draft, { booking_token: draft.token }, { "accept-language": "de" })]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
    const refused = answers.find((response) => response.status === 409);
    const german = errorResponseSchema.parse(await refused?.json());
    expect(german).toMatchObject({ code: "CONFLICT", reason: "already_submitted" });
    expect([en.bookingAlreadySubmitted, "Diese Buchung wurde bereits abgeschickt; sie kann nicht zweimal abgeschickt werden."]).toContain(german.message);
    const later = await expectError(await submit(draft, { booking_token: draft.token }, { "accept-language": "de" }), 409);
    expect(later).toMatchObject({
      reason: "already_submitted",
      message: "Diese Buchung wurde bereits abgeschickt; sie kann nicht zweimal abgeschickt werden.",
    });
    expect((await eventRow(golf.eventId)).placesTaken).toBe(before.placesTaken + 2);
    expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, draft.email))).toHaveLength(1);
  });

  it("asks for the full amount at once when the event is 30 days away or closer", async () => {
    const event = await eventRow(golf.eventId);
    expect(event.startsOn <= addDays(operatorToday(new Date()), 30)).toBe(true);
    const draft = await completeGolfDraft({ companions: [companion("golf_playing", "Jonas"), companion("non_playing", "Clara")] });
    const response = await submit(draft);
    expect(response.status).toBe(200);
    const { data } = submitBookingResponseSchema.parse(await response.json());
    const total =
      (await priceOf(golf.eventId, "participant", "participant")).amountCents +
      (await priceOf(golf.eventId, "companion", "golf_playing")).amountCents +
      (await priceOf(golf.eventId, "companion", "non_playing")).amountCents;
    expect(total).toBe(14900 + 14900 + 4900);
    expect(data).toMatchObject({ status: "submitted", total_cents: total, deposit_cents: total, remainder_cents: 0, remainder_due_on: null });
    expect(data.code).toMatch(/^GC-[2-9A-HJ-NP-Z]{6}$/);
    expect((await eventRow(golf.eventId)).placesTaken).toBe(event.placesTaken + 3);
    const [mail] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, draft.email));
    expect(mail).toMatchObject({ template: "booking-received", locale: "en" });
  });

  it("refuses when the last street GT of a day is gone, holding nothing", async () => {
    const draft = await completeTrackDraft({ vehicles: ["1:race_car", "2:street_gt", "2:pit_box"] });
    const resources = await resourcesOf(track.eventId);
    const car = resources.get("2:street_gt");
    if (!car?.stock) throw new Error("the seed has rental street GTs");
    const placesBefore = (await eventRow(track.eventId)).placesTaken;
    await database.db.update(eventDayResources).set({ used: car.stock }).where(eq(eventDayResources.id, car.id));
    try {
      const body = await expectError(await submit(draft), 409);
      expect(body).toMatchObject({ code: "CONFLICT", reason: "resource_unavailable", message: en.resourceUnavailable });
      expect(body.errors).toEqual({ [itemNamed("track", "vehicles_per_day").uuid]: [en.resourceUnavailable] });
      expect((await eventRow(track.eventId)).placesTaken).toBe(placesBefore);
      const after = await resourcesOf(track.eventId);
      for (const [key, resource] of after)
        expect({ key, used: resource.used }).toEqual({ key, used: key === "2:street_gt" ? car.stock : resources.get(key)?.used });
      expect(await bookingRow(draft.uuid)).toMatchObject({ status: "draft", code: null, placesHeld: 0 });
      expect(await database.db.select().from(resourceReservations).where(eq(resourceReservations.bookingId, draft.uuid))).toEqual([]);
      expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, draft.email))).toEqual([]);
    } finally {
      await database.db.update(eventDayResources).set({ used: car.used }).where(eq(eventDayResources.id, car.id));
    }
    // With the car back the same booking goes through.
    expect((await submit(draft)).status).toBe(200);
  });

  it("refuses a full event with reason fully_booked, holding nothing", async () => {
    const draft = await completeTrackDraft();
    const event = await eventRow(track.eventId);
    const resources = await resourcesOf(track.eventId);
    await database.db.update(events).set({ capacity: event.placesTaken }).where(eq(events.id, track.eventId));
    try {
      const body = await expectError(await submit(draft, { booking_token: draft.token }, german), 409);
      expect(body).toMatchObject({ code: "CONFLICT", reason: "fully_booked", message: "Diese Veranstaltung ist leider ausgebucht." });
      expect((await eventRow(track.eventId)).placesTaken).toBe(event.placesTaken);
      expect(await resourcesOf(track.eventId)).toEqual(resources);
      expect(await bookingRow(draft.uuid)).toMatchObject({ status: "draft", code: null });
      expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, draft.email))).toEqual([]);
      // One place left is not enough for two people either.
      await database.db
        .update(events)
        .set({ capacity: event.placesTaken + 1 })
        .where(eq(events.id, track.eventId));
      const onePlace = await expectError(await submit(draft), 409);
      expect(onePlace.reason).toBe("fully_booked");
      expect((await eventRow(track.eventId)).placesTaken).toBe(event.placesTaken);
    } finally {
      await database.db.update(events).set({ capacity: event.capacity }).where(eq(events.id, track.eventId));
    }
  });

  it("never submits an answer changed while the submission runs: a racing page save is either checked or refused", async () => {
    for (let round = 0; round < 6; round += 1) {
      const draft = await completeGolfDraft();
      const placesBefore = (await eventRow(golf.eventId)).placesTaken;
      // The save blanks a required field: if it lands first, the submission must see it and refuse.
      const [submitted, saved] = await Promise.all([
        submit(draft),
        savePage(draft, golf.pages.participant, { answers: { ...mainAnswers("golf", draft.email), ...byName("golf", { "main.surname": "" }) } }),
      ]);
      const row = await bookingRow(draft.uuid);
      const surname = row.answers[itemNamed("golf", "main.surname").uuid];
      if (submitted.status === 200) {
        expect(saved.status).toBe(409);
        expect(surname).toBe("Berger");
        expect(row.status).toBe("submitted");
        expect((await eventRow(golf.eventId)).placesTaken).toBe(placesBefore + 2);
      } else {
        expect(submitted.status).toBe(422);
        expect(saved.status).toBe(422);
        expect(surname).toBe("");
        expect(row).toMatchObject({ status: "draft", code: null });
        expect((await eventRow(golf.eventId)).placesTaken).toBe(placesBefore);
      }
    }
  });

  it("accepts a file uploaded while the submission waited for the booking's lock", async () => {
    // PGlite runs one transaction at a time: the submission could not start while the upload holds the lock.
    if (database.driver !== "postgres") return;
    const draft = await completeGolfDraft();
    const certificate = itemNamed("golf", "golf.handicap_certificate");
    let locked: () => void = () => undefined;
    const lockHeld = new Promise<void>((resolve) => (locked = resolve));
    // An upload as store-upload.ts writes it: under the booking's lock, the file's row and the answer naming it.
    const uploading = database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from bookings where id = ${draft.uuid} for update`);
      locked();
      // Long enough for the submission to be waiting on the lock when this commits.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const uploadId = randomUUID();
      await tx
        .insert(uploads)
        .values({
          id: uploadId,
          bookingId: draft.uuid,
          itemId: certificate.uuid,
          storageKey: `race-${uploadId}`,
          originalName: "hcp.pdf",
          mediaType: "application/pdf",
          sizeBytes: 1234,
        });
      await tx
        .update(bookings)
        .set({ answers: sql`${bookings.answers} || ${JSON.stringify({ [certificate.uuid]: uploadId })}::jsonb` })
        .where(eq(bookings.id, draft.uuid));
      return uploadId;
    });
    await lockHeld;
    const [submitted, uploadId] = await Promise.all([submit(draft), uploading]);
    expect(submitted.status).toBe(200);
    const row = await bookingRow(draft.uuid);
    expect(row.status).toBe("submitted");
    expect(row.answers[certificate.uuid]).toBe(uploadId);
  });

  it("takes the token from the booking cookie when the body has none; a foreign or wrong token finds nothing", async () => {
    const draft = await completeGolfDraft();
    const other = await newDraft("golf");
    const placesBefore = (await eventRow(golf.eventId)).placesTaken;

    for (const body of [{ booking_token: other.token }, { booking_token: "x".repeat(43) }, {}]) {
      const refused = await expectError(await submit(draft, body), 404);
      expect(refused.message).toBe(en.bookingNotFound);
    }
    // A cookie holding another booking's key does not open this one.
    const foreignCookie = `booking_token=${encodeURIComponent(`${golf.formId}:${other.uuid}:${other.token}`)}`;
    await expectError(await submit(draft, {}, { cookie: foreignCookie }), 404);
    expect((await bookingRow(draft.uuid)).status).toBe("draft");
    expect((await eventRow(golf.eventId)).placesTaken).toBe(placesBefore);

    const cookie = `booking_token=${encodeURIComponent(`${track.formId}:${other.uuid}:${other.token},${golf.formId}:${draft.uuid}:${draft.token}`)}`;
    const response = await submit(draft, {}, { cookie });
    expect(response.status).toBe(200);
    expect(submitBookingResponseSchema.parse(await response.json()).data).toMatchObject({ uuid: draft.uuid, status: "submitted" });
    expect((await eventRow(golf.eventId)).placesTaken).toBe(placesBefore + 2);
  });
});

describe("a pending booking request (SMA)", () => {
  it("blocks saving the pages after its page while it blocks (spec §4)", async () => {
    const draft = await newDraft("golf");
    await database.db.update(bookings).set({ smaStatus: "requested", smaBlocking: true, smaPage: 1 }).where(eq(bookings.id, draft.uuid));
    const blocked = await expectError(await savePage(draft, golf.pages.extras, { answers: golfExtras() }), 409);
    expect(blocked).toMatchObject({ reason: "in_review", message: "This page opens once our team has verified your booking request." });
    await expectOk(await savePage(draft, golf.pages.participant, { answers: mainAnswers("golf", uniqueEmail("sma-block")) }));
    await database.db.update(bookings).set({ smaStatus: "verified", smaBlocking: false }).where(eq(bookings.id, draft.uuid));
    await expectOk(await savePage(draft, golf.pages.extras, { answers: golfExtras() }));
  });
});

describe("creating an account with the booking", () => {
  it("creates a password-less account for a guest, links the booking and mails the link that activates it", async () => {
    const email = uniqueEmail("new-customer");
    const draft = await completeGolfDraft({ email, createAccount: true });
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const response = await submit(draft);
    expect(response.status).toBe(200);

    const created = await database.db.select().from(users).where(eq(users.email, email));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ email, passwordHash: null, firstName: "Lena", lastName: "Berger", emailVerifiedAt: null });
    expect(await bookingRow(draft.uuid)).toMatchObject({ status: "submitted", createAccount: true, userId: created[0]?.id });

    const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
    expect(mails.map((mail) => mail.template).sort()).toEqual(["account-activation", "booking-received"]);
    const activation = mails.find((mail) => mail.template === "account-activation");
    expect(String(activation?.payload.activateUrl)).toMatch(/^http:\/\/site\.test\/.*activate-account\/[A-Za-z0-9_-]{20,}$/);
  });

  it("creates nothing when the address already has an account", async () => {
    const existing = demoAccounts.customer.email;
    const usersBefore = await database.db.select().from(users);
    const [account] = usersBefore.filter((user) => user.email === existing);
    if (!account) throw new Error("the seed has the demo customer");
    const resetsBefore = await database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, existing), eq(outboxEmails.template, "password-reset")));

    const draft = await completeGolfDraft({ email: existing.toUpperCase(), createAccount: true });
    const response = await submit(draft);
    expect(response.status).toBe(200);

    const usersAfter = await database.db.select().from(users);
    expect(usersAfter).toHaveLength(usersBefore.length);
    const [accountAfter] = usersAfter.filter((user) => user.id === account.id);
    expect(accountAfter).toEqual(account);
    const resetsAfter = await database.db
      .select()
      .from(outboxEmails)
      .where(and(sql`lower(${outboxEmails.toAddress}) = ${existing}`, eq(outboxEmails.template, "password-reset")));
    expect(resetsAfter).toHaveLength(resetsBefore.length);
    expect((await bookingRow(draft.uuid)).status).toBe("submitted");
  });

  it("creates no account when the box is not ticked", async () => {
    const email = uniqueEmail("no-account");
    const draft = await completeGolfDraft({ email });
    expect((await submit(draft)).status).toBe(200);
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await bookingRow(draft.uuid)).toMatchObject({ createAccount: false, userId: null });
    const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
    expect(mails.map((mail) => mail.template)).toEqual(["booking-received"]);
  });
});

describe("what follows the submission", () => {
  it("confirms an invoice booking at once and keeps an SMA request in review: neither hold runs out", async () => {
    for (const [options, status] of [
      [{ paymentOption: "invoice" as const }, "confirmed"],
      [{ paymentOption: "credit_card" as const, sma: true }, "in_review"],
    ] as const) {
      const draft = await completeTrackDraft({ ...options, vehicles: ["1:own_car", "2:own_car"] });
      const response = await submit(draft);
      expect(response.status).toBe(200);
      const { data } = submitBookingResponseSchema.parse(await response.json());
      expect(data).toMatchObject({ status, hold_expires_at: null });
      const expiry = await database.db.select().from(jobs).where(eq(jobs.kind, "booking.expire-hold"));
      expect(expiry.some((job) => (job.payload as { bookingId?: string }).bookingId === draft.uuid)).toBe(false);
      // Staff hear of a booking request at once, with the number to call; an invoice booking gets its invoice.
      const mails = (await database.db.select().from(outboxEmails)).filter((mail) => JSON.stringify(mail.payload).includes(data.code ?? "—"));
      const templates = mails.map((mail) => mail.template).sort();
      if (status === "in_review") {
        expect(templates).toEqual(["booking-received", "sma-requested"]);
        expect(mails.find((mail) => mail.template === "sma-requested")?.payload).toMatchObject({
          bookingId: draft.uuid,
          phone: "+49 89 4521 7730",
          // The back office's page of the booking, absolute (issue 32), not an API call.
          backOfficeUrl: expect.stringMatching(new RegExp(`^https?://[^/]+/admin/bookings/${draft.uuid}$`)),
        });
      } else {
        expect(templates).toEqual(["booking-received", "invoice"]);
      }
    }
  });
});
