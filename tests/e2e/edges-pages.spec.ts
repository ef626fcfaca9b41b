import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, journeyLanguages, linkIn, mailMatching, shootPhoneAndDesktop, uniqueEmail } from "./support";

/**
 * Issue 12's rough edges outside the booking form: category pills that all show on a phone, the
 * imprint in the phone's footer, the header's Back without history, a used or expired reset link,
 * and the registration's names (asked once) and password rules (every one shown live).
 */
const phone = { width: 390, height: 844 };
const strongPassword = "Fairway-Sunrise-2031";

const text = {
  en: {
    back: "Back",
    categoryFilter: "Filter by category",
    information: "Information",
    imprint: "Imprint.",
    imprintHeading: /Imprint/,
    linkGone: "This link can no longer be used",
    requestNew: "Request a new link",
    resetTitle: "Reset your password",
    newPassword: /^New password( \*)?$/,
    confirmNew: /^Confirm new password( \*)?$/,
    saveNew: "Save new password",
    resetDone: "Your password has been changed. You can now log in.",
    register: "Create an account",
    firstName: /^First name( \*)?$/,
    lastName: /^Last name( \*)?$/,
    name: /^Name( \*)?$/,
    email: /^E-mail address( \*)?$/,
    password: /^Password( \*)?$/,
    confirm: /^Confirm password( \*)?$/,
    submitRegister: "Create account",
    atMost100: "At most 100 characters.",
    rules: { tooShort: "at least 10 characters", tooCommon: "not to be a common password", containsEmail: "not to contain your e-mail address", mismatch: "to be entered the same twice" },
    allMet: "4 of 4 password rules met.",
    noneMet: "0 of 4 password rules met.",
    inbox: "Check your inbox",
  },
  de: {
    back: "Zurück",
    categoryFilter: "Nach Kategorie filtern",
    information: "Informationen",
    imprint: "Impressum.",
    imprintHeading: /Impressum/,
    linkGone: "Dieser Link ist nicht mehr gültig",
    requestNew: "Neuen Link anfordern",
    resetTitle: "Passwort zurücksetzen",
    newPassword: /^Neues Passwort( \*)?$/,
    confirmNew: /^Neues Passwort bestätigen( \*)?$/,
    saveNew: "Neues Passwort speichern",
    resetDone: "Ihr Passwort wurde geändert. Sie können sich jetzt anmelden.",
    register: "Konto anlegen",
    firstName: /^Vorname( \*)?$/,
    lastName: /^Nachname( \*)?$/,
    name: /^Name( \*)?$/,
    email: /^E-Mail-Adresse( \*)?$/,
    password: /^Passwort( \*)?$/,
    confirm: /^Passwort bestätigen( \*)?$/,
    submitRegister: "Konto anlegen",
    atMost100: "Höchstens 100 Zeichen.",
    rules: {
      tooShort: "mindestens 10 Zeichen",
      tooCommon: "kein verbreitetes Passwort zu sein",
      containsEmail: "nicht Ihre E-Mail-Adresse zu enthalten",
      mismatch: "zweimal gleich eingegeben zu werden",
    },
    allMet: "4 von 4 Passwortregeln erfüllt.",
    noneMet: "0 von 4 Passwortregeln erfüllt.",
    inbox: "Bitte prüfen Sie Ihr Postfach",
  },
} as const;

for (const language of journeyLanguages("de")) {
  const t = text[language.locale];
  const at = (path: string) => `${language.prefix}${path}`;
  const rule = (page: Page, name: string) => page.getByTestId("password-rules").getByRole("listitem").filter({ hasText: name });

  test.describe(`rough edges in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage }, viewport: phone });

    test("phone: every category pill shows (they wrap) and each is reached with the keyboard", async ({ page }) => {
      await page.goto(at("/events"));
      await hydrated(page);
      const filter = page.getByRole("navigation", { name: t.categoryFilter });
      const pills = filter.getByRole("link");
      expect(await pills.count()).toBeGreaterThan(2);
      for (const pill of await pills.all()) {
        await expect(pill).toBeInViewport({ ratio: 1 });
        const box = await pill.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(phone.width);
      }
      // Nothing scrolls sideways, so nothing is hidden behind the edge.
      expect(await filter.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await pills.first().focus();
      await page.keyboard.press("Tab");
      await expect(pills.nth(1)).toBeFocused();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `edges-pills-${language.locale}`);
    });

    test("phone: the imprint is in the footer, and leads to its page", async ({ page }) => {
      await page.goto(at("/events"));
      const footerPages = page.getByRole("region", { name: t.information });
      const imprint = footerPages.getByRole("link", { name: t.imprint });
      await expect(imprint).toBeVisible();
      await imprint.click();
      await expect(page.getByRole("heading", { level: 1, name: t.imprintHeading })).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `edges-imprint-${language.locale}`);
    });

    test("the header's Back on a page opened directly leads to the events list; with history it goes back", async ({ page }) => {
      const consoleClean = failOnConsoleErrors(page);
      await page.goto(at("/reset-password"));
      await hydrated(page);
      const back = page.getByRole("navigation").first().getByRole("link", { name: t.back });
      await expect(back).toHaveAttribute("href", at("/events"));
      await back.click();
      await expect(page).toHaveURL(new RegExp(`${at("/events")}$`));
      // From there on the site has history: Back returns to the page before (the home page, not the list).
      // Both pages are served without hydration (decision 056): Back is a link its inline script sends back.
      await page.goto(at("/"));
      const home = page.url();
      await hydrated(page);
      await page.getByRole("region", { name: t.information }).getByRole("link", { name: t.imprint }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.imprintHeading })).toBeVisible();
      await hydrated(page);
      await page.getByRole("banner").locator("a, button").filter({ hasText: t.back }).click();
      await expect(page).toHaveURL(home);
      consoleClean();
    });

    test("a used or expired reset link offers a new link instead of the form", async ({ page }) => {
      test.slow();
      // An unknown or expired link.
      await page.goto(at("/reset-password/0123456789abcdefghijklmnopqrstuv"));
      await expect(page.getByRole("heading", { level: 1, name: t.linkGone })).toBeVisible();
      await expect(page.getByLabel(t.newPassword)).toHaveCount(0);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `edges-reset-link-gone-${language.locale}`);
      await page.getByRole("link", { name: t.requestNew }).click();
      await expect(page).toHaveURL(new RegExp(`${at("/reset-password")}$`));
      await expect(page.getByRole("heading", { level: 1, name: t.resetTitle })).toBeVisible();

      // A link that has been used.
      const email = uniqueEmail(`edges-reset-${language.locale}`);
      const registered = await page.request.post("/api/auth/public/register", {
        data: { first_name: "Rita", last_name: "Reset", email, password: strongPassword, password_confirmation: strongPassword },
      });
      expect(registered.status()).toBe(201);
      expect((await page.request.post("/api/auth/reset-password", { data: { email } })).status()).toBe(200);
      // The verification mail may be written after the request too: wait for the reset mail by its subject.
      const link = linkIn(await mailMatching(email, /Reset your password|Setzen Sie Ihr Passwort zurück/), /http:\/\/\S+\/reset-password\/[\w-]+/);
      await page.goto(new URL(link).pathname.replace(/^\/de\//, "/").replace(/^\//, `${language.prefix}/`));
      await page.getByLabel(t.newPassword).fill("Brand-new-fairway-2040");
      await page.getByLabel(t.confirmNew).fill("Brand-new-fairway-2040");
      await page.getByRole("button", { name: t.saveNew }).click();
      await expect(page.getByText(t.resetDone)).toBeVisible();
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: t.linkGone })).toBeVisible();
      await expect(page.getByRole("link", { name: t.requestNew })).toHaveAttribute("href", at("/reset-password"));
    });

    test("registration asks first and last name once, shows every password rule live, refuses names over 100 characters", async ({ page }) => {
      test.slow();
      await page.goto(at("/register"));
      await hydrated(page);
      await expect(page.getByLabel(t.firstName)).toHaveAttribute("required", "");
      await expect(page.getByLabel(t.lastName)).toHaveAttribute("required", "");
      await expect(page.getByLabel(t.name)).toHaveCount(0);

      // Every rule the password breaks shows as not met, not only the mismatch; a screen reader hears the count.
      await page.getByLabel(t.email).fill("password@example.com");
      await page.getByLabel(t.password).fill("password");
      await page.getByLabel(t.confirm).fill("passwort");
      for (const name of Object.values(t.rules)) await expect(rule(page, name)).toHaveAttribute("data-state", "unmet");
      await expect(page.getByTestId("password-rules-status")).toHaveText(t.noneMet);
      await expect(page.getByTestId("password-rules-status")).toHaveAttribute("role", "status");
      await expect(page.getByLabel(t.password)).toHaveAccessibleDescription(new RegExp(t.rules.tooShort));
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `edges-register-rules-${language.locale}`);
      await page.setViewportSize(phone);

      await page.getByLabel(t.password).fill(strongPassword);
      await page.getByLabel(t.confirm).fill(strongPassword);
      for (const name of Object.values(t.rules)) await expect(rule(page, name)).toHaveAttribute("data-state", "met");
      await expect(page.getByTestId("password-rules-status")).toHaveText(t.allMet);

      // A pasted name over 100 characters is kept and refused with a message.
      const longName = "Maximiliane-Wilhelmine ".repeat(5).trim();
      await page.getByLabel(t.firstName).fill(longName);
      await page.getByLabel(t.lastName).fill("Berger");
      await page.getByLabel(t.email).fill(uniqueEmail(`edges-register-${language.locale}`));
      await page.getByRole("button", { name: t.submitRegister }).click();
      await expect(page.getByLabel(t.firstName)).toHaveAccessibleDescription(t.atMost100);
      await expect(page.getByLabel(t.firstName)).toHaveValue(longName);
      await expectNoAxeViolations(page);
      await page.getByLabel(t.firstName).fill("Maximiliane");
      await page.getByRole("button", { name: t.submitRegister }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.inbox })).toBeVisible();
    });
  });
}
