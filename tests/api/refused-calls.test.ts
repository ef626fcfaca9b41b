import { mkdtempSync, readdirSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema } from "../../core/contracts/bookings";
import { createPaymentResponseSchema } from "../../core/contracts/payments";
import { errorResponseSchema } from "../../core/contracts/errors";
import { hashPassword } from "../../server/auth/passwords";
import { newSecretToken } from "../../server/auth/secrets";
import type { DatabaseHandle } from "../../server/db/client";
import { events, participants, payments, sandboxCheckouts, users } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { rememberBookingCookie } from "../../server/http/booking-cookies";
import { accessCookieName } from "../../server/http/web-session";
import { payLinkToken } from "../../server/payments/pay-links";
import { AppError } from "../../server/errors";
import { createSandboxTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Authorization comes before any side effect: every refused call of the booking and payment API
 * (a wrong or missing key, a wrong uuid, someone else's session) leaves the database exactly as it
 * was — compared table by table, row by row — and the upload folder too.
 */

const jwtSecret = "test-secret-of-at-least-thirty-two-characters";
let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let uploadsDir: string;

const formId = seedIds.forms.golfYogaTrip;
const pages = seedIds.formPages.golfYogaTrip;
const strangerPassword = "Stranger-pass-2026!";

/** The customer's draft (with a companion), their submitted card booking with an open checkout, and a stranger's login. */
type World = {
  draft: { uuid: string; token: string; companion: string };
  paying: { uuid: string; token: string; returnToken: string; checkoutId: string };
  other: { uuid: string; token: string; returnToken: string };
  owner: { accessToken: string };
  stranger: { accessToken: string };
};
let world: World;

const cookieOf = (setCookie: string) => setCookie.split(";")[0] ?? "";
const bookingCookie = (bookingUuid: string, token: string) => cookieOf(rememberBookingCookie(null, { formUuid: formId, bookingUuid, token }, false));

async function submittedCardBooking(userId: string | null) {
  const { bookingId, token } = await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip, { companions: ["non_playing"], userId });
  const created = await api.app.request(`/api/booking/payment/create/${bookingId}/en`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ booking_token: token }),
  });
  if (created.status !== 200) throw new Error(`payment create answered ${created.status}`);
  const payment = createPaymentResponseSchema.parse(await created.json()).data;
  return { uuid: bookingId, token, returnToken: payment.token, checkoutId: payment.redirect_url.split("/").at(-1) ?? "" };
}

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), "refused-calls-")), "uploads");
  api = createSandboxTestApi(database, "whsec_refused_calls_secret", { uploadsDir, jwtSecret });
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));

  const opened = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${formId}`)).json());
  if (!opened.booking_token) throw new Error("a new draft comes with its token");
  const [companion] = await database.db
    .insert(participants)
    .values({ bookingId: opened.data.uuid, role: "companion", position: 1, companionType: "non_playing", forename: "Guest", surname: "One" })
    .returning({ id: participants.id });
  if (!companion) throw new Error("no companion");

  const [owner] = await database.db.select().from(users).where(eq(users.email, demoAccounts.customer.email));
  if (!owner) throw new Error("the seed has the demo customer");
  await database.db.insert(users).values({
    name: "Sam Stranger",
    email: "stranger@example.com",
    passwordHash: await hashPassword(strangerPassword),
    emailVerifiedAt: new Date(),
  });
  world = {
    draft: { uuid: opened.data.uuid, token: opened.booking_token, companion: companion.id },
    paying: await submittedCardBooking(owner.id),
    other: await submittedCardBooking(null),
    owner: { accessToken: (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token },
    stranger: { accessToken: (await api.logIn("stranger@example.com", strangerPassword)).access_token },
  };
});
afterAll(async () => {
  await database.close();
  rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
});

const uploadFiles = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);

/** Runs one refused call and proves it changed nothing, in the database or on disk. */
async function expectRefusedWithoutChange(call: () => Response | Promise<Response>, status: number) {
  const before = await snapshotDatabase(database.db);
  const filesBefore = uploadFiles();
  const response = await call();
  expect(response.status).toBe(status);
  expect(errorResponseSchema.safeParse(await response.json()).success).toBe(true);
  expect(await snapshotDatabase(database.db)).toEqual(before);
  expect(uploadFiles()).toEqual(filesBefore);
}

const send = (method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
  api.app.request(url, {
    method,
    headers: { ...(options.body !== undefined ? { "content-type": "application/json" } : {}), ...options.headers },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });

const wrongToken = () => newSecretToken();
const randomUuid = "0b7f0e2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b";

describe("every refused call of the booking API changes nothing", () => {
  it("opening a booking with a wrong, partial or foreign key", async () => {
    const { draft, paying } = world;
    const cases = [
      `/api/booking/public/${formId}?bookingUuid=${draft.uuid}&bookingToken=${wrongToken()}`,
      `/api/booking/public/${formId}?bookingUuid=${draft.uuid}`,
      `/api/booking/public/${formId}?bookingToken=${draft.token}`,
      `/api/booking/public/${formId}?bookingUuid=${paying.uuid}&bookingToken=${draft.token}`,
      `/api/booking/public/${seedIds.forms.trackDayTwoDays}?bookingUuid=${draft.uuid}&bookingToken=${draft.token}`,
      `/api/booking/public/${randomUuid}`,
    ];
    for (const url of cases) await expectRefusedWithoutChange(() => send("GET", url), 404);
    await expectRefusedWithoutChange(
      () =>
        send("GET", `/api/booking/public/${formId}?bookingUuid=${draft.uuid}&bookingToken=${wrongToken()}`, {
          headers: { authorization: `Bearer ${world.stranger.accessToken}` },
        }),
      404,
    );
  });

  it("saving a page with a wrong, missing or foreign key, or of another form", async () => {
    const { draft, paying } = world;
    const answers = { answers: {}, companions: [{ uuid: randomUuid, type: "non_playing", forename: "Mallory", surname: "Intruder" }] };
    const url = `/api/booking/public/${draft.uuid}/update/${pages.extras}`;
    await expectRefusedWithoutChange(() => send("PUT", url, { body: { ...answers, booking_token: wrongToken() } }), 404);
    await expectRefusedWithoutChange(() => send("PUT", url, { body: answers }), 404);
    await expectRefusedWithoutChange(() => send("PUT", url, { body: answers, headers: { cookie: bookingCookie(draft.uuid, wrongToken()) } }), 404);
    await expectRefusedWithoutChange(
      () => send("PUT", `/api/booking/public/${paying.uuid}/update/${pages.extras}`, { body: { ...answers, booking_token: draft.token } }),
      404,
    );
    await expectRefusedWithoutChange(
      () =>
        send("PUT", `/api/booking/public/${draft.uuid}/update/${seedIds.formPages.trackDayTwoDays.extras}`, {
          body: { ...answers, booking_token: draft.token },
        }),
      404,
    );
    await expectRefusedWithoutChange(() => send("PUT", url, { body: answers, headers: { authorization: `Bearer ${world.stranger.accessToken}` } }), 404);
    // A submitted booking's pages cannot be changed, even with its key.
    await expectRefusedWithoutChange(
      () => send("PUT", `/api/booking/public/${paying.uuid}/update/${pages.extras}`, { body: { ...answers, booking_token: paying.token } }),
      409,
    );
  });

  it("removing a companion with a wrong or missing key, of another booking, or from a submitted booking", async () => {
    const { draft, paying } = world;
    const url = `/api/booking/companion/${draft.uuid}/${draft.companion}/delete`;
    await expectRefusedWithoutChange(() => send("DELETE", `${url}?bookingToken=${wrongToken()}`), 404);
    await expectRefusedWithoutChange(() => send("DELETE", url), 404);
    await expectRefusedWithoutChange(() => send("DELETE", url, { headers: { cookie: bookingCookie(draft.uuid, wrongToken()) } }), 404);
    await expectRefusedWithoutChange(() => send("DELETE", `/api/booking/companion/${paying.uuid}/${draft.companion}/delete?bookingToken=${draft.token}`), 404);
    await expectRefusedWithoutChange(() => send("DELETE", url, { headers: { authorization: `Bearer ${world.stranger.accessToken}` } }), 404);
    const [payingCompanion] = await database.db.select().from(participants).where(eq(participants.bookingId, paying.uuid));
    await expectRefusedWithoutChange(
      () => send("DELETE", `/api/booking/companion/${paying.uuid}/${payingCompanion?.id ?? randomUuid}/delete?bookingToken=${paying.token}`),
      409,
    );
  });

  it("submitting with a wrong, missing or foreign key", async () => {
    const { draft, paying } = world;
    const url = `/api/booking/public/${draft.uuid}/submit`;
    await expectRefusedWithoutChange(() => send("POST", url, { body: { booking_token: wrongToken() } }), 404);
    await expectRefusedWithoutChange(() => send("POST", url, { body: {} }), 404);
    await expectRefusedWithoutChange(() => send("POST", url, { body: {}, headers: { cookie: bookingCookie(draft.uuid, wrongToken()) } }), 404);
    await expectRefusedWithoutChange(() => send("POST", `/api/booking/public/${draft.uuid}/submit`, { body: { booking_token: paying.token } }), 404);
    await expectRefusedWithoutChange(() => send("POST", url, { body: {}, headers: { authorization: `Bearer ${world.stranger.accessToken}` } }), 404);
  });

  it("uploading without the booking's key, or to a submitted booking", async () => {
    const { draft, paying } = world;
    const upload =
      (bookingUuid: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      () => {
        const body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.append(name, value);
        body.append("file", new Blob([Buffer.from("%PDF-1.4\n%refused\n")], { type: "application/pdf" }), "certificate.pdf");
        return api.app.request(`/api/booking/${bookingUuid}/upload`, { method: "POST", body, headers });
      };
    await expectRefusedWithoutChange(upload(draft.uuid, { item_uuid: randomUuid }), 404);
    await expectRefusedWithoutChange(upload(draft.uuid, { item_uuid: randomUuid, booking_token: wrongToken() }), 404);
    await expectRefusedWithoutChange(upload(draft.uuid, { item_uuid: randomUuid }, { cookie: bookingCookie(draft.uuid, wrongToken()) }), 404);
    await expectRefusedWithoutChange(upload(paying.uuid, { item_uuid: randomUuid, booking_token: draft.token }), 404);
    await expectRefusedWithoutChange(upload(draft.uuid, { item_uuid: randomUuid }, { authorization: `Bearer ${world.stranger.accessToken}` }), 404);
    await expectRefusedWithoutChange(upload(paying.uuid, { item_uuid: randomUuid, booking_token: paying.token }), 409);
  });
});

describe("every refused call of the payment API changes nothing (the open checkout stays open)", () => {
  const create =
    (bookingUuid: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    () =>
      send("POST", `/api/booking/payment/create/${bookingUuid}/en`, options);

  it("creating a payment with an empty body, a wrong, foreign or missing key, or someone else's session", async () => {
    const { paying, other, draft } = world;
    await expectRefusedWithoutChange(create(paying.uuid), 404);
    await expectRefusedWithoutChange(create(paying.uuid, { body: {} }), 404);
    await expectRefusedWithoutChange(create(paying.uuid, { body: { booking_token: wrongToken() } }), 404);
    await expectRefusedWithoutChange(create(paying.uuid, { body: { booking_token: other.token } }), 404);
    await expectRefusedWithoutChange(create(paying.uuid, { body: { booking_token: draft.token } }), 404);
    await expectRefusedWithoutChange(create(randomUuid, { body: { booking_token: paying.token } }), 404);
    await expectRefusedWithoutChange(create(paying.uuid, { headers: { cookie: bookingCookie(paying.uuid, wrongToken()) } }), 404);
    await expectRefusedWithoutChange(create(paying.uuid, { headers: { authorization: `Bearer ${world.stranger.accessToken}` } }), 404);
    await expectRefusedWithoutChange(create(paying.uuid, { headers: { cookie: `${accessCookieName}=${world.stranger.accessToken}` } }), 404);
    await expectRefusedWithoutChange(create(paying.uuid, { headers: { authorization: "Bearer not-a-token" } }), 404);
    // The owner's own session for a booking that is not theirs.
    await expectRefusedWithoutChange(create(other.uuid, { headers: { authorization: `Bearer ${world.owner.accessToken}` } }), 404);
    // A browser amount is refused before anything happens, even with the right key.
    await expectRefusedWithoutChange(create(paying.uuid, { body: { booking_token: paying.token, amount_cents: 1 } }), 422);
  });

  it("the pay-link and return-token paths of the pages: a wrong or foreign link changes nothing", async () => {
    const { paying, other } = world;
    const refused = async (access: Parameters<typeof api.services.payments.create>[0]["access"], bookingId = paying.uuid) => {
      const before = await snapshotDatabase(database.db);
      const error = await api.services.payments.create({ bookingId, access, locale: "en" }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(AppError.is(error) && error.code).toBe("NOT_FOUND");
      expect(await snapshotDatabase(database.db)).toEqual(before);
    };
    await refused({ payLink: "not-a-pay-link" });
    await refused({ payLink: payLinkToken(jwtSecret, other.uuid) });
    await refused({ payLink: payLinkToken("another-secret-of-at-least-thirty-two-chars", paying.uuid) });
    await refused({ returnToken: wrongToken() });
    await refused({ returnToken: other.returnToken });
    await refused({ bookingToken: other.token });
    await refused({ userId: randomUuid });
    await refused({});
    // The return page with an unknown token finds nothing and changes nothing.
    const before = await snapshotDatabase(database.db);
    expect(await api.services.payments.forReturn(wrongToken())).toBeNull();
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("the customer's checkout is still open afterwards", async () => {
    const [checkout] = await database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, world.paying.checkoutId));
    expect(checkout?.status).toBe("open");
    const open = await database.db.select().from(payments).where(eq(payments.bookingId, world.paying.uuid));
    expect(open.map((payment) => payment.status)).toEqual(["pending"]);
  });
});
