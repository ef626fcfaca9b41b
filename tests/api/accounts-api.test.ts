import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageResponseSchema, tokenResponseSchema, userBookingsResponseSchema, userResponseSchema } from "../../core/contracts/auth";
import { errorResponseSchema } from "../../core/contracts/errors";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, outboxEmails, participants, tokens, users } from "../../server/db/schema";
import { demoAccounts } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let clock = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database, { now: () => clock });
});
afterAll(async () => {
  await database.close();
});
// Every call here comes from one address; the per-IP limits are tested on their own below.
beforeEach(() => {
  const { limits } = api.services.accounts;
  for (const limiter of [limits.registerPerIp, limits.loginPerIp, limits.resetPerIp]) limiter.reset("local");
});

const german = { "accept-language": "de-DE" };
const strongPassword = "Fairway-Sunrise-2031";

function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return api.app.request(path, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The link in the newest mail to `to`, taken from the outbox the way the worker would render it. */
async function latestMailLink(to: string, template: string): Promise<string> {
  const rows = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to));
  const mail = rows.filter((row) => row.template === template).at(-1);
  const link =
    (mail?.payload as { verifyUrl?: string; resetUrl?: string } | undefined)?.verifyUrl ?? (mail?.payload as { resetUrl?: string } | undefined)?.resetUrl;
  if (!link) throw new Error(`no ${template} mail to ${to}`);
  return link;
}
const tokenOf = (link: string) => link.split("/").at(-1) ?? "";

async function registerAndVerify(email: string, headers: Record<string, string> = {}) {
  const response = await send(
    "POST",
    "/api/auth/public/register",
    { name: "Alex Driver", email, password: strongPassword, password_confirmation: strongPassword },
    headers,
  );
  expect(response.status).toBe(201);
  const verify = await api.get(`/api/auth/public/verify/${tokenOf(await latestMailLink(email, "verify-email"))}`);
  expect(verify.status).toBe(200);
  return tokenResponseSchema.parse(await verify.json());
}

describe("registration with double opt-in", () => {
  it("sends a verification mail in the registration's language; the link logs in once", async () => {
    const response = await send(
      "POST",
      "/api/auth/public/register",
      { name: "Lena Grün", email: "Lena@Example.com", password: strongPassword, password_confirmation: strongPassword },
      german,
    );
    expect(response.status).toBe(201);
    expect(messageResponseSchema.parse(await response.json()).message).toMatch(/E-Mail/);
    const [mail] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, "lena@example.com"));
    expect(mail).toMatchObject({ template: "verify-email", locale: "de", status: "pending" });
    const link = await latestMailLink("lena@example.com", "verify-email");
    expect(link).toMatch(/^http:\/\/site\.test\/de\/register\/[\w-]{40,}$/);
    // Stored hashed: the token in the link is not in the database.
    const stored = await database.db.select({ hash: tokens.tokenHash }).from(tokens).where(eq(tokens.kind, "email_verification"));
    expect(stored.map((row) => row.hash)).not.toContain(tokenOf(link));

    const verify = await api.get(`/api/auth/public/verify/${tokenOf(link)}`);
    const session = tokenResponseSchema.parse(await verify.json());
    expect(session.expires_in).toBe(3600);
    const me = userResponseSchema.parse(await (await api.get("/api/auth/user", bearer(session.access_token))).json());
    expect(me.data).toMatchObject({ email: "lena@example.com", name: "Lena Grün", locale: "de" });
    expect(me.data.email_verified_at).not.toBeNull();
    expect((await api.get(`/api/auth/public/verify/${tokenOf(link)}`)).status).toBe(400);
  });

  it("answers 'Email already exists.' per field for a taken address, changing nothing", async () => {
    await registerAndVerify("taken@example.com");
    const before = await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    const response = await send("POST", "/api/auth/public/register", {
      name: "Other",
      email: "TAKEN@example.com",
      password: strongPassword,
      password_confirmation: strongPassword,
    });
    expect(response.status).toBe(422);
    expect(errorResponseSchema.parse(await response.json()).errors).toEqual({ email: ["Email already exists."] });
    const after = await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    expect(after).toEqual(before);
  });

  it("returns errors as arrays per field, localized", async () => {
    const response = await send(
      "POST",
      "/api/auth/public/register",
      { name: "", email: "not-an-address", password: "short", password_confirmation: "other" },
      german,
    );
    expect(response.status).toBe(422);
    const body = errorResponseSchema.parse(await response.json());
    // Without a name, first and last name are asked for (the spec's user fields; decision 026).
    expect(body.errors?.first_name?.[0]).toBe("Dieses Feld ist erforderlich.");
    expect(body.errors?.email?.[0]).toBe("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
    expect(body.errors?.password_confirmation?.[0]).toBe("Die Passwörter stimmen nicht überein.");
  });

  it("refuses short and common passwords", async () => {
    const short = await send("POST", "/api/auth/public/register", {
      name: "A",
      email: "short@example.com",
      password: "abcdefgh1",
      password_confirmation: "abcdefgh1",
    });
    expect(errorResponseSchema.parse(await short.json()).errors?.password).toEqual(["The password must have at least 10 characters."]);
    const common = await send("POST", "/api/auth/public/register", {
      name: "A",
      email: "common@example.com",
      password: "Password123!",
      password_confirmation: "Password123!",
    });
    const commonBody = await common.json();
    expect(errorResponseSchema.parse(commonBody).errors?.password).toEqual(["This password is too common. Please choose another one."]);
  });
});

describe("login, refresh and logout", () => {
  it("logs in, rotates the refresh token, and revokes the family when a spent one is replayed", async () => {
    await registerAndVerify("rotate@example.com");
    const login = tokenResponseSchema.parse(
      await (await send("POST", "/api/auth/public/login", { email: "rotate@example.com", password: strongPassword })).json(),
    );
    const first = await send("POST", "/api/auth/refresh", { refresh_token: login.refresh_token });
    expect(first.status).toBe(200);
    const rotated = tokenResponseSchema.parse(await first.json());
    expect(rotated.refresh_token).not.toBe(login.refresh_token);
    // Past the grace window that parallel tabs of one browser get (tests/api/sessions-hold.test.ts).
    clock = new Date(clock.getTime() + 31_000);
    const replay = await send("POST", "/api/auth/refresh", { refresh_token: login.refresh_token });
    expect(replay.status).toBe(401);
    expect((await send("POST", "/api/auth/refresh", { refresh_token: rotated.refresh_token })).status).toBe(401);
  });

  it("logout revokes the refresh token", async () => {
    const session = await registerAndVerify("logout@example.com");
    const out = await send("POST", "/api/auth/logout", { refresh_token: session.refresh_token }, bearer(session.access_token));
    expect(out.status).toBe(200);
    expect((await send("POST", "/api/auth/refresh", { refresh_token: session.refresh_token })).status).toBe(401);
  });

  it("shows the server's message on failure and does not tell whether the account exists", async () => {
    await registerAndVerify("known@example.com");
    const wrong = await send("POST", "/api/auth/public/login", { email: "known@example.com", password: "Wrong-password-123" });
    const unknown = await send("POST", "/api/auth/public/login", { email: "nobody@example.com", password: "Wrong-password-123" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("refuses an unverified account and sends a new link", async () => {
    await send("POST", "/api/auth/public/register", {
      name: "Slow",
      email: "unverified@example.com",
      password: strongPassword,
      password_confirmation: strongPassword,
    });
    const response = await send("POST", "/api/auth/public/login", { email: "unverified@example.com", password: strongPassword });
    expect(response.status).toBe(403);
    const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, "unverified@example.com"));
    expect(mails.length).toBe(2);
  });

  it("limits login attempts per account with a clear, localized message", async () => {
    await registerAndVerify("limited@example.com");
    let last: Response | undefined;
    for (let attempt = 0; attempt < 9; attempt += 1)
      last = await send("POST", "/api/auth/public/login", { email: "limited@example.com", password: "Wrong-password-123" }, german);
    expect(last?.status).toBe(429);
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
    // The first wait is 30 seconds: "1 Minute", singular (it said "1 Minuten").
    expect(errorResponseSchema.parse(await last?.json()).message).toBe("Zu viele Versuche. Bitte versuchen Sie es in 1 Minute erneut.");
    // Even the right password waits until the window has passed.
    expect((await send("POST", "/api/auth/public/login", { email: "limited@example.com", password: strongPassword })).status).toBe(429);
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await send("POST", "/api/auth/public/login", { email: "limited@example.com", password: strongPassword })).status).toBe(200);
  });
});

describe("rate limits per IP", () => {
  it("stop a flood of registrations from one address", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const response = await send("POST", "/api/auth/public/register", {
        name: "Bot",
        email: `bot${index}@example.com`,
        password: strongPassword,
        password_confirmation: strongPassword,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("password reset", () => {
  it("answers the same whether or not the address exists, and the link works once", async () => {
    await registerAndVerify("reset@example.com");
    const known = await send("POST", "/api/auth/reset-password", { email: "reset@example.com" });
    const unknown = await send("POST", "/api/auth/reset-password", { email: "ghost@example.com" });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    await api.services.accounts.settled();
    const token = tokenOf(await latestMailLink("reset@example.com", "password-reset"));
    const mismatch = await send("POST", `/api/auth/reset-password/${token}`, { password: "New-fairway-2032", password_confirmation: "nope" });
    expect(mismatch.status).toBe(422);
    const done = await send("POST", `/api/auth/reset-password/${token}`, { password: "New-fairway-2032", password_confirmation: "New-fairway-2032" });
    expect(done.status).toBe(200);
    expect((await send("POST", `/api/auth/reset-password/${token}`, { password: "Another-one-2033", password_confirmation: "Another-one-2033" })).status).toBe(
      400,
    );
    expect((await send("POST", "/api/auth/public/login", { email: "reset@example.com", password: "New-fairway-2032" })).status).toBe(200);
  });

  it("expires", async () => {
    await registerAndVerify("expire@example.com");
    await send("POST", "/api/auth/reset-password", { email: "expire@example.com" });
    await api.services.accounts.settled();
    const token = tokenOf(await latestMailLink("expire@example.com", "password-reset"));
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect((await send("POST", `/api/auth/reset-password/${token}`, { password: "New-fairway-2032", password_confirmation: "New-fairway-2032" })).status).toBe(
      400,
    );
  });
});

describe("the seeded demo customer", () => {
  it("logs in and sees an upcoming and a past booking", async () => {
    const login = tokenResponseSchema.parse(
      await (await send("POST", "/api/auth/public/login", { email: demoAccounts.customer.email, password: demoAccounts.customer.password })).json(),
    );
    const mine = userBookingsResponseSchema.parse(await (await api.get("/api/booking/public", { ...bearer(login.access_token), ...german })).json());
    expect(mine.data.future.map((booking) => booking.code)).toEqual(["GC-7K4M2Q"]);
    expect(mine.data.expired.map((booking) => booking.code)).toEqual(["GC-P4ST26"]);
  });
});

describe("own data only: anonymous, owner, another user", () => {
  it("settings and bookings", async () => {
    const owner = await registerAndVerify("owner@example.com");
    const other = await registerAndVerify("other@example.com");
    const ownerUser = userResponseSchema.parse(await (await api.get("/api/settings/user", bearer(owner.access_token))).json()).data;
    const update = { name: "Owner Renamed", first_name: "Owner", last_name: "Renamed", email: "owner@example.com" };

    for (const [path, method] of [
      ["/api/settings/user", "GET"],
      ["/api/auth/user", "GET"],
      ["/api/booking/public", "GET"],
      [`/api/settings/user/${ownerUser.uuid}`, "PUT"],
      [`/api/settings/user/${ownerUser.uuid}`, "DELETE"],
    ] as const) {
      expect((await send(method, path, method === "PUT" ? update : undefined)).status, `${method} ${path} anonymous`).toBe(401);
    }
    expect((await send("PUT", `/api/settings/user/${ownerUser.uuid}`, update, bearer(other.access_token))).status).toBe(403);
    expect((await send("DELETE", `/api/settings/user/${ownerUser.uuid}`, { password: strongPassword }, bearer(other.access_token))).status).toBe(403);
    expect((await send("GET", "/api/settings/user", undefined, bearer("not-a-token"))).status).toBe(401);

    const updated = await send("PUT", `/api/settings/user/${ownerUser.uuid}`, update, bearer(owner.access_token));
    expect(userResponseSchema.parse(await updated.json()).data.name).toBe("Owner Renamed");
    const taken = await send(
      "PUT",
      `/api/settings/user/${ownerUser.uuid}`,
      { ...update, email: "other@example.com", old_password: strongPassword },
      bearer(owner.access_token),
    );
    expect(errorResponseSchema.parse(await taken.json()).errors).toEqual({ email: ["Email already exists."] });
    const wrongOld = await send(
      "PUT",
      `/api/settings/user/${ownerUser.uuid}`,
      { ...update, old_password: "Not-my-password-1", password: "Brand-new-pass-2040", password_confirmation: "Brand-new-pass-2040" },
      bearer(owner.access_token),
    );
    expect(errorResponseSchema.parse(await wrongOld.json()).errors).toEqual({ old_password: ["The current password is not correct."] });
    const changed = await send(
      "PUT",
      `/api/settings/user/${ownerUser.uuid}`,
      { ...update, old_password: strongPassword, password: "Brand-new-pass-2040", password_confirmation: "Brand-new-pass-2040" },
      bearer(owner.access_token),
    );
    expect(changed.status).toBe(200);
    // The new password ended every session, this one's access token too: log in again.
    expect((await api.get("/api/booking/public", bearer(owner.access_token))).status).toBe(401);
    const again = await send("POST", "/api/auth/public/login", { email: "owner@example.com", password: "Brand-new-pass-2040" });
    expect(again.status).toBe(200);
    const fresh = tokenResponseSchema.parse(await again.json());

    const mine = userBookingsResponseSchema.parse(await (await api.get("/api/booking/public", bearer(fresh.access_token))).json());
    expect(mine.data).toEqual({ future: [], expired: [] });
  });

  it("a new e-mail address must be verified again; a new password ends the other sessions", async () => {
    const session = await registerAndVerify("mover@example.com");
    const other = tokenResponseSchema.parse(
      await (await send("POST", "/api/auth/public/login", { email: "mover@example.com", password: strongPassword })).json(),
    );
    const me = userResponseSchema.parse(await (await api.get("/api/auth/user", bearer(session.access_token))).json()).data;
    const moved = await send(
      "PUT",
      `/api/settings/user/${me.uuid}`,
      { name: me.name, email: "moved@example.com", old_password: strongPassword },
      bearer(session.access_token),
    );
    expect(userResponseSchema.parse(await moved.json()).data).toMatchObject({ email: "moved@example.com", email_verified_at: null });
    expect(await latestMailLink("moved@example.com", "verify-email")).toMatch(/\/register\//);
    const pending = await database.db.select().from(tokens).where(eq(tokens.userId, me.uuid));
    expect(pending.filter((row) => row.kind === "email_verification" && !row.usedAt && !row.revokedAt)).toHaveLength(1);

    const changed = await send(
      "PUT",
      `/api/settings/user/${me.uuid}`,
      {
        name: me.name,
        email: "moved@example.com",
        old_password: strongPassword,
        password: "Another-fairway-2041",
        password_confirmation: "Another-fairway-2041",
      },
      bearer(session.access_token),
    );
    expect(changed.status).toBe(200);
    expect((await send("POST", "/api/auth/refresh", { refresh_token: other.refresh_token })).status).toBe(401);
    expect((await send("POST", "/api/auth/refresh", { refresh_token: session.refresh_token })).status).toBe(401);
  });

  it("deleting the profile removes the account's personal data for real and keeps the bookings unlinked", async () => {
    const session = await registerAndVerify("leaving@example.com");
    const me = userResponseSchema.parse(await (await api.get("/api/auth/user", bearer(session.access_token))).json()).data;
    const [booking] = await database.db.select({ id: bookings.id }).from(bookings).limit(1);
    if (!booking) throw new Error("the seed has bookings");
    await database.db.update(bookings).set({ userId: me.uuid }).where(eq(bookings.id, booking.id));
    const mine = userBookingsResponseSchema.parse(await (await api.get("/api/booking/public", bearer(session.access_token))).json());
    expect([...mine.data.future, ...mine.data.expired].map((entry) => entry.uuid)).toEqual([booking.id]);

    const response = await send("DELETE", `/api/settings/user/${me.uuid}`, { password: strongPassword }, bearer(session.access_token));
    expect(response.status).toBe(200);
    expect(await database.db.select().from(users).where(eq(users.id, me.uuid))).toEqual([]);
    expect(await database.db.select().from(tokens).where(eq(tokens.userId, me.uuid))).toEqual([]);
    const [kept] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(kept?.userId).toBeNull();
    const sameAddress = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, "leaving@example.com"));
    expect(sameAddress).toEqual([]);
    expect((await api.get("/api/auth/user", bearer(session.access_token))).status).toBe(401);
    expect((await send("POST", "/api/auth/refresh", { refresh_token: session.refresh_token })).status).toBe(401);
  });

  it("links bookings made as a guest with the same address after verification", async () => {
    const mains = await database.db
      .select({ bookingId: participants.bookingId, email: participants.email })
      .from(participants)
      .where(eq(participants.role, "main"));
    const guest = mains.find((main) => main.email && main.email !== demoAccounts.customer.email);
    if (!guest?.email) throw new Error("the seed has main participants with e-mail");
    await database.db.update(bookings).set({ userId: null }).where(eq(bookings.id, guest.bookingId));
    const session = await registerAndVerify(guest.email);
    const mine = userBookingsResponseSchema.parse(await (await api.get("/api/booking/public", bearer(session.access_token))).json());
    expect([...mine.data.future, ...mine.data.expired].map((entry) => entry.uuid)).toContain(guest.bookingId);
  });
});
