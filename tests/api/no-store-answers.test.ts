import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { tokenResponseSchema } from "../../core/contracts/auth";
import { openBookingResponseSchema } from "../../core/contracts/bookings";
import { publicFormResponseSchema } from "../../core/contracts/forms";
import type { DatabaseHandle } from "../../server/db/client";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createApp } from "../../server/http/create-app";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  database = await createTestDatabase();
  const { services } = createTestApi(database);
  // The whole app (its header middleware is what is tested); the API needs no page build.
  const build = () => Promise.reject<ServerBuild>(new Error("no pages in this test"));
  app = createApp({ services, build, mode: "test", pageCacheSeconds: 0, logError: () => undefined });
});
afterAll(async () => database.close());

const formId = seedIds.forms.golfYogaTrip;
const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe("Cache-Control: no-store on API answers with tokens or personal data", () => {
  it("is sent by the auth, settings, booking and payment calls, whatever their status", async () => {
    const login = await call("POST", "/api/auth/public/login", { email: demoAccounts.customer.email, password: demoAccounts.customer.password });
    expect(login.status).toBe(200);
    const tokens = tokenResponseSchema.parse(await login.json());
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    const opened = await call("GET", `/api/booking/public/${formId}`);
    expect(opened.status).toBe(200);
    const draft = openBookingResponseSchema.parse(await opened.json());
    const form = publicFormResponseSchema.parse(await (await call("GET", `/api/form/public/${formId}`)).json()).data;
    const firstPage = form.pages[0]?.uuid ?? "";

    const answers: [string, Response][] = [
      ["login", login],
      ["refresh", await call("POST", "/api/auth/refresh", { refresh_token: tokens.refresh_token })],
      ["user", await call("GET", "/api/auth/user", undefined, bearer)],
      ["verify", await call("GET", `/api/auth/public/verify/${"x".repeat(43)}`)],
      ["settings", await call("GET", "/api/settings/user", undefined, bearer)],
      ["own bookings", await call("GET", "/api/booking/public", undefined, bearer)],
      ["open draft", opened],
      ["resume draft", await call("GET", `/api/booking/public/${formId}?bookingToken=${draft.booking_token ?? ""}&bookingUuid=${draft.data.uuid}`)],
      ["update page", await call("PUT", `/api/booking/public/${draft.data.uuid}/update/${firstPage}`, { booking_token: draft.booking_token, answers: {} })],
      ["submit", await call("POST", `/api/booking/public/${draft.data.uuid}/submit`, { booking_token: draft.booking_token })],
      ["payment create", await call("POST", `/api/booking/payment/create/${draft.data.uuid}/en`, { booking_token: draft.booking_token })],
      ["logout", await call("POST", "/api/auth/logout", { refresh_token: tokens.refresh_token }, bearer)],
    ];
    const withoutNoStore = answers.filter(([, response]) => response.headers.get("cache-control") !== "no-store").map(([name]) => name);
    expect(withoutNoStore).toEqual([]);
    expect(answers.find(([name]) => name === "user")?.[1].status).toBe(200);
  });

  it("is not sent by the public reads, which anyone may cache", async () => {
    for (const path of ["/api/booking/site", "/api/public-events", "/api/page", "/api/experience", `/api/form/public/${formId}`, "/api/openapi.json"]) {
      const response = await call("GET", path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBeNull();
    }
  });
});
