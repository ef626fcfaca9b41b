import { expect, test } from "@playwright/test";
import { fillGolfBookingUpToPayment, maxMustermann, participantLabels } from "./booking-steps";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, languages, latestMail, linkIn, pdfText, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * Issue 31, discount codes (decision 079), in both languages: staff create a code in the back office,
 * a customer enters an unknown code (refused with its reason, nothing changed) and then the code on the
 * review step, sees the discount line, books, and finds the discount on the manage page and the invoice.
 */
const text = {
  en: {
    nav: "Discount codes",
    newCode: "New code",
    code: "Code",
    amount: "Amount",
    value: "Value",
    usageLimit: "Uses in all",
    create: "Create code",
    created: (code: string) => `Code ${code} created.`,
    apply: "Apply code",
    unknown: "We do not know this code. Please check how it is spelt.",
    applied: (code: string) => `Code ${code} is applied: €50.00 off.`,
    discountLine: (code: string) => `Discount (${code})`,
    minus: "-€50.00",
    invoiceLine: (code: string) => `Voucher ${code}`,
    invoice: "Invoice (bank transfer)",
    thanks: "Thank you for your booking!",
    deactivate: "Deactivate",
    deactivated: (code: string) => `Code ${code} deactivated.`,
  },
  de: {
    nav: "Rabattcodes",
    newCode: "Neuer Code",
    code: "Code",
    amount: "Betrag",
    value: "Wert",
    usageLimit: "Einlösungen insgesamt",
    create: "Code anlegen",
    created: (code: string) => `Code ${code} angelegt.`,
    apply: "Code einlösen",
    unknown: "Diesen Code kennen wir nicht. Bitte prüfen Sie die Schreibweise.",
    applied: (code: string) => `Code ${code} ist eingelöst: 50,00 € Nachlass.`,
    discountLine: (code: string) => `Rabatt (${code})`,
    minus: "-50,00 €",
    invoiceLine: (code: string) => `Gutschein ${code}`,
    invoice: "Rechnung (Überweisung)",
    thanks: "Vielen Dank für Ihre Buchung!",
    deactivate: "Deaktivieren",
    deactivated: (code: string) => `Code ${code} deaktiviert.`,
  },
} as const;

for (const language of languages) {
  const t = { ...participantLabels[language.locale], ...text[language.locale] };
  test.describe(`discount codes (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff create a code; a customer uses it on the review step and finds it on the manage page and the invoice", async ({ page, browser }) => {
      test.slow();
      const code = `SPRING-${Date.now().toString(36).toUpperCase()}`;
      const staff = await newStaffMember(page.request, { locale: language.locale });
      await logInAsStaff(page, staff, { locale: language.locale, redirectTo: `${language.prefix}/admin` });
      await page.getByRole("navigation", { name: /Back office|Backoffice/ }).getByRole("link", { name: t.nav }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.nav })).toBeVisible();
      await page.getByRole("link", { name: t.newCode }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.newCode })).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-voucher-form-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByLabel(t.code, { exact: true }).fill(code.toLowerCase());
      await page.getByRole("radio", { name: t.amount }).check();
      await page.getByLabel(t.value).fill("50");
      await page.getByLabel(t.usageLimit).fill("5");
      await page.getByRole("button", { name: t.create }).click();
      await expect(page.getByText(t.created(code))).toBeVisible();
      const row = page.getByRole("row", { name: new RegExp(code) });
      await expect(row).toContainText("0");
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-vouchers-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // The customer, in a browser of their own.
      const customer = await browser.newContext({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });
      const shop = await customer.newPage();
      // The refused code is answered 409 (the reason beside the field), which the browser logs as a failed resource.
      const consoleClean = failOnConsoleErrors(shop, [/status of 409/]);
      const email = uniqueEmail(`voucher-${language.locale}`);
      await fillGolfBookingUpToPayment(shop, language.locale, language.prefix, maxMustermann(email));
      await shop.getByRole("radio", { name: t.invoice }).check();
      await shop.getByRole("button", { name: t.toReview }).click();
      await expect(shop).toHaveURL(/\?page=review$/);
      await hydrated(shop);
      const summary = shop.getByTestId("price-summary");
      const totalBefore = await summary.locator("div", { hasText: /^(Total|Gesamt)/ }).locator("dd").textContent();

      // An unknown code: refused with its reason beside the field; the price is as it was.
      await shop.getByLabel(t.code, { exact: true }).fill("NO-SUCH-CODE");
      await shop.getByRole("button", { name: t.apply }).click();
      await expect(shop.getByText(t.unknown)).toBeVisible();
      await expect(shop.getByLabel(t.code, { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(summary).not.toContainText(t.discountLine(code));

      // The staff's code, typed in lower case.
      await shop.getByLabel(t.code, { exact: true }).fill(code.toLowerCase());
      await shop.getByRole("button", { name: t.apply }).click();
      await expect(shop.getByText(t.applied(code))).toBeVisible();
      await expect(summary).toContainText(t.discountLine(code));
      await expect(summary).toContainText(t.minus);
      expect(await summary.locator("div", { hasText: /^(Total|Gesamt)/ }).locator("dd").textContent()).not.toBe(totalBefore);
      await expectNoAxeViolations(shop);
      await shootPhoneAndDesktop(shop, `review-voucher-${language.locale}`);
      await shop.setViewportSize({ width: 1280, height: 900 });

      await shop.getByRole("button", { name: t.submit }).click();
      await expect(shop.getByRole("heading", { level: 1, name: t.thanks })).toBeVisible();
      const bookingUuid = new URL(shop.url()).searchParams.get("booking") ?? "";

      // The invoice PDF has the discount line.
      const response = await shop.request.get(`${language.prefix}/invoice/${bookingUuid}`);
      expect(response.status()).toBe(200);
      const extracted = (await pdfText(await response.body())).replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "").replace(/\s+/g, " ");
      expect(extracted).toContain(t.invoiceLine(code));

      // The manage page, from the confirmation's private link.
      const mail = await latestMail(email);
      const managePath = new URL(linkIn(mail, /https?:\/\/\S+\/my-booking\/[0-9a-f-]{36}\.0\.[A-Za-z0-9_-]{43}/)).pathname;
      await shop.goto(managePath);
      await expect(shop.getByTestId("discount-line")).toContainText(t.discountLine(code));
      await expect(shop.getByTestId("discount-line")).toContainText(t.minus);
      consoleClean();
      await customer.close();

      // Back office: the code counts its use, and is deactivated.
      await page.reload();
      await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText(/1 (of|von) 5/);
      await page.getByRole("button", { name: `${t.deactivate}: ${code}` }).click();
      await expect(page.getByText(t.deactivated(code))).toBeVisible();
    });
  });
}

test.describe("a discount code without JavaScript", () => {
  test.use({ javaScriptEnabled: false, locale: "en-GB", extraHTTPHeaders: { "Accept-Language": "en-GB,en;q=0.9" } });

  test("is applied and refused by plain form posts on the review step", async ({ page }) => {
    const t = { ...participantLabels.en, ...text.en };
    const code = `NOJS-${Date.now().toString(36).toUpperCase()}`;
    const created = await page.request.post("/__test/vouchers", { data: { code, amountCents: 5000 } });
    expect(created.status()).toBe(201);
    await fillGolfBookingUpToPayment(page, "en", "", maxMustermann(uniqueEmail("voucher-nojs")));
    await page.getByRole("radio", { name: t.invoice }).check();
    await page.getByRole("button", { name: t.toReview }).click();
    await expect(page).toHaveURL(/\?page=review$/);
    await page.getByLabel(t.code, { exact: true }).fill("NO-SUCH-CODE");
    await page.getByRole("button", { name: t.apply }).click();
    await expect(page.getByText(t.unknown)).toBeVisible();
    await page.getByLabel(t.code, { exact: true }).fill(code);
    await page.getByRole("button", { name: t.apply }).click();
    await expect(page.getByText(t.applied(code))).toBeVisible();
    await expect(page.getByTestId("price-summary")).toContainText(t.discountLine(code));
    await page.getByRole("button", { name: "Remove code" }).click();
    await expect(page.getByTestId("price-summary")).not.toContainText(t.discountLine(code));
  });
});
