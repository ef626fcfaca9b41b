import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { secondFactorRequiredSchema } from "../../core/contracts/second-factor";
import { staffAccountResponseSchema, staffAccountsResponseSchema } from "../../core/contracts/staff-accounts";
import type { DatabaseHandle } from "../../server/db/client";
import { outboxEmails, staffAuditLog, users } from "../../server/db/schema";
import { demoAccounts } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createStaffMember } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Staff accounts (decision 027): only admins list, invite and change them; every change is audited
 * and ends the account's sessions; the invitation's link sets the password, and the first login then
 * enrols the second factor. Refused calls change nothing.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
const tokens: Record<"admin" | "staff" | "customer", string> = { admin: "", staff: "", customer: "" };

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  tokens.admin = (await api.logIn(demoAccounts.admin.email, demoAccounts.admin.password)).access_token;
  tokens.staff = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  tokens.customer = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
});
afterAll(async () => {
  await database.close();
});

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api.app.request(path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const as = (who: keyof typeof tokens, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${tokens[who]}`, ...extra });
const auditOf = (userId: string) => database.db.select().from(staffAuditLog).where(eq(staffAuditLog.subjectUserId, userId));

describe("who may manage staff accounts", () => {
  const callers = [
    { who: "anonymous", headers: () => ({}), status: 401, message: "Please log in." },
    // Issue 33: the refusal says why (these calls are for admins), not "your own account".
    { who: "a customer", headers: () => as("customer"), status: 403, message: "This is only for admins." },
    { who: "staff (not admin)", headers: () => as("staff"), status: 403, message: "This is only for admins." },
  ] as const;
  for (const caller of callers) {
    it(`answers ${caller.who} ${caller.status} on every call, changing nothing`, async () => {
      const member = await createStaffMember(database.db);
      const before = await snapshotDatabase(database.db);
      const calls = [
        send("GET", "/api/staff/accounts", undefined, caller.headers()),
        send("POST", "/api/staff/accounts/invitations", { name: "New Person", email: "new.person@staff.example", role: "staff", locale: "en" }, caller.headers()),
        send("PATCH", `/api/staff/accounts/${member.id}`, { change: "disable" }, caller.headers()),
        send("POST", `/api/staff/accounts/${member.id}/invitation`, undefined, caller.headers()),
        send("DELETE", `/api/staff/accounts/${member.id}/invitation`, undefined, caller.headers()),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(caller.status);
        expect(errorResponseSchema.parse(await response.json()).message).toBe(caller.message);
      }
      expect(await snapshotDatabase(database.db)).toEqual(before);
    });
  }

  it("an admin lists every staff and admin account, no customers", async () => {
    const response = await send("GET", "/api/staff/accounts", undefined, as("admin"));
    expect(response.status).toBe(200);
    const { data } = staffAccountsResponseSchema.parse(await response.json());
    const emails = data.map((account) => account.email);
    expect(emails).toEqual(expect.arrayContaining([demoAccounts.admin.email, demoAccounts.staff.email]));
    expect(emails).not.toContain(demoAccounts.customer.email);
    expect(data.find((account) => account.email === demoAccounts.staff.email)).toMatchObject({ role: "staff", second_factor: true, disabled: false, invitation_pending: false });
  });
});

describe("an invitation", () => {
  it("makes the account, mails the link in the invitee's language, is audited; the link sets the password once; the first login enrols", async () => {
    const response = await send("POST", "/api/staff/accounts/invitations", { name: "Lena Vogt", email: " Lena.Vogt@Staff.example ", role: "staff", locale: "de" }, as("admin"));
    expect(response.status).toBe(201);
    const { data } = staffAccountResponseSchema.parse(await response.json());
    expect(data).toMatchObject({ email: "lena.vogt@staff.example", role: "staff", invitation_pending: true, second_factor: false });
    const [mail] = await database.db.select().from(outboxEmails).where(and(eq(outboxEmails.template, "staff-invitation"), eq(outboxEmails.toAddress, "lena.vogt@staff.example")));
    expect(mail?.locale).toBe("de");
    const acceptUrl = String(mail?.payload.acceptUrl);
    expect(acceptUrl).toMatch(/^http:\/\/site\.test\/de\/staff-invitation\/[A-Za-z0-9_-]+$/);
    expect(await auditOf(data.uuid)).toMatchObject([{ action: "staff_invited", actorEmail: demoAccounts.admin.email, details: { role: "staff" } }]);

    const token = acceptUrl.split("/").pop() ?? "";
    const weak = await send("POST", `/api/auth/public/staff-invitation/${token}`, { password: "short" }, { "accept-language": "de" });
    expect(weak.status).toBe(422);
    const accepted = await send("POST", `/api/auth/public/staff-invitation/${token}`, { password: "Vogt-backoffice-2026" }, { "accept-language": "de" });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { message: string }).message).toBe("Ihr Passwort ist gesetzt. Melden Sie sich jetzt an, um Ihren zweiten Faktor einzurichten.");
    expect((await send("POST", `/api/auth/public/staff-invitation/${token}`, { password: "Another-pass-2026" })).status).toBe(400);
    const login = await send("POST", "/api/auth/public/login", { email: "lena.vogt@staff.example", password: "Vogt-backoffice-2026" });
    expect(secondFactorRequiredSchema.parse(await login.json()).second_factor.enrolled).toBe(false);
  });

  it("refuses an address that has an account (a customer's too), under the field, changing nothing", async () => {
    const before = await snapshotDatabase(database.db);
    const taken = await send("POST", "/api/staff/accounts/invitations", { name: "Stefan", email: demoAccounts.customer.email, role: "admin", locale: "en" }, as("admin"));
    expect(taken.status).toBe(409);
    expect(errorResponseSchema.parse(await taken.json()).errors?.email).toEqual(["This e-mail address already has an account. Invite staff with an address of their own."]);
    const bad = await send("POST", "/api/staff/accounts/invitations", { name: "", email: "not-an-address", role: "owner", locale: "fr" }, as("admin", { "accept-language": "de" }));
    expect(bad.status).toBe(422);
    expect(Object.keys(errorResponseSchema.parse(await bad.json()).errors ?? {}).sort()).toEqual(["email", "locale", "name", "role"]);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});

describe("a pending invitation (issue 32)", () => {
  const invite = async (email: string, locale: "en" | "de") => {
    const response = await send("POST", "/api/staff/accounts/invitations", { name: "Jonas Pending", email, role: "staff", locale }, as("admin"));
    return staffAccountResponseSchema.parse(await response.json()).data;
  };
  const linksTo = async (email: string) =>
    (await database.db.select().from(outboxEmails).where(and(eq(outboxEmails.template, "staff-invitation"), eq(outboxEmails.toAddress, email)))).map((mail) =>
      String(mail.payload.acceptUrl).split("/").pop(),
    );

  it("is sent again with a new link in the invitee's language; the earlier link stops working; audited", async () => {
    const invited = await invite("jonas.again@staff.example", "de");
    const again = await send("POST", `/api/staff/accounts/${invited.uuid}/invitation`, undefined, as("admin"));
    expect(again.status).toBe(200);
    expect(staffAccountResponseSchema.parse(await again.json()).data).toMatchObject({ email: "jonas.again@staff.example", invitation_pending: true });
    const [first, second] = await linksTo("jonas.again@staff.example");
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const [, resentMail] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, "jonas.again@staff.example"));
    expect(resentMail?.locale).toBe("de");
    expect((await send("POST", `/api/auth/public/staff-invitation/${first}`, { password: "Pending-backoffice-2026" })).status).toBe(400);
    expect((await send("POST", `/api/auth/public/staff-invitation/${second}`, { password: "Pending-backoffice-2026" })).status).toBe(200);
    expect((await auditOf(invited.uuid)).map((row) => row.action)).toEqual(["staff_invited", "staff_invitation_resent"]);
    // Taken up: neither sent again nor taken back, and nothing changes.
    const before = await snapshotDatabase(database.db);
    const taken = await send("POST", `/api/staff/accounts/${invited.uuid}/invitation`, undefined, as("admin", { "accept-language": "de" }));
    expect(taken.status).toBe(409);
    expect(errorResponseSchema.parse(await taken.json()).message).toBe("Diese Einladung wurde bereits angenommen: Das Konto hat sein Passwort.");
    expect((await send("DELETE", `/api/staff/accounts/${invited.uuid}/invitation`, undefined, as("admin"))).status).toBe(409);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("is taken back: its link stops working, the account without a password is gone, the address can be invited again; audited", async () => {
    const invited = await invite("jonas.back@staff.example", "en");
    const [link] = await linksTo("jonas.back@staff.example");
    const revoked = await send("DELETE", `/api/staff/accounts/${invited.uuid}/invitation`, undefined, as("admin"));
    expect(revoked.status).toBe(204);
    expect((await send("POST", `/api/auth/public/staff-invitation/${link}`, { password: "Pending-backoffice-2026" })).status).toBe(400);
    const accounts = staffAccountsResponseSchema.parse(await (await send("GET", "/api/staff/accounts", undefined, as("admin"))).json()).data;
    expect(accounts.map((account) => account.email)).not.toContain("jonas.back@staff.example");
    const [row] = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "staff_invitation_revoked"));
    expect(row).toMatchObject({ actorEmail: demoAccounts.admin.email, details: { email: "jonas.back@staff.example", role: "staff" } });
    expect((await send("POST", "/api/staff/accounts/invitations", { name: "Jonas", email: "jonas.back@staff.example", role: "staff", locale: "en" }, as("admin"))).status).toBe(201);
    expect((await send("DELETE", `/api/staff/accounts/${invited.uuid}/invitation`, undefined, as("admin"))).status).toBe(404);
  });
});

describe("changing an account", () => {
  it("a new role ends the member's sessions and is audited from → to", async () => {
    const member = await createStaffMember(database.db);
    const session = await api.logIn(member.email, member.password);
    const response = await send("PATCH", `/api/staff/accounts/${member.id}`, { change: "role", role: "admin" }, as("admin"));
    expect(response.status).toBe(200);
    expect(staffAccountResponseSchema.parse(await response.json()).data.role).toBe("admin");
    expect((await send("GET", "/api/staff/accounts", undefined, { authorization: `Bearer ${session.access_token}` })).status).toBe(401);
    expect((await auditOf(member.id)).at(-1)).toMatchObject({ action: "staff_role_changed", details: { from: "staff", to: "admin" } });
  });

  it("a disabled account cannot log in until enabled again", async () => {
    const member = await createStaffMember(database.db);
    expect((await send("PATCH", `/api/staff/accounts/${member.id}`, { change: "disable" }, as("admin"))).status).toBe(200);
    expect((await send("POST", "/api/auth/public/login", { email: member.email, password: member.password })).status).toBe(403);
    expect((await send("PATCH", `/api/staff/accounts/${member.id}`, { change: "enable" }, as("admin"))).status).toBe(200);
    expect((await send("POST", "/api/auth/public/login", { email: member.email, password: member.password })).status).toBe(200);
    expect((await auditOf(member.id)).map((row) => row.action)).toEqual(["staff_disabled", "staff_enabled"]);
  });

  it("a reset second factor makes the next login enrol anew", async () => {
    const member = await createStaffMember(database.db);
    expect((await send("PATCH", `/api/staff/accounts/${member.id}`, { change: "reset_second_factor" }, as("admin"))).status).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    const login = await send("POST", "/api/auth/public/login", { email: member.email, password: member.password });
    expect(secondFactorRequiredSchema.parse(await login.json()).second_factor.enrolled).toBe(false);
  });

  it("refuses one's own account, a customer's, an unknown one and a bad change, changing nothing", async () => {
    const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demoAccounts.admin.email));
    const [customer] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demoAccounts.customer.email));
    const before = await snapshotDatabase(database.db);
    const own = await send("PATCH", `/api/staff/accounts/${admin?.id}`, { change: "disable" }, as("admin"));
    expect(own.status).toBe(409);
    expect(errorResponseSchema.parse(await own.json()).message).toBe("You cannot change your own account here. Ask another admin.");
    expect((await send("PATCH", `/api/staff/accounts/${customer?.id}`, { change: "role", role: "admin" }, as("admin"))).status).toBe(404);
    expect((await send("PATCH", "/api/staff/accounts/00000000-0000-4000-8000-000000000000", { change: "disable" }, as("admin"))).status).toBe(404);
    expect((await send("PATCH", `/api/staff/accounts/${customer?.id}`, { change: "promote" }, as("admin"))).status).toBe(422);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});
