import { Hono } from "hono";
import { tokenResponseSchema } from "../../core/contracts/auth";
import { createApi } from "../../server/api";
import type { DatabaseHandle } from "../../server/db/client";
import { createSandboxProvider } from "../../server/payments/sandbox-provider";
import { createServices, type ServicesOptions } from "../../server/services";

/** The API mounted at /api exactly as in production, called in process. */
export function createTestApi(database: DatabaseHandle, options: Partial<ServicesOptions> = {}) {
  const services = createServices(database.db, {
    cacheTtlMs: 0,
    jwtSecret: "test-secret-of-at-least-thirty-two-characters",
    publicOrigin: "http://site.test",
    // Every in-process call comes from one address; abuse-limits.test.ts checks the real allowance.
    draftsPerClientPerHour: 10_000,
    ...options,
  });
  const errors: unknown[] = [];
  const app = new Hono().route(
    "/api",
    createApi(services, (error) => errors.push(error)),
  );
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  /** Logs in through the API as a client would; the tokens it answers. */
  const logIn = async (email: string, password: string) => {
    const response = await app.request("/api/auth/public/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`login answered ${response.status}`);
    return tokenResponseSchema.parse(await response.json());
  };
  return { app, services, get, logIn, errors };
}

/** The API with the sandbox card provider, which queues its webhooks at once, signed with `webhookSecret`. */
export function createSandboxTestApi(database: DatabaseHandle, webhookSecret: string, options: Partial<ServicesOptions> = {}) {
  const sandbox = createSandboxProvider({ db: database.db, publicOrigin: "http://site.test", webhookSecret, webhookDelayMs: 0, now: () => new Date() });
  return { ...createTestApi(database, { paymentProvider: sandbox, ...options }), sandbox };
}
