import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tokenResponseSchema, userResponseSchema, type TokenResponse } from "../../core/contracts/auth";
import { errorResponseSchema } from "../../core/contracts/errors";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, outboxEmails, tokens } from "../../server/db/schema";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/**
 * Issue 10 "Sessions that hold": parallel refreshes, access tokens tied to their session, the
 * current password for e-mail changes, login limits that cannot lock the owner out, Origin checks
 * of cookie-authenticated API writes, and password reset requests that do the same work either way.
 */
const jwtSecret = "test-secret-of-at-least-thirty-two-characters";
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let clock = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database, { now: () => clock, jwtSecret });
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  clock = new Date(clock.getTime() + 20 * 60_000);
});

const strongPassword = "Fairway-Sunrise-2031";
const browserA = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130";
const browserB = "Mozilla/5.0 (Macintosh) Safari/17";

type Client = { address?: string; userAgent?: string };

/** A request as it arrives over a socket from `client.address` (what getConnInfo reads). */
function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, client: Client = {}) {
  return api.app.request(
    path,
    {
      method,
      headers: { "content-type": "application/json", "user-agent": client.userAgent ?? browserA, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: client.address ?? "198.51.100.7", remotePort: 40000, remoteFamily: "IPv4" } } },
  );
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function verifiedAccount(email: string): Promise<TokenResponse> {
  const registered = await send("POST", "/api/auth/public/register", {
    name: "Sam Holder",
    email,
    password: strongPassword,
    password_confirmation: strongPassword,
  });
  expect(registered.status).toBe(201);
  const rows = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
  const link = (rows.at(-1)?.payload as { verifyUrl: string }).verifyUrl;
  const verified = await send("GET", `/api/auth/public/verify/${link.split("/").at(-1)}`);
  expect(verified.status).toBe(200);
  return tokenResponseSchema.parse(await verified.json());
}

async function login(email: string, password = strongPassword, client: Client = {}) {
  return send("POST", "/api/auth/public/login", { email, password }, {}, client);
}

const userStatus = async (accessToken: string) => (await send("GET", "/api/auth/user", undefined, bearer(accessToken))).status;

describe("parallel tabs: a refresh token just rotated", () => {
  it("yields a valid session to every parallel refresh from the same client, and the family lives on", async () => {
    const session = await verifiedAccount("tabs@example.com");
    const answers = await Promise.all([0, 1, 2].map(() => send("POST", "/api/auth/refresh", { refresh_token: session.refresh_token })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const renewed = await Promise.all(answers.map(async (answer) => tokenResponseSchema.parse(await answer.json())));
    for (const tokensOfTab of renewed) expect(await userStatus(tokensOfTab.access_token)).toBe(200);
    // Whichever cookie the browser kept goes on working.
    const next = await send("POST", "/api/auth/refresh", { refresh_token: renewed[2]?.refresh_token });
    expect(next.status).toBe(200);
    expect(await userStatus(tokenResponseSchema.parse(await next.json()).access_token)).toBe(200);
  });

  it("still counts as theft from another client", async () => {
    const session = await verifiedAccount("thief-client@example.com");
    const rotated = tokenResponseSchema.parse(await (await send("POST", "/api/auth/refresh", { refresh_token: session.refresh_token })).json());
    const replay = await send("POST", "/api/auth/refresh", { refresh_token: session.refresh_token }, {}, { address: "203.0.113.50", userAgent: browserB });
    expect(replay.status).toBe(401);
    // The whole family ends, the legitimate successor and its access token too.
    expect((await send("POST", "/api/auth/refresh", { refresh_token: rotated.refresh_token })).status).toBe(401);
    expect(await userStatus(rotated.access_token)).toBe(401);
  });

  it("still counts as theft after the grace window", async () => {
    const session = await verifiedAccount("thief-late@example.com");
    const rotated = tokenResponseSchema.parse(await (await send("POST", "/api/auth/refresh", { refresh_token: session.refresh_token })).json());
    clock = new Date(clock.getTime() + 31_000);
    expect((await send("POST", "/api/auth/refresh", { refresh_token: session.refresh_token })).status).toBe(401);
    expect((await send("POST", "/api/auth/refresh", { refresh_token: rotated.refresh_token })).status).toBe(401);
  });
});

describe("access tokens end with their session", () => {
  it("logout ends the access token at once", async () => {
    const session = await verifiedAccount("logout-now@example.com");
    expect(await userStatus(session.access_token)).toBe(200);
    expect((await send("POST", "/api/auth/logout", { refresh_token: session.refresh_token })).status).toBe(200);
    expect(await userStatus(session.access_token)).toBe(401);
  });

  it("logout with only the access token ends its session", async () => {
    const session = await verifiedAccount("logout-bearer@example.com");
    expect((await send("POST", "/api/auth/logout", {}, bearer(session.access_token))).status).toBe(200);
    expect(await userStatus(session.access_token)).toBe(401);
    expect((await send("POST", "/api/auth/refresh", { refresh_token: session.refresh_token })).status).toBe(401);
  });

  it("a password change ends every other session at once", async () => {
    const current = await verifiedAccount("changer@example.com");
    const other = tokenResponseSchema.parse(await (await login("changer@example.com")).json());
    const me = userResponseSchema.parse(await (await send("GET", "/api/auth/user", undefined, bearer(current.access_token))).json()).data;
    const changed = await send(
      "PUT",
      `/api/settings/user/${me.uuid}`,
      { name: me.name, email: me.email, old_password: strongPassword, password: "Another-fairway-2041", password_confirmation: "Another-fairway-2041" },
      bearer(current.access_token),
    );
    expect(changed.status).toBe(200);
    expect(await userStatus(other.access_token)).toBe(401);
    expect((await send("POST", "/api/auth/refresh", { refresh_token: other.refresh_token })).status).toBe(401);
  });

  it("profile deletion ends the access token", async () => {
    const session = await verifiedAccount("deleter@example.com");
    const me = userResponseSchema.parse(await (await send("GET", "/api/auth/user", undefined, bearer(session.access_token))).json()).data;
    expect((await send("DELETE", `/api/settings/user/${me.uuid}`, { password: strongPassword }, bearer(session.access_token))).status).toBe(200);
    expect(await userStatus(session.access_token)).toBe(401);
  });

  it("refuses validly signed tokens without exp or without a session id", async () => {
    const session = await verifiedAccount("claims@example.com");
    const me = userResponseSchema.parse(await (await send("GET", "/api/auth/user", undefined, bearer(session.access_token))).json()).data;
    const key = new TextEncoder().encode(jwtSecret);
    const base = () =>
      new SignJWT({ role: "customer" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(me.uuid)
        .setIssuer("event-booking")
        .setAudience("event-booking")
        .setIssuedAt(Math.floor(clock.getTime() / 1000));
    const withoutExp = await base().sign(key);
    const withoutSid = await base()
      .setExpirationTime(Math.floor(clock.getTime() / 1000) + 600)
      .sign(key);
    expect(await userStatus(withoutExp)).toBe(401);
    expect(await userStatus(withoutSid)).toBe(401);
  });
});

describe("changing the e-mail address needs the current password", () => {
  it("refuses a missing or wrong current password per field, localized, and changes nothing", async () => {
    const session = await verifiedAccount("keeper@example.com");
    const me = userResponseSchema.parse(await (await send("GET", "/api/auth/user", undefined, bearer(session.access_token))).json()).data;
    const path = `/api/settings/user/${me.uuid}`;
    const missing = await send("PUT", path, { name: me.name, email: "stolen@example.com" }, bearer(session.access_token));
    expect(missing.status).toBe(422);
    expect(errorResponseSchema.parse(await missing.json()).errors).toEqual({ old_password: ["This field is required."] });
    const wrong = await send(
      "PUT",
      path,
      { name: me.name, email: "stolen@example.com", old_password: "Not-my-password-1" },
      { ...bearer(session.access_token), "accept-language": "de-DE" },
    );
    expect(wrong.status).toBe(422);
    expect(errorResponseSchema.parse(await wrong.json()).errors).toEqual({ old_password: ["Das aktuelle Passwort ist nicht korrekt."] });
    const unchanged = userResponseSchema.parse(await (await send("GET", "/api/auth/user", undefined, bearer(session.access_token))).json()).data;
    expect(unchanged.email).toBe("keeper@example.com");
    // The name alone needs no password.
    expect((await send("PUT", path, { name: "Sam Renamed", email: me.email }, bearer(session.access_token))).status).toBe(200);
    const moved = await send("PUT", path, { name: me.name, email: "keeper2@example.com", old_password: strongPassword }, bearer(session.access_token));
    expect(moved.status).toBe(200);
    expect(userResponseSchema.parse(await moved.json()).data.email).toBe("keeper2@example.com");
  });
});

describe("wrong passwords cannot lock the owner out", () => {
  it("8+ wrong passwords from address A: the owner still logs in from address B", async () => {
    await verifiedAccount("target@example.com");
    const attacker = { address: "203.0.113.9", userAgent: browserB };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) statuses.push((await login("target@example.com", "Wrong-password-123", attacker)).status);
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await login("target@example.com", strongPassword, { address: "192.0.2.44" })).status).toBe(200);
    // Address A stays slowed down, even with the right password.
    expect((await login("target@example.com", strongPassword, attacker)).status).toBe(429);
  });

  it("an attacker from many addresses cannot lock out the address the owner last logged in from", async () => {
    await verifiedAccount("home@example.com");
    const home = { address: "192.0.2.80" };
    expect((await login("home@example.com", strongPassword, home)).status).toBe(200);
    for (let host = 1; host <= 30; host += 1) {
      for (let attempt = 0; attempt < 8; attempt += 1) await login("home@example.com", "Wrong-password-123", { address: `203.0.113.${host}` });
    }
    expect((await login("home@example.com", strongPassword, home)).status).toBe(200);
  });
});

describe("a device cookie keeps the owner's browser out of the account-wide back-off", () => {
  /** The device cookie a successful login sets, as the browser sends it back. */
  async function deviceCookieOfLogin(email: string, client: Client): Promise<string> {
    const answer = await login(email, strongPassword, client);
    expect(answer.status).toBe(200);
    const deviceCookie = answer.headers.getSetCookie().find((line) => line.startsWith("device="));
    expect(deviceCookie).toMatch(/HttpOnly/);
    expect(deviceCookie).toMatch(/Max-Age=31536000/);
    return deviceCookie?.split(";")[0] ?? "";
  }
  const loginWithCookie = (email: string, password: string, cookie: string, client: Client) =>
    send("POST", "/api/auth/public/login", { email, password }, { cookie }, client);

  async function distributedAttack(email: string) {
    for (let host = 1; host <= 60; host += 1) await login(email, "Wrong-password-123", { address: `203.0.114.${host}` });
  }

  it("the owner logs in from a new address after 60 distributed failures with the device cookie of an earlier login", async () => {
    await verifiedAccount("device-owner@example.com");
    const device = await deviceCookieOfLogin("device-owner@example.com", { address: "192.0.2.90" });
    await distributedAttack("device-owner@example.com");
    expect((await loginWithCookie("device-owner@example.com", strongPassword, device, { address: "198.18.0.1" })).status).toBe(200);
  });

  it("without the cookie the distributed attack still slows untrusted clients", async () => {
    await verifiedAccount("device-none@example.com");
    await deviceCookieOfLogin("device-none@example.com", { address: "192.0.2.91" });
    await distributedAttack("device-none@example.com");
    const answer = await login("device-none@example.com", strongPassword, { address: "198.18.0.2" });
    expect(answer.status).toBe(429);
    expect(errorResponseSchema.parse(await answer.json()).message).toMatch(/Too many attempts/);
  });

  it("a forged or foreign device cookie gives nothing", async () => {
    await verifiedAccount("device-target@example.com");
    await verifiedAccount("device-other@example.com");
    const own = await deviceCookieOfLogin("device-target@example.com", { address: "192.0.2.92" });
    const foreign = await deviceCookieOfLogin("device-other@example.com", { address: "192.0.2.93" });
    await distributedAttack("device-target@example.com");
    const parts = (cookie: string) => {
      const [payload = "", mac = ""] = decodeURIComponent(cookie.slice("device=".length)).split(".");
      const [userId = "", deviceId = ""] = payload.split(":");
      return { userId, deviceId, mac };
    };
    const mine = parts(own);
    const theirs = parts(foreign);
    const device = (value: string) => `device=${encodeURIComponent(value)}`;
    const forged = [
      // Another account's genuine cookie.
      foreign,
      // The target's id on another account's device, with that device's signature.
      device(`${mine.userId}:${theirs.deviceId}.${theirs.mac}`),
      // The target's own cookie with a changed signature or device id.
      device(`${mine.userId}:${mine.deviceId}.${mine.mac.slice(0, -2)}${mine.mac.endsWith("AA") ? "BB" : "AA"}`),
      device(`${mine.userId}:${theirs.deviceId}.${mine.mac}`),
      "device=garbage",
    ];
    for (const cookie of forged) {
      expect((await loginWithCookie("device-target@example.com", strongPassword, cookie, { address: "198.18.0.3" })).status, cookie).toBe(429);
    }
    // The genuine cookie, from the same new address, is let through: the refusals above were the forgeries'.
    expect((await loginWithCookie("device-target@example.com", strongPassword, own, { address: "198.18.0.3" })).status).toBe(200);
  });
});

describe("the current password in the settings is throttled like a login", () => {
  it("8 wrong current passwords from one address, then 429 there, even with the right one; another address may still", async () => {
    const session = await verifiedAccount("settings-guess@example.com");
    const me = userResponseSchema.parse(await (await send("GET", "/api/auth/user", undefined, bearer(session.access_token))).json()).data;
    const path = `/api/settings/user/${me.uuid}`;
    const change = (oldPassword: string, client: Client, headers: Record<string, string> = {}) =>
      send(
        "PUT",
        path,
        { name: me.name, email: "settings-moved@example.com", old_password: oldPassword },
        { ...bearer(session.access_token), ...headers },
        client,
      );
    const thief = { address: "203.0.113.77", userAgent: browserB };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) statuses.push((await change("Wrong-password-123", thief)).status);
    expect(statuses).toEqual(Array.from({ length: 8 }, () => 422));
    const blocked = await change(strongPassword, thief);
    expect(blocked.status).toBe(429);
    expect(errorResponseSchema.parse(await blocked.json()).message).toMatch(/Too many attempts/);
    const blockedDe = await change("Wrong-password-123", thief, { "accept-language": "de" });
    expect(blockedDe.status).toBe(429);
    expect(errorResponseSchema.parse(await blockedDe.json()).message).toMatch(/Zu viele Versuche/);
    // Nothing changed, and the owner elsewhere is not held up.
    expect(userResponseSchema.parse(await (await send("GET", "/api/auth/user", undefined, bearer(session.access_token))).json()).data.email).toBe(me.email);
    expect((await change(strongPassword, { address: "192.0.2.120" })).status).toBe(200);
  });
});

describe("cookie-authenticated API writes check their Origin", () => {
  it("refuses a cross-site write carrying the session or booking cookie with 403, changing nothing", async () => {
    const session = await verifiedAccount("csrf@example.com");
    const [booking] = await database.db.select({ id: bookings.id, status: bookings.status }).from(bookings).limit(1);
    if (!booking) throw new Error("the seed has bookings");
    const before = await database.db.select().from(tokens);
    const cookie = { cookie: `session=${session.access_token}; booking_token=x` };
    for (const [method, path] of [
      ["POST", `/api/booking/payment/create/${booking.id}/en`],
      ["POST", `/api/booking/${booking.id}/upload`],
      ["POST", "/api/auth/logout"],
      ["PUT", `/api/booking/public/${booking.id}/update/${booking.id}`],
    ] as const) {
      const foreign = await send(method, path, {}, { ...cookie, origin: "https://evil.example" });
      expect(foreign.status, `${method} ${path}`).toBe(403);
      const crossSite = await send(method, path, {}, { ...cookie, "sec-fetch-site": "cross-site" });
      expect(crossSite.status, `${method} ${path} without Origin`).toBe(403);
    }
    expect(await database.db.select().from(tokens)).toEqual(before);
    expect(await userStatus(session.access_token)).toBe(200);
  });

  it("lets same-origin and bearer-authenticated writes through", async () => {
    const session = await verifiedAccount("csrf-ok@example.com");
    const sameOrigin = await send("POST", "/api/auth/logout", {}, { cookie: "session=abc", origin: "http://localhost" });
    expect(sameOrigin.status).toBe(200);
    const viaBearer = await send("POST", "/api/auth/logout", {}, { ...bearer(session.access_token), cookie: "session=abc", origin: "https://evil.example" });
    expect(viaBearer.status).toBe(200);
  });
});

describe("password reset does the same work for known and unknown addresses", () => {
  it("answers before the account lookup and the mail, which happen off the request", async () => {
    await verifiedAccount("known-reset@example.com");
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gated = createTestApi(database, {
      now: () => clock,
      jwtSecret,
      enqueueMail: async (queryable, mail) => {
        await gate;
        const { enqueueEmail } = await import("../../server/email");
        return enqueueEmail(queryable, mail);
      },
    });
    const ask = (email: string) =>
      gated.app.request("/api/auth/reset-password", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
    // Were the mail on the request's path, this answer would wait for the gate forever.
    const known = await ask("known-reset@example.com");
    const unknown = await ask("nobody-reset@example.com");
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    release();
    await gated.services.accounts.settled();
    const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, "known-reset@example.com"));
    expect(mails.map((mail) => mail.template)).toContain("password-reset");
    expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, "nobody-reset@example.com"))).toEqual([]);
  });
});
