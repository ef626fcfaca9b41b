import { eq, and } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenResponseSchema } from "../../core/contracts/auth";
import { errorResponseSchema } from "../../core/contracts/errors";
import { enrolmentConfirmResponseSchema, enrolmentResponseSchema, loginResponseSchema, secondFactorRequiredSchema } from "../../core/contracts/second-factor";
import { totpCodeAt } from "../../server/auth/totp";
import type { DatabaseHandle } from "../../server/db/client";
import { staffAuditLog, tokens, users } from "../../server/db/schema";
import { demoAccounts } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createStaffMember } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Staff's second factor (decision 027): a staff or admin password opens no session by itself, only a
 * challenge; the authenticator's code (each taken once), or a recovery code, opens it. An account
 * without an authenticator enrols on its first login. Staff calls need the second factor's session.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
});
afterAll(async () => {
  await database.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.app.request(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

async function challengeFor(email: string, password: string) {
  const response = await post("/api/auth/public/login", { email, password });
  expect(response.status).toBe(200);
  return secondFactorRequiredSchema.parse(await response.json()).second_factor;
}

/** A staff call that answers 404 for an unknown booking once the caller may make it: 401/403 before. */
const decideUnknownSma = (accessToken: string) =>
  post("/api/staff/bookings/00000000-0000-4000-8000-000000000000/sma/verify", {}, { authorization: `Bearer ${accessToken}` });

describe("the password step", () => {
  it("a customer gets tokens at once; staff and admins get a challenge and no tokens", async () => {
    const customer = loginResponseSchema.parse(await (await post("/api/auth/public/login", demoAccounts.customer)).json());
    expect("access_token" in customer).toBe(true);
    for (const account of [demoAccounts.staff, demoAccounts.admin]) {
      const answer = (await (await post("/api/auth/public/login", { email: account.email, password: account.password })).json()) as Record<string, unknown>;
      expect(answer).not.toHaveProperty("access_token");
      expect(secondFactorRequiredSchema.parse(answer).second_factor).toMatchObject({ enrolled: true, expires_in: 600 });
    }
  });

  it("a disabled staff account is told so after the right password, and gets nothing", async () => {
    const member = await createStaffMember(database.db);
    await database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, member.id));
    const response = await post("/api/auth/public/login", { email: member.email, password: member.password }, { "accept-language": "de" });
    expect(response.status).toBe(403);
    expect(errorResponseSchema.parse(await response.json()).message).toBe(
      "Dieses Konto wurde deaktiviert. Bitte wenden Sie sich an eine Administratorin oder einen Administrator.",
    );
  });
});

describe("the second step", () => {
  it("the current code opens a session with staff powers; the same code is not taken twice", async () => {
    const member = await createStaffMember(database.db);
    const { challenge } = await challengeFor(member.email, member.password);
    const code = await totpCodeAt(member.totpSecret ?? "", new Date());
    const response = await post("/api/auth/public/login/second-factor", { challenge, code });
    expect(response.status).toBe(200);
    const tokens = tokenResponseSchema.parse(await response.json());
    expect((await decideUnknownSma(tokens.access_token)).status).toBe(404);
    // The session's rotation keeps the second factor.
    const refreshed = tokenResponseSchema.parse(await (await post("/api/auth/refresh", { refresh_token: tokens.refresh_token })).json());
    expect((await decideUnknownSma(refreshed.access_token)).status).toBe(404);

    const again = await challengeFor(member.email, member.password);
    const replay = await post("/api/auth/public/login/second-factor", { challenge: again.challenge, code });
    expect(replay.status).toBe(422);
    expect(errorResponseSchema.parse(await replay.json()).errors?.code).toEqual(["This code is not right. Please enter the current code from your authenticator app."]);
  });

  it("five wrong codes spend the challenge and say so: the password is asked again; an unknown challenge is gone", async () => {
    const member = await createStaffMember(database.db);
    const { challenge } = await challengeFor(member.email, member.password);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await post("/api/auth/public/login/second-factor", { challenge, code: "000000" })).status).toBe(422);
    // The fifth wrong code says there were too many, not that the code is wrong (issue 32).
    const fifth = await post("/api/auth/public/login/second-factor", { challenge, code: "000000" });
    expect(fifth.status).toBe(401);
    expect(errorResponseSchema.parse(await fifth.json()).message).toBe("Too many wrong codes. For your security, please log in again.");
    const right = await totpCodeAt(member.totpSecret ?? "", new Date());
    const spent = await post("/api/auth/public/login/second-factor", { challenge, code: right }, { "accept-language": "de" });
    expect(spent.status).toBe(401);
    expect(errorResponseSchema.parse(await spent.json()).message).toBe("Zu viele falsche Codes. Bitte melden Sie sich zu Ihrer Sicherheit erneut an.");
    const unknown = await post("/api/auth/public/login/second-factor", { challenge: "made-up-challenge", code: right }, { "accept-language": "de" });
    expect(unknown.status).toBe(401);
    expect(errorResponseSchema.parse(await unknown.json()).message).toBe("Dieser Anmeldeschritt ist abgelaufen. Bitte melden Sie sich erneut an.");
  });

  it("refuses a malformed body with localized field errors, and changes nothing", async () => {
    const before = await snapshotDatabase(database.db);
    const response = await post("/api/auth/public/login/second-factor", { challenge: "x", code: "12ab" }, { "accept-language": "de" });
    expect(response.status).toBe(422);
    expect(errorResponseSchema.parse(await response.json()).errors?.code).toEqual(["Bitte geben Sie die sechs Ziffern ein, die Ihre App anzeigt."]);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("a session without the second factor has no staff powers", async () => {
    const member = await createStaffMember(database.db);
    // The settings page's new session after a password change, say: the password alone.
    const tokens = await api.services.accounts.startSession(member.id);
    expect((await decideUnknownSma(tokens.access_token)).status).toBe(403);
  });
});

describe("enrolment on the first login", () => {
  it("shows the secret, turns the factor on with the first code, hands out ten recovery codes once; each recovery code works once", async () => {
    const member = await createStaffMember(database.db, { enrolled: false });
    const first = await challengeFor(member.email, member.password);
    expect(first.enrolled).toBe(false);
    expect((await post("/api/auth/public/login/second-factor", { challenge: first.challenge, code: "123456" })).status).toBe(409);

    const enrolment = enrolmentResponseSchema.parse(await (await post("/api/auth/public/login/second-factor/enrolment", { challenge: first.challenge })).json()).data;
    expect(enrolment.otpauth_uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qr_svg).toMatch(/^<svg[^>]*>/);
    // Asked again (a reload), the same secret: a phone that scanned it keeps working.
    const again = enrolmentResponseSchema.parse(await (await post("/api/auth/public/login/second-factor/enrolment", { challenge: first.challenge })).json()).data;
    expect(again.secret).toBe(enrolment.secret);
    const [stored] = await database.db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, member.id));
    expect(stored?.secret).not.toContain(enrolment.secret);

    expect((await post("/api/auth/public/login/second-factor/enrolment/confirm", { challenge: first.challenge, code: "000000" })).status).toBe(422);
    const confirmed = await post("/api/auth/public/login/second-factor/enrolment/confirm", {
      challenge: first.challenge,
      code: await totpCodeAt(enrolment.secret, new Date()),
    });
    expect(confirmed.status).toBe(200);
    const session = enrolmentConfirmResponseSchema.parse(await confirmed.json());
    expect(session.recovery_codes).toHaveLength(10);
    expect((await decideUnknownSma(session.access_token)).status).toBe(404);
    expect(await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.subjectUserId, member.id))).toMatchObject([{ action: "second_factor_enrolled", actorEmail: member.email }]);
    const storedCodes = await database.db.select().from(tokens).where(and(eq(tokens.kind, "recovery_code"), eq(tokens.userId, member.id)));
    expect(storedCodes.map((row) => row.tokenHash)).not.toContain(session.recovery_codes[0]);

    const recovery = session.recovery_codes[0] ?? "";
    const second = await challengeFor(member.email, member.password);
    expect(second.enrolled).toBe(true);
    const withRecovery = await post("/api/auth/public/login/second-factor", { challenge: second.challenge, recovery_code: recovery.toUpperCase() });
    expect(withRecovery.status).toBe(200);
    const third = await challengeFor(member.email, member.password);
    const reused = await post("/api/auth/public/login/second-factor", { challenge: third.challenge, recovery_code: recovery });
    expect(reused.status).toBe(422);
    expect(errorResponseSchema.parse(await reused.json()).errors?.recovery_code).toHaveLength(1);
    // Enrolling again is refused once the factor is on.
    expect((await post("/api/auth/public/login/second-factor/enrolment", { challenge: third.challenge })).status).toBe(409);
  });
});
