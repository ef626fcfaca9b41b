import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { decodeJwt, SignJWT } from "jose";
import { jwtKey, languages } from "./support";

/** Issue 10 "Sessions that hold", in the browser: parallel tabs, and cross-site posts to /logout and /locale. */
const demoCustomer = { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" };
const text = {
  en: { email: "E-mail address", password: "Password", submit: "Log in", dashboard: "Dashboard", bookings: "My bookings", nav: "Main navigation" },
  de: { email: "E-Mail-Adresse", password: "Passwort", submit: "Anmelden", dashboard: "Übersicht", bookings: "Meine Buchungen", nav: "Hauptnavigation" },
} as const;

/** The session's access cookie (named `session`, possibly with a `__Host-` prefix behind HTTPS). */
async function accessCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((candidate) => candidate.name.replace(/^__Host-/, "") === "session");
  if (!cookie) throw new Error("no access cookie after login");
  return cookie;
}

for (const language of languages) {
  const t = text[language.locale];
  const at = (pathname: string) => `${language.prefix}${pathname}`;
  const nav = (page: Page) => page.getByRole("navigation", { name: t.nav });

  test.describe(`sessions in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    async function logIn(page: Page) {
      await page.goto(at("/login"));
      await page.getByLabel(new RegExp(`^${t.email}`)).fill(demoCustomer.email);
      await page.getByLabel(new RegExp(`^${t.password}`)).fill(demoCustomer.password);
      await page.getByRole("button", { name: t.submit, exact: true }).click();
      await expect(nav(page).getByRole("link", { name: t.dashboard })).toBeVisible();
    }

    test("three tabs loading at once with an expired access cookie all stay logged in", async ({ page, context }) => {
      await logIn(page);
      // The access token as it is an hour later: same session, expired. Only the refresh cookie can renew it.
      const cookie = await accessCookie(context);
      const claims = decodeJwt(cookie.value);
      const past = Math.floor(Date.now() / 1000) - 7200;
      const expired = await new SignJWT({ role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(claims.sub))
        .setIssuer(String(claims.iss))
        .setAudience("event-booking")
        .setIssuedAt(past)
        .setExpirationTime(past + 3600)
        .sign(jwtKey());
      await context.addCookies([{ ...cookie, value: expired }]);

      const tabs = await Promise.all([0, 1, 2].map(() => context.newPage()));
      await Promise.all(tabs.map((tab) => tab.goto(at("/dashboard"))));
      for (const tab of tabs) {
        await expect(tab).toHaveURL(new RegExp(`${at("/dashboard")}$`));
        await expect(tab.getByRole("heading", { level: 1, name: t.bookings })).toBeVisible();
      }
      // The session lives on: the theft detector did not end it, and the refresh cookie kept still renews it.
      await context.clearCookies({ name: cookie.name });
      await page.goto(at("/dashboard"));
      await expect(page.getByRole("heading", { level: 1, name: t.bookings })).toBeVisible();
    });

    test("another site cannot post to /logout or /locale; the session stays", async ({ page, context }) => {
      await logIn(page);
      const foreign = { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" };
      const logout = await context.request.post("/logout", { headers: foreign, data: "", maxRedirects: 0 });
      expect(logout.status()).toBe(403);
      const locale = await context.request.post("/locale", { headers: foreign, data: "locale=de&redirect_de=%2Fde", maxRedirects: 0 });
      expect(locale.status()).toBe(403);
      expect(locale.headers()["set-cookie"] ?? "").not.toMatch(/i18n_redirected/);
      await page.goto(at("/dashboard"));
      await expect(page.getByRole("heading", { level: 1, name: t.bookings })).toBeVisible();

      // From this site both still work.
      const own = { origin: new URL(page.url()).origin, "content-type": "application/x-www-form-urlencoded" };
      expect((await context.request.post("/logout", { headers: own, data: "", maxRedirects: 0 })).status()).toBe(302);
      await page.goto(at("/dashboard"));
      await expect(page).toHaveURL(new RegExp(`${at("/login")}\\?redirectTo=`));
    });
  });
}
