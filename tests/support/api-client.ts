import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { tokenResponseSchema, type TokenResponse } from "../../core/contracts/auth";
import { loginResponseSchema } from "../../core/contracts/second-factor";
import { totpCodeAt } from "../../server/auth/totp";
import { demoAccounts } from "../../server/db/seed";
import { createApi } from "../../server/api";
import type { DatabaseHandle } from "../../server/db/client";
import { createSandboxProvider } from "../../server/payments/sandbox-provider";
import { createServices, type ServicesOptions } from "../../server/services";

/** The TOTP secrets of the staff logins tests use: the demo ones, and any a test registers for an account it made. */
export const totpSecrets = new Map<string, string>([
  [demoAccounts.staff.email, demoAccounts.staff.totpSecret],
  [demoAccounts.admin.email, demoAccounts.admin.totpSecret],
]);

/**
 * The upload folder of a test that uploads nothing: never created unless something is uploaded (a
 * test that uploads passes its own folder and checks it). The services always have one, as in production.
 */
export const unusedUploadsDir = path.join(tmpdir(), `event-booking-test-uploads-${process.pid}`);

/** The API mounted at /api exactly as in production, called in process. */
export function createTestApi(database: DatabaseHandle, options: Partial<ServicesOptions> = {}) {
  const services = createServices(database.db, {
    cacheTtlMs: 0,
    jwtSecret: "test-secret-of-at-least-thirty-two-characters",
    publicOrigin: "http://site.test",
    // Every in-process call comes from one address; abuse-limits.test.ts checks the real allowance.
    draftsPerClientPerHour: 10_000,
    allowDemoTotpSecrets: true,
    uploadsDir: unusedUploadsDir,
    ...options,
  });
  const errors: unknown[] = [];
  const app = new Hono().route(
    "/api",
    createApi(services, (error) => errors.push(error)),
  );
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  const post = (path: string, body: unknown) =>
    app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  /** A staff account's session, once per account: its second factor takes each 30-second code only once. */
  const staffSessions = new Map<string, TokenResponse>();
  /**
   * Logs in through the API as a client would; the tokens it answers. A staff account (a demo login,
   * or one made with `totpSecrets` known) goes on through its second factor with the current code.
   */
  const logIn = async (email: string, password: string): Promise<TokenResponse> => {
    const known = staffSessions.get(email);
    if (known) return known;
    const response = await post("/api/auth/public/login", { email, password });
    if (response.status !== 200) throw new Error(`login answered ${response.status}`);
    const answer = loginResponseSchema.parse(await response.json());
    if (!("second_factor" in answer)) return answer;
    const secret = totpSecrets.get(email);
    if (!secret) throw new Error(`no TOTP secret known for the staff login ${email}`);
    const code = await totpCodeAt(secret, services.now());
    const second = await post("/api/auth/public/login/second-factor", { challenge: answer.second_factor.challenge, code });
    if (second.status !== 200) throw new Error(`the second factor answered ${second.status}`);
    const tokens = tokenResponseSchema.parse(await second.json());
    staffSessions.set(email, tokens);
    return tokens;
  };
  return { app, services, get, logIn, errors };
}

/** The API with the sandbox card provider, which queues its webhooks at once, signed with `webhookSecret`. */
export function createSandboxTestApi(database: DatabaseHandle, webhookSecret: string, options: Partial<ServicesOptions> = {}) {
  const sandbox = createSandboxProvider({ db: database.db, publicOrigin: "http://site.test", webhookSecret, webhookDelayMs: 0, now: () => new Date() });
  return { ...createTestApi(database, { paymentProviders: [sandbox], ...options }), sandbox };
}
