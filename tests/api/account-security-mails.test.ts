import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tokenResponseSchema, userResponseSchema } from "../../core/contracts/auth";
import { errorResponseSchema } from "../../core/contracts/errors";
import type { DatabaseHandle } from "../../server/db/client";
import { outboxEmails, users } from "../../server/db/schema";
import { parseEmailMessage } from "../../server/deps/email-messages";
import { renderEmail } from "../../server/email";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/** Issue 32: a changed password is told to the account; deleting the profile asks for the password. */
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
const clock = new Date("2026-11-29T09:15:00.000Z");

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database, { now: () => clock });
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  const { limits } = api.services.accounts;
  for (const limiter of [limits.registerPerIp, limits.loginPerIp, limits.resetPerIp]) limiter.reset("local");
});

const strongPassword = "Fairway-Sunrise-2031";
const german = { "accept-language": "de-DE" };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return api.app.request(path, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
async function mailsTo(email: string, template: string) {
  const rows = await database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.template, template)));
  return rows;
}
async function registerAndVerify(email: string) {
  expect(
    (
      await send("POST", "/api/auth/public/register", {
        first_name: "Hanna",
        last_name: "Hofmann",
        email,
        password: strongPassword,
        password_confirmation: strongPassword,
      })
    ).status,
  ).toBe(201);
  const [verify] = await mailsTo(email, "verify-email");
  const token = ((verify?.payload as { verifyUrl?: string }).verifyUrl ?? "").split("/").at(-1) ?? "";
  const session = tokenResponseSchema.parse(await (await api.get(`/api/auth/public/verify/${token}`)).json());
  const me = userResponseSchema.parse(await (await api.get("/api/auth/user", bearer(session.access_token))).json()).data;
  return { session, me };
}
async function rendered(row: { template: string; payload: unknown; locale: "en" | "de" }) {
  return renderEmail(parseEmailMessage(row), row.locale);
}

describe("a changed password sends a security notice", () => {
  it("after a change in the settings, to the account, in the page's language, with the way to reset it", async () => {
    const { session, me } = await registerAndVerify("notice@example.com");
    expect(await mailsTo("notice@example.com", "password-changed")).toHaveLength(0);
    const changed = await send(
      "PUT",
      `/api/settings/user/${me.uuid}`,
      { name: me.name, email: me.email, old_password: strongPassword, password: "Brand-new-pass-2040", password_confirmation: "Brand-new-pass-2040" },
      bearer(session.access_token),
    );
    expect(changed.status).toBe(200);
    const [notice] = await mailsTo("notice@example.com", "password-changed");
    expect(notice).toBeDefined();
    if (!notice) return;
    const mail = await rendered(notice);
    expect(mail.subject).toBe("Your password was changed");
    expect(mail.text).toContain("was changed on 29 November 2026 at 10:15 CET");
    expect(mail.text).toContain("If this was not you, reset your password now");
    expect(mail.html).toContain('href="http://site.test/reset-password"');
    // A profile change without a new password sends none.
    const again = tokenResponseSchema.parse(
      await (await send("POST", "/api/auth/public/login", { email: "notice@example.com", password: "Brand-new-pass-2040" })).json(),
    );
    expect((await send("PUT", `/api/settings/user/${me.uuid}`, { name: "Hanna H.", email: me.email }, bearer(again.access_token))).status).toBe(200);
    expect(await mailsTo("notice@example.com", "password-changed")).toHaveLength(1);
  });

  it("after a new password through the reset link, in German", async () => {
    await registerAndVerify("reset-notice@example.com");
    await send("POST", "/api/auth/reset-password", { email: "reset-notice@example.com" }, german);
    // The reset mail is written after the answer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [reset] = await mailsTo("reset-notice@example.com", "password-reset");
    const token = ((reset?.payload as { resetUrl?: string } | undefined)?.resetUrl ?? "").split("/").at(-1) ?? "";
    const done = await send("POST", `/api/auth/reset-password/${token}`, { password: "New-fairway-2032", password_confirmation: "New-fairway-2032" }, german);
    expect(done.status).toBe(200);
    const [notice] = await mailsTo("reset-notice@example.com", "password-changed");
    expect(notice?.locale).toBe("de");
    if (!notice) return;
    const mail = await rendered(notice);
    expect(mail.subject).toBe("Ihr Passwort wurde geändert");
    expect(mail.text).toContain("wurde am 29. November 2026 um 10:15 MEZ geändert");
    expect(mail.html).toContain('href="http://site.test/de/reset-password"');
  });
});

describe("deleting the profile asks for the current password", () => {
  it("refuses a missing or wrong password with a localized 422 and deletes nothing; the right one deletes", async () => {
    const { session, me } = await registerAndVerify("leaver@example.com");
    const path = `/api/settings/user/${me.uuid}`;
    const missing = await send("DELETE", path, {}, { ...bearer(session.access_token), ...german });
    expect(missing.status).toBe(422);
    expect(errorResponseSchema.parse(await missing.json()).errors).toEqual({ password: ["Dieses Feld ist erforderlich."] });
    const wrong = await send("DELETE", path, { password: "Not-my-password-1" }, bearer(session.access_token));
    expect(wrong.status).toBe(422);
    expect(errorResponseSchema.parse(await wrong.json()).errors).toEqual({ password: ["The current password is not correct."] });
    const wrongDe = await send("DELETE", path, { password: "Not-my-password-1" }, { ...bearer(session.access_token), ...german });
    expect(errorResponseSchema.parse(await wrongDe.json()).errors).toEqual({ password: ["Das aktuelle Passwort ist nicht korrekt."] });
    expect(await database.db.select().from(users).where(eq(users.id, me.uuid))).toHaveLength(1);
    expect(await mailsTo("leaver@example.com", "account-deleted")).toHaveLength(0);

    const deleted = await send("DELETE", path, { password: strongPassword }, bearer(session.access_token));
    expect(deleted.status).toBe(200);
    expect(await database.db.select().from(users).where(eq(users.id, me.uuid))).toHaveLength(0);
    expect(await mailsTo("leaver@example.com", "account-deleted")).toHaveLength(1);
  });
});
