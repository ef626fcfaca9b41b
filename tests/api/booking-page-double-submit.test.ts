import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema } from "../../core/contracts/bookings";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import { action } from "../../app/routes/booking/booking";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, events } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { rememberBookingCookie } from "../../server/http/booking-cookies";
import { routerContextOf, type WebContext } from "../../server/load-context";
import { createTestApi } from "../support/api-client";
import { mainParticipantAnswers } from "../support/booking-answers";
import { createTestDatabase } from "../support/test-database";

/**
 * A browser that sends the review step's booking button twice (a double click, a resent form) ends on
 * the booking's page both times, never on an error: also when the second post passed the page save
 * while the booking was still a draft and reaches the submission only after the first one won.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let form: PublicForm;
const formId = seedIds.forms.golfCircleTournament;
const pages = seedIds.formPages.golfCircleTournament;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfCircleTournament));
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

/** A golf booking with every page answered, through the API, up to the last page. */
async function completeDraft() {
  const opened = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${formId}`)).json());
  const draft = { uuid: opened.data.uuid, token: opened.booking_token ?? "" };
  const save = async (pageId: string, body: Record<string, unknown>) => {
    const response = await api.app.request(`/api/booking/public/${draft.uuid}/update/${pageId}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ booking_token: draft.token, answers: {}, ...body }),
    });
    if (response.status !== 200) throw new Error(`page save answered ${response.status}: ${await response.text()}`);
  };
  await save(pages.participant, { answers: byName(mainParticipantAnswers(`double-${randomUUID().slice(0, 8)}@example.com`)) });
  await save(pages.extras, { answers: byName({ "golf.handicap": "hcp_19_36" }) });
  await save(pages.summary, { answers: byName({ terms: true, payment_option: "credit_card" }) });
  return draft;
}

/** The review step's "Book with obligation to pay" posted as the browser's plain HTML form does it, with the booking cookie. */
function postLastPage(draft: { uuid: string; token: string }, context: WebContext, locale: "en" | "de") {
  const body = new FormData();
  body.set("step", "review");
  body.set("intent", "submit");
  const cookie = rememberBookingCookie(null, { formUuid: formId, bookingUuid: draft.uuid, token: draft.token }, false).split(";")[0] ?? "";
  const path = locale === "de" ? `/de/booking/${formId}` : `/booking/${formId}`;
  const request = new Request(`http://site.test${path}`, { method: "POST", body, headers: { cookie, origin: "http://site.test" } });
  // React Router hands every action the page's normalized address as `url` (decision 063).
  const args = { request, url: new URL(request.url), params: { uuid: formId }, context: routerContextOf(context) };
  return action(args as unknown as Parameters<typeof action>[0]).then(
    (returned: unknown) => returned,
    (thrown: unknown) => thrown,
  );
}

function contextWith(services: WebContext["services"]): WebContext {
  return {
    services,
    publicOrigin: "http://site.test",
    clientAddress: "127.0.0.1",
    cspNonce: "test-nonce",
    session: async () => ({ user: null }) as Awaited<ReturnType<WebContext["session"]>>,
  };
}

const locationOf = (outcome: unknown) => (outcome instanceof Response ? `${outcome.status} ${outcome.headers.get("location")}` : JSON.stringify(outcome));

describe("the review step's booking button sent twice", () => {
  it("one after the other: both end on the booking's page", async () => {
    const draft = await completeDraft();
    const context = contextWith(api.services);
    expect(locationOf(await postLastPage(draft, context, "en"))).toBe(`302 /booking-success?booking=${draft.uuid}`);
    expect(locationOf(await postLastPage(draft, context, "en"))).toBe(`302 /booking-success?booking=${draft.uuid}`);
  });

  it("at the same moment (the second reaches the submission after the first won): both end on the booking's page", async () => {
    const draft = await completeDraft();
    let firstDone: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (firstDone = resolve));
    // The second post saved its page while the booking was a draft; its submission runs once the first is through.
    const late = contextWith({
      ...api.services,
      bookings: { ...api.services.bookings, submit: async (input) => (await first, api.services.bookings.submit(input)) },
    });
    const second = postLastPage(draft, late, "de");
    const winner = await postLastPage(draft, contextWith(api.services), "de");
    firstDone();
    expect(locationOf(winner)).toBe(`302 /de/booking-success?booking=${draft.uuid}`);
    expect(locationOf(await second)).toBe(`302 /de/booking-success?booking=${draft.uuid}`);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, draft.uuid));
    expect(row?.status).toBe("submitted");
  });
});
