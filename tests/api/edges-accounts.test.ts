import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import type { DatabaseHandle } from "../../server/db/client";
import { outboxEmails, users } from "../../server/db/schema";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/** Issue 12's rough edges on the account API: the names asked once, every broken password rule, reset links. */
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
beforeEach(() => {
  const { limits } = api.services.accounts;
  for (const limiter of [limits.registerPerIp, limits.resetPerIp]) limiter.reset("local");
});

const strongPassword = "Fairway-Sunrise-2031";
const german = { "accept-language": "de-DE" };

function send(path: string, body: unknown, headers: Record<string, string> = {}) {
  return api.app.request(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}
async function errorsOf(response: Response) {
  return errorResponseSchema.parse(await response.json()).errors ?? {};
}
const userByEmail = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0];

describe("registration asks each name once", () => {
  it("takes first and last name and makes the account's name of them", async () => {
    const response = await send("/api/auth/public/register", {
      first_name: "Zoë",
      last_name: "Øster-Łukasiewicz",
      email: "names@example.com",
      password: strongPassword,
      password_confirmation: strongPassword,
    });
    expect(response.status).toBe(201);
    expect(await userByEmail("names@example.com")).toMatchObject({ name: "Zoë Øster-Łukasiewicz", firstName: "Zoë", lastName: "Øster-Łukasiewicz" });
  });

  it("still accepts `name` alone (older clients)", async () => {
    const response = await send("/api/auth/public/register", { name: "Alex Driver", email: "legacy@example.com", password: strongPassword, password_confirmation: strongPassword });
    expect(response.status).toBe(201);
    expect(await userByEmail("legacy@example.com")).toMatchObject({ name: "Alex Driver", firstName: null, lastName: null });
  });

  it("wants first and last name when no name is sent, and refuses names over 100 characters instead of cutting them", async () => {
    const missing = await send("/api/auth/public/register", { email: "nameless@example.com", password: strongPassword, password_confirmation: strongPassword });
    expect(missing.status).toBe(422);
    expect(await errorsOf(missing)).toMatchObject({ first_name: ["This field is required."], last_name: ["This field is required."] });
    const long = await send(
      "/api/auth/public/register",
      { first_name: "A".repeat(101), last_name: "Berger", email: "long@example.com", password: strongPassword, password_confirmation: strongPassword },
      german,
    );
    expect(long.status).toBe(422);
    expect(await errorsOf(long)).toEqual({ first_name: ["Höchstens 100 Zeichen."] });
    expect(await userByEmail("long@example.com")).toBeUndefined();
  });
});

describe("input limits say the limit", () => {
  it("names the contract's maximum in the request's language (issue 32)", async () => {
    const body = { name: "A".repeat(121), email: "limit@example.com", password: strongPassword, password_confirmation: strongPassword };
    const english = await send("/api/auth/public/register", body);
    expect(english.status).toBe(422);
    expect(await errorsOf(english)).toEqual({ name: ["This is too long: at most 120 characters."] });
    const inGerman = await send("/api/auth/public/register", body, german);
    expect(await errorsOf(inGerman)).toEqual({ name: ["Die Eingabe ist zu lang: höchstens 120 Zeichen."] });
    expect(await userByEmail("limit@example.com")).toBeUndefined();
  });
});

describe("every broken password rule is named", () => {
  it("answers each rule the password breaks, and the mismatch, at once", async () => {
    const response = await send("/api/auth/public/register", {
      first_name: "Pat",
      last_name: "Word",
      email: "password@example.com",
      password: "password",
      password_confirmation: "passwort",
    });
    expect(response.status).toBe(422);
    expect(await errorsOf(response)).toEqual({
      password: [
        "The password must have at least 10 characters.",
        "This password is too common. Please choose another one.",
        "The password must not contain your e-mail address.",
      ],
      password_confirmation: ["The passwords do not match."],
    });
  });
});

describe("reset links", () => {
  it("say whether they can still set a password: not after use, not after an hour", async () => {
    await send("/api/auth/public/register", { first_name: "Rita", last_name: "Reset", email: "rita@example.com", password: strongPassword, password_confirmation: strongPassword });
    await send("/api/auth/reset-password", { email: "rita@example.com" });
    await api.services.accounts.settled();
    const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, "rita@example.com"));
    const link = (mails.filter((mail) => mail.template === "password-reset").at(-1)?.payload as { resetUrl?: string } | undefined)?.resetUrl ?? "";
    const token = link.split("/").at(-1) ?? "";
    expect(await api.services.accounts.resetLinkUsable(token)).toBe(true);
    expect(await api.services.accounts.resetLinkUsable("x".repeat(40))).toBe(false);
    const start = clock;
    clock = new Date(start.getTime() + 61 * 60 * 1000);
    expect(await api.services.accounts.resetLinkUsable(token)).toBe(false);
    clock = start;
    const done = await send(`/api/auth/reset-password/${token}`, { password: "New-fairway-2032", password_confirmation: "New-fairway-2032" });
    expect(done.status).toBe(200);
    expect(await api.services.accounts.resetLinkUsable(token)).toBe(false);
  });
});
