import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { createEvent } from "./test-data";

/**
 * The server dies between the provider's redirect and its webhook: nothing is lost. This test runs its
 * own server on its own data folder (the shared one must not be killed), pays on the sandbox, kills
 * the server with SIGKILL before the delayed webhook goes out, starts it again, and finds the booking
 * confirmed once: the webhook was a durable job, delivered after the restart.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 50;
const origin = `http://127.0.0.1:${port}`;

function startServer(dataDir: string): ChildProcess {
  // The compiled server, as the shared e2e servers run (the suite builds it first): tsx would
  // transpile the whole server again on each of the two starts.
  return spawn("node", ["build/server-main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_MULTIPLIER: "100",
      // Long enough that the kill below always comes first.
      SANDBOX_WEBHOOK_DELAY_MS: "4000",
    },
    // Its own process group, so the kill reaches every process it starts.
    detached: true,
    stdio: "ignore",
  });
}

async function waitUntilUp(api: APIRequestContext) {
  await expect
    .poll(
      async () => {
        try {
          return (await api.get("/api/booking/site")).status();
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
}

function kill(server: ChildProcess) {
  if (server.pid) process.kill(-server.pid, "SIGKILL");
}

test("killing the server between the redirect and the webhook loses nothing: confirmed once after the restart", async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "payment-crash-"));
  const api = await playwrightRequest.newContext({ baseURL: origin });
  let server = startServer(dataDir);
  try {
    await waitUntilUp(api);
    const { formUuid: golfForm } = await createEvent(api, "golfCircleTournament");
    const email = `crash-${Date.now()}@example.com`;
    const form = (await (await api.get(`/api/form/public/${golfForm}`)).json()) as {
      data: { pages: { uuid: string; items: { uuid: string; name: string }[] }[] };
    };
    const opened = (await (await api.get(`/api/booking/public/${golfForm}`)).json()) as { data: { uuid: string }; booking_token: string };
    const byName: Record<string, string | boolean> = {
      "main.salutation": "mr",
      "main.forename": "Paul",
      "main.surname": "Neumann",
      "main.street": "Bergstraße 1",
      "main.postcode": "82319",
      "main.city": "Starnberg",
      "main.country": "DE",
      "main.phone": "+49 8151 654321",
      "main.email": email,
      "golf.handicap": "hcp_0_18",
      terms: true,
      payment_option: "credit_card",
    };
    for (const page of form.data.pages) {
      const answers = Object.fromEntries(page.items.filter((item) => item.name in byName).map((item) => [item.uuid, byName[item.name]]));
      expect(
        (await api.put(`/api/booking/public/${opened.data.uuid}/update/${page.uuid}`, { data: { booking_token: opened.booking_token, answers } })).status(),
      ).toBe(200);
    }
    expect((await api.post(`/api/booking/public/${opened.data.uuid}/submit`, { data: { booking_token: opened.booking_token } })).status()).toBe(200);
    const payment = (await (
      await api.post(`/api/booking/payment/create/${opened.data.uuid}/en`, { data: { booking_token: opened.booking_token } })
    ).json()) as {
      data: { redirect_url: string };
    };
    const paid = await api.post(`${new URL(payment.data.redirect_url).pathname}/pay`, {
      form: { number: "4242424242424242", expiry: "12/34", cvc: "123", holder: "Paul Neumann" },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    // The browser would now follow the redirect; the server dies before that, and before the webhook.
    kill(server);

    server = startServer(dataDir);
    await waitUntilUp(api);
    const bookingView = async () =>
      (await (await api.get(`/api/booking/public/${golfForm}?bookingToken=${opened.booking_token}&bookingUuid=${opened.data.uuid}`)).json()) as {
        data: { status: string; paid_cents: number; total_cents: number };
      };
    // Confirmed by the webhook alone: the return page has not been visited.
    await expect.poll(async () => (await bookingView()).data.status, { timeout: 30_000 }).toBe("paid");
    const { data } = await bookingView();
    expect(data.paid_cents).toBe(data.total_cents);

    // The customer's browser comes back late: the page says paid, and nothing is confirmed twice.
    const returned = await api.get(new URL(paid.headers().location ?? "").pathname);
    expect(await returned.text()).toContain("Payment received");
    expect((await bookingView()).data.paid_cents).toBe(data.total_cents);
    const outbox = path.join(dataDir, "outbox");
    await expect
      .poll(() => (existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith(".json")).length : 0), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const receipts = readdirSync(outbox)
      .filter((file) => file.endsWith(".json"))
      .map((file) => JSON.parse(readFileSync(path.join(outbox, file), "utf8")) as { to: string; subject: string })
      .filter((mail) => mail.to === email && mail.subject.startsWith("Payment received"));
    expect(receipts).toHaveLength(1);
  } finally {
    kill(server);
    await api.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
