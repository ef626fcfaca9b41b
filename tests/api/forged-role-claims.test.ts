import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { siteSettingsResponseSchema } from "../../core/contracts/site";
import { createAccessTokens, type AccessTokenClaims } from "../../server/auth/access-tokens";
import type { DatabaseHandle } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { demoAccounts } from "../../server/db/seed";
import { readSession } from "../../server/http/web-session";
import { actorOfSession } from "../../server/http/web-session-actor";
import type { WebContext } from "../../server/load-context";
import { requireStaffDesk } from "../../app/utils/staff-desk.server";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createStaffMember } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Issue 33: powers come from the database, never from what an access token says about itself. A
 * token signed with the real key (a leaked key, a bug in a signer) that claims `role: staff` or
 * `admin` and the second factor for a live session of a customer, or the second factor for a staff
 * session opened without it, or `admin` for a staff member, opens nothing more than the account's
 * row and the session's row grant: every staff call answers 403 and changes nothing, and the back
 * office's pages answer their 403 too.
 */

const jwtSecret = "test-secret-of-at-least-thirty-two-characters";
const signer = createAccessTokens(jwtSecret);
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database, { jwtSecret });
});
afterAll(async () => {
  await database.close();
});

const send = (method: string, path: string, token: string, body?: unknown) =>
  api.app.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** The claims of a real token, as the server reads them. */
async function claimsOf(token: string): Promise<AccessTokenClaims> {
  const claims = await signer.verify(token);
  if (!claims) throw new Error("the login's token does not verify with the test's key");
  return claims;
}

/** The same live session, with the role and second factor the forger wants. */
async function forged(token: string, change: Partial<Pick<AccessTokenClaims, "role" | "secondFactor">>): Promise<string> {
  return signer.sign({ ...(await claimsOf(token)), ...change });
}

/** Staff reads and writes (the desk's and the admins'), each refused with 403 and its message. */
async function staffCalls(token: string) {
  const admin = (await api.logIn(demoAccounts.admin.email, demoAccounts.admin.password)).access_token;
  const settings = siteSettingsResponseSchema.parse(await (await send("GET", "/api/staff/site", admin)).json()).data;
  const siteInput = Object.fromEntries(Object.entries(settings).filter(([field]) => field !== "effective_widget_frame_ancestors" && field !== "updated_at"));
  return [
    { call: "list bookings", admins: false, answer: () => send("GET", "/api/staff/bookings", token) },
    { call: "dashboard", admins: false, answer: () => send("GET", "/api/staff/dashboard", token) },
    {
      call: "create a content page",
      admins: false,
      answer: () =>
        send("POST", "/api/staff/pages", token, {
          show_on_mobile: true,
          translations: { en: { name: "Forged", slug: "", content: "<p>Forged</p>" }, de: { name: "Gefälscht", slug: "", content: "<p>Gefälscht</p>" } },
        }),
    },
    { call: "list staff accounts", admins: true, answer: () => send("GET", "/api/staff/accounts", token) },
    {
      call: "invite staff",
      admins: true,
      answer: () => send("POST", "/api/staff/accounts/invitations", token, { name: "Forged Friend", email: "forged.friend@example.com", role: "admin", locale: "en" }),
    },
    { call: "read the site settings", admins: true, answer: () => send("GET", "/api/staff/site", token) },
    { call: "change the site settings", admins: true, answer: () => send("PUT", "/api/staff/site", token, { ...siteInput, company: "Taken Over Ltd" }) },
  ];
}

const staffOnly = "This is only for staff signed in with their second factor.";
const adminsOnly = "This is only for admins.";

/** Every staff call with `token` answers 403 with the reason and the database stays as it was. */
async function expectNoStaffPowers(token: string, options: { staffCallsToo: boolean }) {
  const calls = await staffCalls(token);
  const before = await snapshotDatabase(database.db);
  for (const { call, admins, answer } of calls) {
    if (!admins && !options.staffCallsToo) continue;
    const response = await answer();
    expect(response.status, call).toBe(403);
    expect(errorResponseSchema.parse(await response.json()).message, call).toBe(admins ? adminsOnly : staffOnly);
  }
  expect(await snapshotDatabase(database.db)).toEqual(before);
}

/** What the back office's pages make of the same token in the session cookie: its actor, and `requireStaffDesk`'s 403. */
async function pageDeskOf(token: string) {
  const request = new Request("http://127.0.0.1/admin", { headers: { cookie: `session=${token}` } });
  const session = await readSession(request, api.services.accounts, "127.0.0.1");
  const web: WebContext = { services: api.services, publicOrigin: "http://site.test", session: () => Promise.resolve(session), clientAddress: "127.0.0.1", cspNonce: "n" };
  const refusal = await requireStaffDesk(new URL(request.url), web).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  return { session, actor: actorOfSession(session), refusal };
}

describe("a token signed with the real key grants nothing the database does not", () => {
  it("the real staff and admin sessions have their powers (the checks below can pass)", async () => {
    const staff = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
    expect((await send("GET", "/api/staff/bookings", staff)).status).toBe(200);
    const admin = (await api.logIn(demoAccounts.admin.email, demoAccounts.admin.password)).access_token;
    expect((await send("GET", "/api/staff/accounts", admin)).status).toBe(200);
    expect((await pageDeskOf(admin)).refusal).toBeNull();
  });

  for (const role of ["staff", "admin"] as const) {
    it(`a customer's live session claiming ${role} with the second factor: every staff call 403, nothing changes, /admin refuses`, async () => {
      const customer = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
      const token = await forged(customer, { role, secondFactor: true });
      // The forged token is accepted as the customer's session: it is the powers it claims that are not.
      expect((await api.get("/api/auth/user", { authorization: `Bearer ${token}` })).status).toBe(200);
      await expectNoStaffPowers(token, { staffCallsToo: true });

      const page = await pageDeskOf(token);
      expect(page.session.user?.email).toBe(demoAccounts.customer.email);
      expect(page.actor.user).toMatchObject({ role: "customer", secondFactor: false });
      expect(page.refusal).toMatchObject({ init: { status: 403 } });
    });
  }

  it("a staff session opened without the second factor, claiming it: 403, and the page desk refuses", async () => {
    const member = await createStaffMember(database.db);
    const withoutFactor = (await api.services.accounts.startSession(member.id)).access_token;
    const token = await forged(withoutFactor, { secondFactor: true });
    await expectNoStaffPowers(token, { staffCallsToo: true });
    const page = await pageDeskOf(token);
    expect(page.actor.user).toMatchObject({ role: "staff", secondFactor: false });
    expect(page.refusal).toMatchObject({ init: { status: 403 } });
  });

  it("a staff member (with the second factor) claiming admin: the admins' calls 403 with the admins' reason, nothing changes", async () => {
    const member = await createStaffMember(database.db);
    const staff = (await api.logIn(member.email, member.password)).access_token;
    const token = await forged(staff, { role: "admin" });
    expect((await send("GET", "/api/staff/bookings", token)).status).toBe(200);
    await expectNoStaffPowers(token, { staffCallsToo: false });
    expect((await pageDeskOf(token)).actor.user).toMatchObject({ role: "staff", secondFactor: true });
  });

  it("a role taken away applies to a session's next call, whatever its token still says", async () => {
    const member = await createStaffMember(database.db, { role: "admin" });
    const admin = (await api.logIn(member.email, member.password)).access_token;
    expect((await send("GET", "/api/staff/accounts", admin)).status).toBe(200);
    // The row changes behind the session's back (not through the staff accounts' API, which would end the session).
    await database.db.update(users).set({ role: "customer" }).where(eq(users.id, member.id));
    const response = await send("GET", "/api/staff/accounts", admin);
    expect(response.status).toBe(403);
    expect((await pageDeskOf(admin)).refusal).toMatchObject({ init: { status: 403 } });
  });
});
