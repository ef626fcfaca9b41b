import { and, asc, eq, exists, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { BookingSummary, LoginRequest, RegisterRequest, TokenResponse, UpdateSettings, User, UserBookings } from "../../core/contracts/auth";
import { paymentDue } from "../../core/domain/payment-due";
import type { FieldErrors } from "../../core/contracts/errors";
import { pickLocale } from "../../core/contracts/localized-text";
import { operatorToday } from "../../core/domain/dates";
import { passwordProblem, type PasswordProblem } from "../../core/domain/password-policy";
import { fieldError } from "../../core/i18n/field-errors";
import { localizePath, type Locale } from "../../core/i18n/locales";
import { accessTokenSeconds, refreshTokenSeconds, type AccessTokenClaims, type AccessTokens } from "../auth/access-tokens";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "../auth/passwords";
import { deviceFor, signDevice, verifyDevice } from "../auth/device-cookies";
import { FailureBackoff, HomeAddresses } from "../auth/login-throttle";
import { rateLimitKeyOf } from "../auth/rate-limit-key";
import { createRateLimitStore, type RateLimiter, type RateLimitStore } from "../auth/rate-limiter";
import { hashToken, newSecretToken } from "../auth/secrets";
import type { Database, Queryable } from "../db/client";
import { verifyEmailValidHours, type EmailToSend } from "../email";
import { bookings, events, invoices, participants, tokens, users } from "../db/schema";
import { AppError } from "../errors";

/** How long the links in e-mails work. */
export const emailVerificationSeconds = verifyEmailValidHours * 3600;
export const passwordResetSeconds = 3600;
/** The link that sets the first password of an account made at booking: the customer may read it days later. */
export const accountSetupSeconds = 7 * 24 * 3600;

export type AccountsDependencies = {
  db: Database;
  accessTokens: AccessTokens;
  /** Signs the device cookies that exempt a browser the owner has used from the account-wide login back-off. */
  deviceSecret: string;
  /** Stores a mail in the same transaction as what caused it (the e-mail outbox). */
  enqueueMail: (db: Queryable, mail: EmailToSend) => Promise<unknown>;
  /** Absolute origin for links in e-mails. */
  publicOrigin: string;
  now: () => Date;
  /** Multiplies every rate limit; end-to-end tests, which send all from one address, raise it. */
  rateLimitMultiplier?: number;
  /** Where the rate limits count (the database, shared by every process); made from `db` and `now` when absent. */
  rateLimits?: RateLimitStore;
  /** Where work done after the answer (password reset mails) reports a failure. */
  logError?: (error: unknown) => void;
};

/** Who presents a refresh token: parallel tabs of one browser share both. */
export type ClientInfo = { address: string; userAgent: string };

/**
 * A refresh token spent this recently by the same client may be presented again (parallel tabs
 * that loaded with the same cookie): it yields another session of its family instead of ending it.
 */
export const rotationGraceSeconds = 30;

/** A login's session, and the signed device cookie value the browser keeps for a year (docs/decisions/011). */
export type LoginResult = { tokens: TokenResponse; deviceCookie: string };

const clientFingerprint = (client: ClientInfo) => hashToken(`${client.userAgent}\n${client.address}`);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type UserRow = typeof users.$inferSelect;

const passwordMessages: Record<
  PasswordProblem,
  "validation.passwordTooShort" | "validation.passwordTooLong" | "validation.passwordTooCommon" | "validation.passwordContainsEmail"
> = {
  tooShort: "validation.passwordTooShort",
  tooLong: "validation.passwordTooLong",
  tooCommon: "validation.passwordTooCommon",
  containsEmail: "validation.passwordContainsEmail",
};

function validationFailed(fieldErrors: FieldErrors): AppError {
  return new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors });
}

function checkPassword(field: string, password: string, email: string, locale: Locale): void {
  const problem = passwordProblem(password, email);
  if (problem) throw validationFailed(fieldError(field, passwordMessages[problem], locale));
}

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => typeof candidate === "object" && candidate !== null && (candidate as { code?: unknown }).code === "23505");
}

export function toUser(row: UserRow): User {
  return {
    uuid: row.id,
    name: row.name,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    locale: row.locale,
    role: row.role,
    email_verified_at: row.emailVerifiedAt?.toISOString() ?? null,
  };
}

/**
 * Accounts: registration with double opt-in, login with rotating refresh tokens, password reset,
 * profile settings and deletion. Every write happens in one transaction with the mail it causes.
 */
export function createAccounts(deps: AccountsDependencies) {
  const { db, accessTokens, now } = deps;
  const scale = deps.rateLimitMultiplier ?? 1;
  const store = deps.rateLimits ?? createRateLimitStore(db, () => now().getTime());
  const limiter = (name: string, attempts: number, minutes: number, by: "address" | "value" = "address") =>
    store.fixedWindow(name, { limit: attempts * scale, windowMs: minutes * 60_000, by });
  const backoff = (name: string, free: number) =>
    new FailureBackoff(store.failureCounter(name, 15 * 60_000), { free: free * scale, firstWaitMs: 30_000, maximumWaitMs: 15 * 60_000 });
  const limits = {
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
  const homeAddresses = new HomeAddresses();

  function tooManyAttempts(retryAfterSeconds: number): AppError {
    return new AppError("TOO_MANY_REQUESTS", "tooManyAttempts", {
      params: { count: Math.ceil(retryAfterSeconds / 60) },
      retryAfterSeconds,
    });
  }

  async function enforce(limiter: RateLimiter, key: string) {
    const result = await limiter.hit(key);
    if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
  }

  /** Work that must not decide how long the answer takes; `settled()` waits for it (tests, shutdown). */
  const pendingWork = new Set<Promise<void>>();
  function afterAnswer(work: () => Promise<void>) {
    // setImmediate: not even the work's first query may run before the answer is on its way.
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => (deps.logError ?? console.error)(error))
      .finally(() => pendingWork.delete(running));
    pendingWork.add(running);
  }

  const link = (path: string, locale: Locale) => `${deps.publicOrigin}${localizePath(path, locale)}`;
  const secondsFromNow = (seconds: number) => new Date(now().getTime() + seconds * 1000);

  async function findUserByEmail(queryable: Queryable, email: string): Promise<UserRow | undefined> {
    const [row] = await queryable
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row;
  }

  /** A single-use secret for an e-mailed link; only its hash is stored. */
  async function issueLinkToken(tx: Queryable, kind: "email_verification" | "password_reset", userId: string, validSeconds: number): Promise<string> {
    const token = newSecretToken();
    await tx.insert(tokens).values({ kind, tokenHash: hashToken(token), userId, expiresAt: secondsFromNow(validSeconds) });
    return token;
  }

  async function revokeRefreshFamily(queryable: Queryable, familyId: string) {
    await queryable
      .update(tokens)
      .set({ revokedAt: now() })
      .where(and(eq(tokens.kind, "refresh"), eq(tokens.familyId, familyId), isNull(tokens.revokedAt)));
  }

  async function sendVerification(tx: Queryable, user: UserRow, locale: Locale) {
    const token = await issueLinkToken(tx, "email_verification", user.id, emailVerificationSeconds);
    await deps.enqueueMail(tx, {
      template: "verify-email",
      locale,
      to: user.email,
      payload: { name: user.name, verifyUrl: link(`/register/${token}`, locale) },
    });
  }

  /**
   * A new session: a signed access token and a refresh token that starts a new rotation family, or
   * continues `familyId`. The family is the session: the access token names it in its `sid` claim.
   */
  async function issueSession(tx: Queryable, user: Pick<UserRow, "id" | "role">, familyId?: string): Promise<TokenResponse> {
    const refreshToken = newSecretToken();
    const [row] = await tx
      .insert(tokens)
      .values({
        kind: "refresh",
        tokenHash: hashToken(refreshToken),
        userId: user.id,
        familyId: familyId ?? null,
        expiresAt: secondsFromNow(refreshTokenSeconds),
      })
      .returning({ id: tokens.id });
    if (!row) throw new Error("refresh token insert returned nothing");
    if (!familyId) await tx.update(tokens).set({ familyId: row.id }).where(eq(tokens.id, row.id));
    return {
      access_token: await accessTokens.sign({ userId: user.id, role: user.role, sessionId: familyId ?? row.id }),
      token_type: "Bearer",
      expires_in: accessTokenSeconds,
      refresh_token: refreshToken,
      refresh_expires_in: refreshTokenSeconds,
    };
  }

  /** Takes a single-use e-mailed token (verification, reset): valid, unused, unexpired, or null. */
  async function consumeToken(tx: Queryable, kind: "email_verification" | "password_reset", token: string) {
    const [row] = await tx
      .update(tokens)
      .set({ usedAt: now() })
      .where(and(eq(tokens.kind, kind), eq(tokens.tokenHash, hashToken(token)), isNull(tokens.usedAt), isNull(tokens.revokedAt), gt(tokens.expiresAt, now())))
      .returning();
    return row ?? null;
  }

  async function userById(queryable: Queryable, userId: string): Promise<UserRow | undefined> {
    const [row] = await queryable.select().from(users).where(eq(users.id, userId)).limit(1);
    return row;
  }

  async function sendPasswordReset(email: string, locale: Locale) {
    await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) return;
      const token = await issueLinkToken(tx, "password_reset", user.id, passwordResetSeconds);
      await deps.enqueueMail(tx, {
        template: "password-reset",
        locale,
        to: user.email,
        payload: { name: user.name, resetUrl: link(`/reset-password/${token}`, locale), expiresInMinutes: passwordResetSeconds / 60 },
      });
    });
  }

  function assertOwner(actor: AccessTokenClaims, userId: string) {
    if (actor.userId !== userId) throw new AppError("FORBIDDEN", "forbidden");
  }

  return {
    limits,

    async register(input: RegisterRequest, locale: Locale, ip: string): Promise<void> {
      await enforce(limits.registerPerIp, ip);
      checkPassword("password", input.password, input.email, locale);
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          if (await findUserByEmail(tx, input.email)) throw validationFailed(fieldError("email", "validation.emailTaken", locale));
          const [user] = await tx
            .insert(users)
            .values({
              name: input.name,
              firstName: input.first_name,
              lastName: input.last_name,
              email: input.email,
              passwordHash,
              locale: input.locale ?? locale,
            })
            .returning();
          if (!user) throw new Error("user insert returned nothing");
          await sendVerification(tx, user, input.locale ?? locale);
        });
      } catch (error) {
        // Two registrations of one address at the same moment: the unique index decides.
        if (isUniqueViolation(error)) throw validationFailed(fieldError("email", "validation.emailTaken", locale));
        throw error;
      }
    },

    /** The link in the verification e-mail: confirms the address and logs the user in. */
    async verifyEmail(token: string): Promise<TokenResponse & { userId: string }> {
      return db.transaction(async (tx) => {
        const used = await consumeToken(tx, "email_verification", token);
        const user = used?.userId ? await userById(tx, used.userId) : undefined;
        if (!user) throw new AppError("BAD_REQUEST", "linkInvalid");
        await tx
          .update(users)
          .set({ emailVerifiedAt: user.emailVerifiedAt ?? now(), updatedAt: now() })
          .where(eq(users.id, user.id));
        // Bookings made as a guest with the same address now belong to the account (PRODUCT.md "Accounts").
        const guestBookings = tx
          .select({ id: participants.bookingId })
          .from(participants)
          .where(and(eq(participants.role, "main"), eq(sql`lower(${participants.email})`, user.email.toLowerCase())));
        await tx
          .update(bookings)
          .set({ userId: user.id })
          .where(and(isNull(bookings.userId), inArray(bookings.id, guestBookings)));
        return { ...(await issueSession(tx, user)), userId: user.id };
      });
    },

    /**
     * `deviceCookie`: the value of the device cookie the client sent, if any. Valid and made for
     * this account, it puts the attempt under that device's own back-off only; otherwise the
     * attempt counts per account and address, and per account away from the owner's last address.
     */
    async login(input: LoginRequest, locale: Locale, address: string, deviceCookie?: string | null): Promise<LoginResult> {
      await enforce(limits.loginPerIp, address);
      // The back-off keys and the home address count an IPv6 client by its /64 network too: it could pick a fresh address for every attempt.
      const ip = rateLimitKeyOf(address);
      const account = input.email.trim().toLowerCase();
      const user = await findUserByEmail(db, input.email);
      const knownDevice = verifyDevice(deps.deviceSecret, deviceCookie);
      const ownDevice = user && knownDevice?.userId === user.id ? `${user.id}\n${knownDevice.deviceId}` : null;
      const fromHere = `${account}\n${ip}`;
      const atHome = homeAddresses.is(account, ip);
      const waitMs = ownDevice
        ? await limits.loginFailuresPerDevice.waitMs(ownDevice)
        : Math.max(await limits.loginFailuresPerAddress.waitMs(fromHere), atHome ? 0 : await limits.loginFailuresAwayFromHome.waitMs(account));
      if (waitMs > 0) throw tooManyAttempts(Math.ceil(waitMs / 1000));
      const valid = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNothing(input.password);
      if (!user || !valid) {
        if (ownDevice) await limits.loginFailuresPerDevice.fail(ownDevice);
        else {
          await limits.loginFailuresPerAddress.fail(fromHere);
          if (!atHome) await limits.loginFailuresAwayFromHome.fail(account);
        }
        throw new AppError("UNAUTHORIZED", "invalidCredentials");
      }
      if (!user.emailVerifiedAt) {
        await db.transaction((tx) => sendVerification(tx, user, user.locale));
        throw new AppError("FORBIDDEN", "emailNotVerified");
      }
      if (ownDevice) await limits.loginFailuresPerDevice.reset(ownDevice);
      else await limits.loginFailuresPerAddress.reset(fromHere);
      homeAddresses.remember(account, ip);
      const tokens = await db.transaction((tx) => issueSession(tx, user));
      return { tokens, deviceCookie: signDevice(deps.deviceSecret, deviceFor(user.id, knownDevice)) };
    },

    /**
     * Rotates a refresh token: the old one is spent, a new one of the same family is handed out.
     * Presenting a spent token again means it was stolen or replayed: the whole family is revoked,
     * unless the same client spent it within the last `rotationGraceSeconds` (parallel tabs that
     * loaded with the same cookie): that client gets another token of the family.
     */
    async refresh(refreshToken: string, client: ClientInfo): Promise<TokenResponse> {
      const fingerprint = clientFingerprint(client);
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(tokens)
          .where(and(eq(tokens.kind, "refresh"), eq(tokens.tokenHash, hashToken(refreshToken))))
          .for("update")
          .limit(1);
        if (!row || !row.userId || row.revokedAt || row.expiresAt <= now()) return null;
        const familyId = row.familyId ?? row.id;
        if (row.usedAt) {
          const sameClientJustNow = row.rotatedByClient === fingerprint && now().getTime() - row.usedAt.getTime() <= rotationGraceSeconds * 1000;
          if (!sameClientJustNow) {
            await revokeRefreshFamily(tx, familyId);
            return "reused" as const;
          }
        } else {
          await tx.update(tokens).set({ usedAt: now(), rotatedByClient: fingerprint }).where(eq(tokens.id, row.id));
        }
        const user = await userById(tx, row.userId);
        if (!user) return null;
        return issueSession(tx, user, familyId);
      });
      if (outcome === null || outcome === "reused") throw new AppError("UNAUTHORIZED", "sessionInvalid");
      return outcome;
    },

    /**
     * Ends the session named by the refresh token or the access token (either will do): its refresh
     * tokens can no longer be used, and its access tokens stop working at once.
     */
    async logout(presented: { refreshToken?: string | undefined; accessToken?: string | null | undefined }): Promise<void> {
      if (presented.refreshToken) {
        const [row] = await db
          .select({ id: tokens.id, familyId: tokens.familyId })
          .from(tokens)
          .where(and(eq(tokens.kind, "refresh"), eq(tokens.tokenHash, hashToken(presented.refreshToken))))
          .limit(1);
        if (row) await revokeRefreshFamily(db, row.familyId ?? row.id);
      }
      const claims = presented.accessToken ? await accessTokens.verify(presented.accessToken) : null;
      if (claims && uuidPattern.test(claims.sessionId)) {
        await db
          .update(tokens)
          .set({ revokedAt: now() })
          .where(and(eq(tokens.kind, "refresh"), eq(tokens.familyId, claims.sessionId), eq(tokens.userId, claims.userId), isNull(tokens.revokedAt)));
      }
    },

    /** A new session for a user who just proved who they are (after changing the password). */
    async startSession(userId: string): Promise<TokenResponse> {
      return db.transaction(async (tx) => {
        const user = await userById(tx, userId);
        if (!user) throw new AppError("UNAUTHORIZED", "sessionInvalid");
        return issueSession(tx, user);
      });
    },

    /**
     * The user behind an access token, or null when the token is invalid, its session has ended
     * (logout, password change, theft detected) or the account is gone. One indexed query.
     */
    async authenticate(accessToken: string | null | undefined): Promise<{ claims: AccessTokenClaims; user: User } | null> {
      if (!accessToken) return null;
      const claims = await accessTokens.verify(accessToken);
      if (!claims || !uuidPattern.test(claims.userId) || !uuidPattern.test(claims.sessionId)) return null;
      const liveSession = db
        .select({ one: sql`1` })
        .from(tokens)
        .where(and(eq(tokens.kind, "refresh"), eq(tokens.familyId, claims.sessionId), eq(tokens.userId, users.id), isNull(tokens.revokedAt)));
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, claims.userId), exists(liveSession)))
        .limit(1);
      return row ? { claims, user: toUser(row) } : null;
    },

    /** Resolves when the work started after earlier answers (reset mails) is done. */
    async settled(): Promise<void> {
      while (pendingWork.size > 0) await Promise.all(pendingWork);
    },

    /**
     * The booking form's "create an account" option: an account for the booking's address without a
     * password yet, and an e-mail whose link sets one (following it proves the address). An address
     * that already has an account is left alone: the booking shows on its dashboard by e-mail.
     * Runs inside the submission's transaction. Returns the new account's id, if one was made.
     */
    async createAccountForBooking(
      tx: Queryable,
      input: { email: string; firstName: string | null; lastName: string | null; locale: Locale },
    ): Promise<string | null> {
      if (await findUserByEmail(tx, input.email)) return null;
      const name = [input.firstName, input.lastName].filter(Boolean).join(" ") || input.email;
      const [user] = await tx
        .insert(users)
        .values({ name, firstName: input.firstName, lastName: input.lastName, email: input.email.trim(), passwordHash: null, locale: input.locale })
        .returning();
      if (!user) throw new Error("user insert returned nothing");
      const token = await issueLinkToken(tx, "password_reset", user.id, accountSetupSeconds);
      await deps.enqueueMail(tx, {
        template: "password-reset",
        locale: input.locale,
        to: user.email,
        payload: { name: user.name, resetUrl: link(`/reset-password/${token}`, input.locale), expiresInMinutes: accountSetupSeconds / 60 },
      });
      return user.id;
    },

    /**
     * Same answer, after the same work, whether or not the address has an account: nobody learns
     * who is registered, not even from the time the answer takes. The lookup, the link and the mail
     * happen after the answer (a lost one costs the visitor a second request).
     */
    async requestPasswordReset(email: string, locale: Locale, ip: string): Promise<void> {
      await enforce(limits.resetPerIp, ip);
      if (!(await limits.resetPerAccount.hit(email.trim().toLowerCase())).allowed) return;
      afterAnswer(() => sendPasswordReset(email, locale));
    },

    /** Sets a new password through the e-mailed link; every session of the account ends. */
    async resetPassword(token: string, password: string, locale: Locale): Promise<void> {
      await db.transaction(async (tx) => {
        const [pending] = await tx
          .select({ userId: tokens.userId })
          .from(tokens)
          .where(and(eq(tokens.kind, "password_reset"), eq(tokens.tokenHash, hashToken(token)), isNull(tokens.usedAt), gt(tokens.expiresAt, now())))
          .limit(1);
        const user = pending?.userId ? await userById(tx, pending.userId) : undefined;
        if (!user) throw new AppError("BAD_REQUEST", "linkInvalid");
        checkPassword("password", password, user.email, locale);
        if (!(await consumeToken(tx, "password_reset", token))) throw new AppError("BAD_REQUEST", "linkInvalid");
        // Following the link proves the address too.
        await tx
          .update(users)
          .set({ passwordHash: await hashPassword(password), emailVerifiedAt: user.emailVerifiedAt ?? now(), updatedAt: now() })
          .where(eq(users.id, user.id));
        await tx
          .update(tokens)
          .set({ revokedAt: now() })
          .where(and(eq(tokens.userId, user.id), eq(tokens.kind, "refresh"), isNull(tokens.revokedAt)));
      });
    },

    async getUser(actor: AccessTokenClaims, userId: string = actor.userId): Promise<User> {
      assertOwner(actor, userId);
      const row = await userById(db, userId);
      if (!row) throw new AppError("UNAUTHORIZED", "sessionInvalid");
      return toUser(row);
    },

    /** `clientAddress`: wrong current passwords slow down per account and address, like logins. */
    async updateUser(actor: AccessTokenClaims, userId: string, input: UpdateSettings, locale: Locale, clientAddress: string): Promise<User> {
      assertOwner(actor, userId);
      // The back-off counts in the database outside the transaction (a refused change rolls back,
      // its failure must stay counted; PGlite would wait for the open transaction): read before, write after.
      const before = await userById(db, userId);
      const fromHere = `${(before?.email ?? "").toLowerCase()}\n${rateLimitKeyOf(clientAddress)}`;
      const backoffWaitMs = await limits.loginFailuresPerAddress.waitMs(fromHere);
      let oldPasswordWas: "right" | "wrong" | undefined;
      try {
        return await db.transaction(async (tx) => {
          const row = await userById(tx, userId);
          if (!row) throw new AppError("UNAUTHORIZED", "sessionInvalid");
          const errors: FieldErrors = {};
          const other = await findUserByEmail(tx, input.email);
          if (other && other.id !== userId) Object.assign(errors, fieldError("email", "validation.emailTaken", locale));
          const emailChanged = input.email.toLowerCase() !== row.email.toLowerCase();
          // The address receives reset links and the password opens the account: whoever holds a
          // session (a borrowed laptop, a stolen cookie) must not take the account over with it.
          let oldMatches = false;
          if (emailChanged || input.password) {
            if (!input.old_password) Object.assign(errors, fieldError("old_password", "validation.required", locale));
            else {
              // A stolen session must not become an unlimited password oracle: same back-off as the login's.
              if (backoffWaitMs > 0) throw tooManyAttempts(Math.ceil(backoffWaitMs / 1000));
              oldMatches = row.passwordHash ? await verifyPassword(row.passwordHash, input.old_password) : false;
              oldPasswordWas = oldMatches ? "right" : "wrong";
              if (!oldMatches) Object.assign(errors, fieldError("old_password", "validation.oldPasswordWrong", locale));
            }
          }
          let passwordHash = row.passwordHash;
          if (input.password) {
            const problem = passwordProblem(input.password, input.email);
            if (problem) Object.assign(errors, fieldError("password", passwordMessages[problem], locale));
            if (oldMatches && !problem) passwordHash = await hashPassword(input.password);
          }
          if (Object.keys(errors).length > 0) throw validationFailed(errors);
          const [updated] = await tx
            .update(users)
            .set({
              name: input.name,
              firstName: input.first_name,
              lastName: input.last_name,
              email: input.email,
              passwordHash,
              // A new address must be proven before it counts: it decides which guest bookings the account claims.
              emailVerifiedAt: emailChanged ? null : row.emailVerifiedAt,
              updatedAt: now(),
            })
            .where(eq(users.id, userId))
            .returning();
          if (!updated) throw new AppError("UNAUTHORIZED", "sessionInvalid");
          if (emailChanged) {
            await tx
              .update(tokens)
              .set({ revokedAt: now() })
              .where(and(eq(tokens.userId, userId), eq(tokens.kind, "email_verification"), isNull(tokens.usedAt), isNull(tokens.revokedAt)));
            await sendVerification(tx, updated, locale);
          }
          // A changed password ends every session; the caller hands the user a fresh one.
          if (passwordHash !== row.passwordHash) {
            await tx
              .update(tokens)
              .set({ revokedAt: now() })
              .where(and(eq(tokens.userId, userId), eq(tokens.kind, "refresh"), isNull(tokens.revokedAt)));
          }
          return toUser(updated);
        });
      } finally {
        if (oldPasswordWas === "right") await limits.loginFailuresPerAddress.reset(fromHere);
        if (oldPasswordWas === "wrong") await limits.loginFailuresPerAddress.fail(fromHere);
      }
    },

    /**
     * Irrevocable: the account row and its tokens go; bookings the operator must keep for
     * bookkeeping stay, no longer linked to the account (PRODUCT.md "Accounts").
     */
    async deleteUser(actor: AccessTokenClaims, userId: string): Promise<void> {
      assertOwner(actor, userId);
      await db.transaction(async (tx) => {
        const row = await userById(tx, userId);
        if (!row) throw new AppError("UNAUTHORIZED", "sessionInvalid");
        await tx.update(bookings).set({ userId: null }).where(eq(bookings.userId, userId));
        await tx.delete(tokens).where(eq(tokens.userId, userId));
        await tx.delete(users).where(eq(users.id, userId));
        await deps.enqueueMail(tx, { template: "account-deleted", locale: row.locale, to: row.email, payload: { name: row.name } });
      });
    },

    /** The account's bookings (not drafts), split into future and expired by the event's last day. */
    async listBookings(actor: AccessTokenClaims, locale: Locale): Promise<UserBookings> {
      const rows = await db
        .select({
          booking: bookings,
          event: events,
          people: sql<number>`(select count(*) from ${participants} where ${participants.bookingId} = ${bookings.id})`.mapWith(Number),
          invoiced: sql<boolean>`exists (select 1 from ${invoices} where ${invoices.bookingId} = ${bookings.id})`.mapWith(Boolean),
        })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .where(and(eq(bookings.userId, actor.userId), ne(bookings.status, "draft")))
        .orderBy(asc(events.startsOn));
      const today = operatorToday(now());
      const summaries = rows.map(({ booking, event, people, invoiced }) => ({
        uuid: booking.id,
        code: booking.code,
        status: booking.status,
        event: {
          uuid: event.id,
          title: pickLocale(event.title, locale),
          starts_on: event.startsOn,
          ends_on: event.endsOn,
          location: pickLocale(event.location, locale),
          image_url: event.imageUrl,
        },
        participants: people,
        total_cents: booking.totalCents,
        deposit_cents: booking.depositCents,
        remainder_cents: booking.remainderCents,
        remainder_due_on: booking.remainderDueOn,
        paid_cents: booking.paidCents,
        payment_option: booking.paymentOption,
        due: dueOf(booking, now()),
        has_invoice: invoiced,
      }));
      return {
        future: summaries.filter((summary) => summary.event.ends_on >= today),
        expired: summaries.filter((summary) => summary.event.ends_on < today).reverse(),
      };
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

/** Card payments the dashboard offers: only what the payment service would accept now. */
function dueOf(booking: typeof bookings.$inferSelect, now: Date): BookingSummary["due"] {
  const due = paymentDue(booking, now);
  return "amountCents" in due ? { kind: due.kind, amount_cents: due.amountCents } : null;
}
