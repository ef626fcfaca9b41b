import type { AccessTokens } from "../auth/access-tokens";
import { FailureBackoff, HomeAddresses } from "../auth/login-throttle";
import type { RateLimitStore } from "../auth/rate-limiter";
import type { Database, Queryable } from "../db/client";
import type { EmailToSend } from "./enqueue-email";

/** What the account verbs need, built once at boot (server/services/create-deps.ts). */
export type AccountsDeps = {
  db: Database;
  accessTokens: AccessTokens;
  /** Signs the device cookies that exempt a browser the owner has used from the account-wide login back-off. */
  deviceSecret: string;
  /** Encrypts staff's TOTP secrets at rest (server/auth/totp.ts; decision 027). */
  totpKey: Buffer;
  /** Outside production: the demo logins' plain `demo.` TOTP secrets are read (server/auth/totp.ts). */
  allowDemoTotpSecrets: boolean;
  /** Stores a mail in the same transaction as what caused it (the e-mail outbox). */
  enqueueMail: (db: Queryable, mail: EmailToSend) => Promise<unknown>;
  /** Absolute origin for links in e-mails. */
  publicOrigin: string;
  now: () => Date;
  /** The rate limits and login back-off: counted in the database (shared by every process), made once and shared by every verb. */
  limits: AccountLimits;
  homeAddresses: HomeAddresses;
  /** Work that must not decide how long the answer takes (reset mails). */
  afterAnswer: AfterAnswer;
};

export type AccountLimits = ReturnType<typeof createAccountLimits>;

/** `rateLimitMultiplier` multiplies every limit; end-to-end tests, which send all from one address, raise it. */
export function createAccountLimits(store: RateLimitStore, rateLimitMultiplier = 1) {
  const scale = rateLimitMultiplier;
  const limiter = (name: string, attempts: number, minutes: number, by: "address" | "value" = "address") =>
    store.fixedWindow(name, { limit: attempts * scale, windowMs: minutes * 60_000, by });
  const backoff = (name: string, free: number) =>
    new FailureBackoff(store.failureCounter(name, 15 * 60_000), { free: free * scale, firstWaitMs: 30_000, maximumWaitMs: 15 * 60_000 });
  return {
    loginPerIp: limiter("login-ip", 30, 15),
    registerPerIp: limiter("register-ip", 10, 60),
    resetPerIp: limiter("reset-ip", 10, 60),
    resetPerAccount: limiter("reset-account", 3, 60, "value"),
    /**
     * Wrong passwords slow down, they do not lock (docs/decisions/011): per account *and* address
     * (the login's and the settings' current password alike), and per account over every address
     * but the one its owner last logged in from. A browser with the account's device cookie counts
     * only against itself, so that nobody can keep the owner out of their own account from elsewhere.
     */
    loginFailuresPerAddress: backoff("login-failures-address", 8),
    loginFailuresAwayFromHome: backoff("login-failures-away", 50),
    loginFailuresPerDevice: backoff("login-failures-device", 8),
  };
}

export type AfterAnswer = { run: (work: () => Promise<void>) => void; settled: () => Promise<void> };

/** Runs work after the answer is on its way; `settled()` waits for it (tests, shutdown). */
export function createAfterAnswer(logError: (error: unknown) => void = console.error): AfterAnswer {
  const pendingWork = new Set<Promise<void>>();
  return {
    run(work) {
      // setImmediate: not even the work's first query may run before the answer is on its way.
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => logError(error))
        .finally(() => pendingWork.delete(running));
      pendingWork.add(running);
    },
    async settled() {
      while (pendingWork.size > 0) await Promise.all(pendingWork);
    },
  };
}

export { HomeAddresses };
