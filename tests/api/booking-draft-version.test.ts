import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema, updatePageResponseSchema } from "../../core/contracts/bookings";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import { action } from "../../app/routes/booking/booking";
import { answerField } from "../../app/utils/booking-form-data";
import type { DatabaseHandle } from "../../server/db/client";
import { seedIds } from "../../server/db/seed";
import { rememberBookingCookie } from "../../server/http/booking-cookies";
import { routerContextOf, type WebContext } from "../../server/load-context";
import { createTestApi } from "../support/api-client";
import { mainParticipantAnswers } from "../support/booking-answers";
import { createTestDatabase } from "../support/test-database";

/**
 * Two windows on one draft (decision 021): every page save names the draft's version it was made
 * from and counts it up; a save from an older version is refused with a 409 in the caller's language
 * and changes nothing, so what the other window entered is never overwritten.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let form: PublicForm;
const formId = seedIds.forms.golfCircleTournament;
const pages = seedIds.formPages.golfCircleTournament;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`)).json()).data;
});
afterAll(async () => {
  await database.close();
});

const uuidOf = (name: string) => {
  const item = form.pages.flatMap((page) => page.items).find((candidate) => candidate.name === name);
  if (!item) throw new Error(`no item ${name}`);
  return item.uuid;
};
const byName = (answers: Record<string, string | boolean>) => Object.fromEntries(Object.entries(answers).map(([name, value]) => [uuidOf(name), value]));

async function openDraft() {
  const opened = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${formId}`)).json());
  expect(opened.data.version).toBe(0);
  return { uuid: opened.data.uuid, token: opened.booking_token ?? "" };
}

function savePage(draft: { uuid: string; token: string }, body: Record<string, unknown>, locale = "en") {
  return api.app.request(`/api/booking/public/${draft.uuid}/update/${pages.participant}`, {
    method: "PUT",
    headers: { "content-type": "application/json", "accept-language": locale },
    body: JSON.stringify({ booking_token: draft.token, ...body }),
  });
}

async function answersOf(draft: { uuid: string; token: string }) {
  const response = await api.get(`/api/booking/public/${formId}?bookingUuid=${draft.uuid}&bookingToken=${draft.token}`);
  return openBookingResponseSchema.parse(await response.json()).data;
}

describe("PUT api/booking/public/{uuid}/update/{page} with a version", () => {
  it("counts the version up with each save and refuses a save from an older one, in English and German", async () => {
    const draft = await openDraft();
    const first = await savePage(draft, { version: 0, answers: byName(mainParticipantAnswers("tab-a@example.com")) });
    expect(first.status).toBe(200);
    expect(updatePageResponseSchema.parse(await first.json()).data.version).toBe(1);

    // The second window still has version 0: refused, and the first window's answers stay.
    const stale = await savePage(draft, { version: 0, answers: byName({ ...mainParticipantAnswers("tab-b@example.com"), "main.forename": "Other" }) });
    expect(stale.status).toBe(409);
    const refused = errorResponseSchema.parse(await stale.json());
    expect(refused.reason).toBe("stale_version");
    expect(refused.message).toBe("This booking was changed in another window. We loaded the latest answers; please check them and save again.");
    const staleDe = await savePage(draft, { version: 0, answers: byName({ "main.forename": "Andere" }) }, "de-DE");
    expect(staleDe.status).toBe(409);
    expect(errorResponseSchema.parse(await staleDe.json()).message).toBe(
      "Diese Buchung wurde in einem anderen Fenster geändert. Wir haben die neuesten Angaben geladen; bitte prüfen Sie sie und speichern Sie erneut.",
    );

    const kept = await answersOf(draft);
    expect(kept.version).toBe(1);
    expect(kept.answers[uuidOf("main.email")]).toBe("tab-a@example.com");
    expect(kept.answers[uuidOf("main.forename")]).toBe("Lena");

    // From the version it now has, the second window's save goes through.
    const fresh = await savePage(draft, { version: 1, answers: byName({ "main.forename": "Other" }) });
    expect(fresh.status).toBe(200);
    expect(updatePageResponseSchema.parse(await fresh.json()).data.version).toBe(2);
  });

  it("answers the new version with a save that kept invalid answers, and still saves without a version", async () => {
    const draft = await openDraft();
    const invalid = await savePage(draft, { version: 0, answers: byName({ "main.email": "not-an-address" }) });
    expect(invalid.status).toBe(422);
    expect(errorResponseSchema.parse(await invalid.json()).version).toBe(1);
    // Clients that do not send a version save as before (the last save wins).
    const unversioned = await savePage(draft, { answers: byName(mainParticipantAnswers("plain@example.com")) });
    expect(unversioned.status).toBe(200);
    expect(updatePageResponseSchema.parse(await unversioned.json()).data.version).toBe(2);
  });

  it("of two saves at the same moment from one version, exactly one wins", async () => {
    const draft = await openDraft();
    const [a, b] = await Promise.all([
      savePage(draft, { version: 0, answers: byName({ ...mainParticipantAnswers("anna@example.com"), "main.forename": "Anna" }) }),
      savePage(draft, { version: 0, answers: byName({ ...mainParticipantAnswers("bert@example.com"), "main.forename": "Bert" }) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? "Anna" : "Bert";
    expect((await answersOf(draft)).answers[uuidOf("main.forename")]).toBe(winner);
  });
});

describe("the booking page's form post with a version", () => {
  function postPage(draft: { uuid: string; token: string }, version: number, forename: string, locale: "en" | "de") {
    const body = new FormData();
    body.set("page_uuid", pages.participant);
    body.set("intent", "next");
    body.set("version", String(version));
    for (const [name, value] of Object.entries({ ...mainParticipantAnswers("form@example.com"), "main.forename": forename }))
      body.set(answerField(uuidOf(name)), value);
    const cookie = rememberBookingCookie(null, { formUuid: formId, bookingUuid: draft.uuid, token: draft.token }, false).split(";")[0] ?? "";
    const path = locale === "de" ? `/de/booking/${formId}` : `/booking/${formId}`;
    const request = new Request(`http://site.test${path}`, { method: "POST", body, headers: { cookie, origin: "http://site.test" } });
    const context = { services: api.services } as unknown as WebContext;
    // React Router hands every action the page's normalized address as `url` (decision 063).
    const args = { request, url: new URL(request.url), params: { uuid: formId }, context: routerContextOf(context) };
    return action(args as unknown as Parameters<typeof action>[0]).then(
      (returned: unknown) => returned,
      (thrown: unknown) => thrown,
    );
  }

  it("moves on from the current version and shows the localized message for an older one", async () => {
    const draft = await openDraft();
    const moved = (await postPage(draft, 0, "Lena", "en")) as Response;
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(`/booking/${formId}?page=2`);
    for (const locale of ["en", "de"] as const) {
      const stale = (await postPage(draft, 0, "Überschrieben", locale)) as { init: { status: number }; data: { stale: boolean; message: string } };
      expect(stale.init.status).toBe(409);
      expect(stale.data.stale).toBe(true);
      expect(stale.data.message).toMatch(locale === "en" ? /changed in another window/ : /in einem anderen Fenster geändert/);
    }
    expect((await answersOf(draft)).answers[uuidOf("main.forename")]).toBe("Lena");
  });
});
