import { expect, test } from "@playwright/test";
import { totpCodeAt } from "../../server/auth/totp";
import { expectNoAxeViolations, journeyLanguages, shootPhoneAndDesktop } from "./support";
import { logInAsStaffThroughPages, newStaffMember, staffLoginLabels } from "./staff-support";

/**
 * Who gets into the back office (decision 027): staff log in with the password and the second factor
 * (enrolling with a QR code the first time); customers get the 403 page under /admin, and the
 * anonymous go to the login and come back.
 */

const texts = {
  en: {
    enrolTitle: "Set up your second factor",
    recoveryTitle: "Save your recovery codes",
    continue: "I have saved them: continue",
    codeTitle: "Enter your code",
    wrong: "This code is not right. Please enter the current code from your authenticator app.",
    tooManyCodes: "There were too many wrong codes. For your security, please log in again.",
    notFoundTitle: "Oops!",
    forbiddenTitle: "No access",
    backOffice: "Back office",
    customer: { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" },
  },
  de: {
    enrolTitle: "Zweiten Faktor einrichten",
    recoveryTitle: "Wiederherstellungscodes sichern",
    continue: "Gespeichert: weiter",
    codeTitle: "Code eingeben",
    wrong: "Dieser Code stimmt nicht. Bitte geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.",
    tooManyCodes: "Es wurden zu viele falsche Codes eingegeben. Bitte melden Sie sich zu Ihrer Sicherheit erneut an.",
    notFoundTitle: "Hoppla!",
    forbiddenTitle: "Kein Zugang",
    backOffice: "Backoffice",
    customer: { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" },
  },
} as const;

for (const language of journeyLanguages("en")) {
  const t = texts[language.locale];
  const labels = staffLoginLabels[language.locale];
  test.describe(`back office access (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("a new staff member sets up the second factor with the QR code, saves the recovery codes and is in", async ({ page, request }) => {
      const member = await newStaffMember(request, { enrolled: false, locale: language.locale });
      await page.goto(`${language.prefix}/login?redirectTo=${encodeURIComponent(`${language.prefix}/admin/nowhere`)}`);
      await page.getByLabel(labels.email).fill(member.email);
      await page.getByLabel(labels.password).fill(member.password);
      await page.getByRole("button", { name: labels.submit, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.enrolTitle })).toBeVisible();
      await expect(page.getByRole("img", { name: /QR/ })).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `second-factor-enrol-${language.locale}`);
      const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      // A wrong first code is refused under the field.
      await page.getByLabel(labels.code).fill("000000");
      await page.getByRole("button", { name: /second factor|zweiten faktor/i }).click();
      await expect(page.getByText(t.wrong)).toBeVisible();
      await page.getByLabel(labels.code).fill(await totpCodeAt(secret, new Date()));
      await page.getByRole("button", { name: /second factor|zweiten faktor/i }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.recoveryTitle })).toBeVisible();
      await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `second-factor-recovery-${language.locale}`);
      await page.getByRole("link", { name: t.continue }).click();
      // Where the login was asked for: an unknown back-office page, shown in the back office's frame.
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/admin/nowhere$`));
      await expect(page.getByRole("heading", { level: 1, name: t.notFoundTitle })).toBeVisible();
      await expect(page.getByRole("navigation", { name: t.backOffice })).toBeVisible();
    });

    test("an enrolled staff member types the code; the password alone opens nothing", async ({ page, request }) => {
      const member = await newStaffMember(request, { locale: language.locale });
      await page.goto(`${language.prefix}/login`);
      await page.getByLabel(labels.email).fill(member.email);
      await page.getByLabel(labels.password).fill(member.password);
      await page.getByRole("button", { name: labels.submit, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.codeTitle })).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `second-factor-code-${language.locale}`);
      // Five wrong codes: the password is asked again, and the login page says why (issue 32).
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await page.getByLabel(labels.code).fill("000000");
        await page.getByRole("button", { name: labels.confirm }).click();
        if (attempt < 5) await expect(page.getByText(t.wrong)).toBeVisible();
      }
      await expect(page).toHaveURL(/\/login\?expired=codes$/);
      await expect(page.getByText(t.tooManyCodes)).toBeVisible();
      // Leaving the second step without the code: the back office still refuses.
      await page.goto(`${language.prefix}/admin/nowhere`);
      await expect(page).toHaveURL(/\/login\?redirectTo=/);
      await logInAsStaffThroughPages(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin/nowhere` });
      await expect(page.getByRole("navigation", { name: t.backOffice })).toBeVisible();
      // The public pages' header leads staff to the back office.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${language.prefix}/events`);
      await expect(page.getByRole("banner").getByRole("link", { name: t.backOffice })).toHaveAttribute("href", `${language.prefix}/admin`);
    });

    test("a customer gets the 403 page everywhere under /admin; the anonymous are sent to the login", async ({ page }) => {
      const anonymous = await page.goto(`${language.prefix}/admin/nowhere`);
      expect(anonymous?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${language.prefix}/login\\?redirectTo=`));
      await page.getByLabel(labels.email).fill(t.customer.email);
      await page.getByLabel(labels.password).fill(t.customer.password);
      await page.getByRole("button", { name: labels.submit, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.forbiddenTitle })).toBeVisible();
      for (const path of ["/admin", "/admin/bookings", "/admin/staff", "/admin/nowhere"]) {
        const response = await page.goto(`${language.prefix}${path}`);
        expect(response?.status(), path).toBe(403);
        await expect(page.getByRole("heading", { level: 1, name: t.forbiddenTitle })).toBeVisible();
        await expect(page.getByRole("navigation", { name: t.backOffice })).toHaveCount(0);
      }
      await expectNoAxeViolations(page);
    });
  });
}
