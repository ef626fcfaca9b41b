import { describe, expect, it } from "vitest";
import { locales, type Locale } from "../../core/i18n/locales";
import { emailCatalogues, emailMessageSchema, renderEmail, type EmailMessage } from "../../server/email";

const link = "https://booking.example.test/register/tok_4f8a2c";
const messages: EmailMessage[] = [
  { template: "verify-email", payload: { name: "Ada Lovelace", verifyUrl: link } },
  { template: "password-reset", payload: { name: "Ada Lovelace", resetUrl: link, expiresInMinutes: 60 } },
  { template: "account-deleted", payload: { name: "Ada Lovelace" } },
];

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe("renderEmail", () => {
  for (const message of messages) {
    for (const locale of locales) {
      it(`renders ${message.template} in ${locale} with subject, HTML and plain text`, async () => {
        const email = await renderEmail(message, locale);
        expect(email.subject).toBe(emailCatalogues[locale][catalogueKey(message)].subject);
        expect(email.html).toContain(`lang="${locale}"`);
        expect(email.html).toContain("Ada Lovelace");
        expect(email.html).toContain("#0b1630");
        expect(email.text).toContain("Ada Lovelace");
        expect(email.text).toContain("Trackside & Fairway Events");
        expect(email.text).not.toMatch(/<[a-z]/i);
        if (message.template !== "account-deleted") {
          expect(email.html).toContain(`href="${link}"`);
          expect(email.text).toContain(link);
        }
      });
    }
  }

  it("speaks the recipient's language and says what each mail must say", async () => {
    const verify = { en: await renderEmail(messages[0]!, "en"), de: await renderEmail(messages[0]!, "de") };
    expect(verify.en.subject).toBe("Confirm your e-mail address");
    expect(verify.de.subject).toBe("Bitte bestätigen Sie Ihre E-Mail-Adresse");
    expect(verify.en.text).toContain("48 hours");
    expect(verify.de.text).toContain("48 Stunden");

    const reset = await renderEmail(messages[1]!, "de");
    expect(reset.text).toContain("60 Minuten");
    expect(reset.text).toMatch(/ignorieren/);
    const oneMinute = await renderEmail({ template: "password-reset", payload: { name: "A", resetUrl: link, expiresInMinutes: 1 } }, "en");
    expect(oneMinute.text).toContain("valid for 1 minute and");
    expect((await renderEmail(messages[1]!, "en")).text).toMatch(/did not ask for this, you can ignore/);

    const deleted = await renderEmail(messages[2]!, "en");
    expect(deleted.text).toMatch(/cannot be undone/);
    expect((await renderEmail(messages[2]!, "de")).text).toMatch(/nicht rückgängig/);
  });

  it("escapes names in HTML", async () => {
    const email = await renderEmail({ template: "account-deleted", payload: { name: "<script>alert(1)</script>" } }, "en");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });

  it("rejects payloads that do not fit the template", () => {
    expect(emailMessageSchema.safeParse({ template: "verify-email", payload: { name: "A", verifyUrl: "javascript:alert(1)" } }).success).toBe(false);
    expect(emailMessageSchema.safeParse({ template: "password-reset", payload: { name: "A", resetUrl: link } }).success).toBe(false);
    expect(emailMessageSchema.safeParse({ template: "newsletter", payload: {} }).success).toBe(false);
  });
});

describe("e-mail catalogues", () => {
  it("have the same keys in both languages, none empty", () => {
    expect(keysOf(emailCatalogues.de).sort()).toEqual(keysOf(emailCatalogues.en).sort());
    for (const locale of locales) {
      for (const key of keysOf(emailCatalogues[locale])) {
        const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], emailCatalogues[locale]);
        expect(typeof value === "string" && value.trim().length > 0, `${locale}: ${key}`).toBe(true);
      }
    }
  });
});

function catalogueKey(message: EmailMessage): Exclude<keyof (typeof emailCatalogues)[Locale], "layout"> {
  switch (message.template) {
    case "verify-email":
      return "verifyEmail";
    case "password-reset":
      return "passwordReset";
    case "account-deleted":
      return "accountDeleted";
  }
}
