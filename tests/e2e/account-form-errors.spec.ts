import { expect, test, type Page } from "@playwright/test";
import { logIn as logInOverHttp } from "./booking-steps";
import { countPosts, expectNoAxeViolations, hydrated, languages, shootPhoneAndDesktop } from "./support";

/**
 * The account forms check their fields in the browser before posting, with the same schema and the
 * same catalogue texts as the server (decision 016); without JavaScript the server answers with the
 * very same errors. Screenshots of the errors on a phone and a desktop go to test-results.
 */
const demoCustomer = { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" };

const text = {
  en: {
    email: "E-mail address",
    password: "Password",
    oldPassword: "Current password",
    newPassword: "New password",
    submitLogin: "Log in",
    changePassword: "Change password",
    required: "This field is required.",
    invalidEmail: "Please enter a valid e-mail address.",
  },
  de: {
    email: "E-Mail-Adresse",
    password: "Passwort",
    oldPassword: "Aktuelles Passwort",
    newPassword: "Neues Passwort",
    submitLogin: "Anmelden",
    changePassword: "Passwort ändern",
    required: "Dieses Feld ist erforderlich.",
    invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  },
} as const;

for (const language of languages) {
  const t = text[language.locale];
  const at = (path: string) => `${language.prefix}${path}`;
  const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

  /** Without JavaScript, through the login page's own form post. */
  async function logIn(page: Page) {
    await page.goto(at("/login"));
    await field(page, t.email).fill(demoCustomer.email);
    await field(page, t.password).fill(demoCustomer.password);
    await page.getByRole("button", { name: t.submitLogin, exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
  }

  test.describe(`account form errors in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("login: the localized errors show before anything is posted", async ({ page }) => {
      await page.goto(at("/login"));
      await hydrated(page);
      const posts = countPosts(page);
      await page.getByRole("button", { name: t.submitLogin, exact: true }).click();
      await expect(field(page, t.email)).toHaveAccessibleDescription(t.required);
      await expect(field(page, t.email)).toHaveAttribute("aria-invalid", "true");
      await expect(field(page, t.password)).toHaveAccessibleDescription(t.required);
      // Typing replaces the error with what the field now lacks.
      await field(page, t.email).fill("not-an-address");
      await expect(field(page, t.email)).toHaveAccessibleDescription(t.invalidEmail);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `login-${language.locale}`);
      expect(posts).toEqual([]);
    });

    test("settings: the password form's localized errors show before anything is posted", async ({ page }) => {
      await logInOverHttp(page, language.prefix, demoCustomer);
      await page.goto(at("/settings"));
      await hydrated(page);
      const posts = countPosts(page);
      const section = page.getByRole("region", { name: t.changePassword, exact: true });
      await section.getByRole("button", { name: t.changePassword }).click();
      await expect(field(page, t.newPassword)).toHaveAccessibleDescription(new RegExp(`^${t.required}`));
      await field(page, t.newPassword).fill("Brand-new-fairway-2040");
      await expect(section.getByLabel(new RegExp(`^${t.oldPassword}`))).toHaveAccessibleDescription(t.required);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `settings-${language.locale}`);
      expect(posts).toEqual([]);
    });

    test("without JavaScript the server answers with the same errors", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });
      const page = await context.newPage();
      await page.goto(at("/login"));
      await field(page, t.email).fill("not-an-address");
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: t.submitLogin, exact: true }).click();
      expect((await answer).status()).toBe(422);
      await expect(field(page, t.email)).toHaveAccessibleDescription(t.invalidEmail);
      await expect(field(page, t.email)).toHaveValue("not-an-address");
      await expect(field(page, t.password)).toHaveAccessibleDescription(t.required);
      await shootPhoneAndDesktop(page, `login-nojs-${language.locale}`);

      await logIn(page);
      await page.goto(at("/settings"));
      const section = page.getByRole("region", { name: t.changePassword, exact: true });
      await field(page, t.newPassword).fill("Brand-new-fairway-2040");
      await section.getByRole("button", { name: t.changePassword }).click();
      await expect(section.getByLabel(new RegExp(`^${t.oldPassword}`))).toHaveAccessibleDescription(t.required);
      // A password is never sent back into the page.
      await expect(field(page, t.newPassword)).toHaveValue("");
      await shootPhoneAndDesktop(page, `settings-nojs-${language.locale}`);
      await context.close();
    });
  });
}
