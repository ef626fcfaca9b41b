import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema, updatePageResponseSchema } from "../../core/contracts/bookings";
import { tokenResponseSchema } from "../../core/contracts/auth";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, participants } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let form: PublicForm;
const formId = seedIds.forms.golfCircleTournament;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`)).json()).data;
});
afterAll(async () => {
  await database.close();
});

const german = { "accept-language": "de-DE" };
const put = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.app.request(path, { method: "PUT", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const itemNamed = (name: string) => {
  const found = form.pages.flatMap((page) => page.items).find((item) => item.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
};

async function newDraft(headers: Record<string, string> = {}) {
  const response = await api.get(`/api/booking/public/${formId}`, headers);
  expect(response.status).toBe(200);
  const body = openBookingResponseSchema.parse(await response.json());
  if (!body.booking_token) throw new Error("a new draft comes with its token");
  return { booking: body.data, token: body.booking_token };
}

describe("booking drafts", () => {
  it("start without a token and resume with it; a wrong or foreign token finds nothing", async () => {
    const first = await newDraft();
    expect(first.booking).toMatchObject({ status: "draft", form_uuid: formId, current_page: 1 });
    const resumed = openBookingResponseSchema.parse(
      await (await api.get(`/api/booking/public/${formId}?bookingToken=${first.token}&bookingUuid=${first.booking.uuid}`)).json(),
    );
    expect(resumed.data.uuid).toBe(first.booking.uuid);
    expect(resumed.booking_token).toBeUndefined();
    const second = await newDraft();
    const foreign = await api.get(`/api/booking/public/${formId}?bookingToken=${second.token}&bookingUuid=${first.booking.uuid}`, german);
    expect(foreign.status).toBe(404);
    expect(errorResponseSchema.parse(await foreign.json()).message).toBe("Diese Buchung wurde nicht gefunden oder der Link dazu ist ungültig.");
    const stored = await database.db.select({ hash: bookings.tokenHash }).from(bookings).where(eq(bookings.id, first.booking.uuid));
    expect(stored[0]?.hash).not.toBe(first.token);
  });

  it("fill in a logged-in user's own data", async () => {
    const login = tokenResponseSchema.parse(
      await (
        await api.app.request("/api/auth/public/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: demoAccounts.customer.email, password: demoAccounts.customer.password }),
        })
      ).json(),
    );
    const { booking } = await newDraft({ authorization: `Bearer ${login.access_token}` });
    const [main] = await database.db.select().from(participants).where(eq(participants.bookingId, booking.uuid));
    expect(main).toMatchObject({ role: "main", forename: "Stefan", surname: "Hofmann", email: demoAccounts.customer.email });
  });

  it("save a page: invalid answers are kept and come back per item uuid; valid ones advance", async () => {
    const { booking, token } = await newDraft();
    const page = form.pages[0];
    if (!page) throw new Error("the form has pages");
    const forename = itemNamed("main.forename");
    const phone = itemNamed("main.phone");
    const country = itemNamed("main.country");
    const invalid = await put(
      `/api/booking/public/${booking.uuid}/update/${page.uuid}`,
      { booking_token: token, answers: { [forename.uuid]: "Lena", [phone.uuid]: "12", [country.uuid]: "XX" } },
      german,
    );
    expect(invalid.status).toBe(422);
    const body = errorResponseSchema.parse(await invalid.json());
    expect(body.errors?.[phone.uuid]).toEqual(["Bitte geben Sie eine gültige Telefonnummer mit Ländervorwahl ein, z. B. +49 89 1234567."]);
    expect(body.errors?.[country.uuid]).toEqual(["Bitte wählen Sie ein Land aus der Liste."]);
    expect(body.errors?.[forename.uuid]).toBeUndefined();
    const [kept] = await database.db.select().from(bookings).where(eq(bookings.id, booking.uuid));
    expect(kept?.answers).toMatchObject({ [forename.uuid]: "Lena", [phone.uuid]: "12" });
    expect(kept?.currentPage).toBe(1);

    const answers: Record<string, string | boolean> = {};
    for (const item of page.items) {
      if (!item.required) continue;
      const values: Record<string, string> = {
        select: "mr",
        input: "Sample",
        country_select: "DE",
        nationality_select: "DE",
        international_phone: "+49 89 4521 7730",
        date: "1980-05-01",
      };
      // A postcode must fit the chosen country (issue 32).
      answers[item.uuid] = item.options.type === "email" ? "lena@example.com" : item.name === "main.postcode" ? "80802" : (values[item.kind] ?? "Sample");
    }
    const valid = await put(`/api/booking/public/${booking.uuid}/update/${page.uuid}`, { booking_token: token, answers });
    expect(valid.status).toBe(200);
    expect(updatePageResponseSchema.parse(await valid.json()).data.current_page).toBe(2);
  });

  it("refuse bad input and change nothing", async () => {
    const { booking, token } = await newDraft();
    const page = form.pages[0];
    if (!page) throw new Error("the form has pages");
    const otherForm = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${seedIds.forms.golfYogaTrip}`)).json()).data;
    const foreignItem = otherForm.pages[0]?.items[0];
    const unknownItem = await put(`/api/booking/public/${booking.uuid}/update/${page.uuid}`, {
      booking_token: token,
      answers: { [foreignItem?.uuid ?? ""]: "x" },
    });
    expect(unknownItem.status).toBe(422);
    const foreignPage = await put(`/api/booking/public/${booking.uuid}/update/${otherForm.pages[0]?.uuid}`, { booking_token: token, answers: {} });
    expect(foreignPage.status).toBe(404);
    const wrongToken = await put(`/api/booking/public/${booking.uuid}/update/${page.uuid}`, { booking_token: "x".repeat(43), answers: {} });
    expect(wrongToken.status).toBe(404);
    const wrongTypes = await put(`/api/booking/public/${booking.uuid}/update/${page.uuid}`, {
      booking_token: token,
      answers: { [page.items[0]?.uuid ?? ""]: { nested: true } },
    });
    expect(wrongTypes.status).toBe(422);
    const huge = await put(`/api/booking/public/${booking.uuid}/update/${page.uuid}`, { booking_token: token, answers: {}, padding: "x".repeat(300 * 1024) });
    expect(huge.status).toBe(413);
    const [unchanged] = await database.db.select().from(bookings).where(eq(bookings.id, booking.uuid));
    expect(unchanged?.answers).toEqual({});
  });
});
