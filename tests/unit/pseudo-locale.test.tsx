import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, data, useRouteError } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorPage } from "../../app/components/error-page";
import { LanguageSelect } from "../../app/components/language-select";
import { i18nFor, namespaces } from "../../core/i18n/i18n";
import type * as LocaleList from "../../core/i18n/locale-list";
import { isLocale, localizePath, type Locale } from "../../core/i18n/locales";
import { renderEmail } from "../../server/email";
import { renderInvoicePdf, type InvoiceData } from "../../server/invoices/render-invoice-pdf";

/**
 * A third language is its catalogue files plus one entry in the locale list. This test adds exactly
 * that for a pseudo-locale `xx`: the entry (by mocking core/i18n/locale-list.ts) and the files
 * (written from the English catalogues with every text transformed), then renders a page, an e-mail
 * and an invoice PDF in it through the real code.
 */
vi.mock("../../core/i18n/locale-list", async (importOriginal) => {
  const actual = await importOriginal<typeof LocaleList>();
  return { localeDefinitions: { ...actual.localeDefinitions, xx: { intlTag: "en-GB", nativeName: "Pseudo" } } };
});

const pseudoLocale = "xx" as Locale;
const directory = path.join(import.meta.dirname, "../../core/i18n/locales");
const accented: Record<string, string> = { a: "á", e: "é", i: "í", o: "ö", u: "ü", A: "Á", E: "É", I: "Í", O: "Ö", U: "Ü" };

/** `Hello {{name}},` → `[Héllö {{name}},]`: placeholders untouched, so the text still fills in. */
function pseudo(text: string): string {
  const parts = text.split(/(\{\{\s*\w+\s*\}\})/);
  return `[${parts.map((part, index) => (index % 2 === 1 ? part : part.replace(/[aeiouAEIOU]/g, (vowel) => accented[vowel]!))).join("")}]`;
}

function transform(value: unknown): unknown {
  if (typeof value === "string") return pseudo(value);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, transform(child)]));
}

function english(namespace: string): Record<string, Record<string, string>> {
  return JSON.parse(readFileSync(path.join(directory, "en", `${namespace}.json`), "utf8")) as Record<string, Record<string, string>>;
}

beforeAll(() => {
  mkdirSync(path.join(directory, "xx"), { recursive: true });
  for (const namespace of namespaces) {
    writeFileSync(path.join(directory, "xx", `${namespace}.json`), JSON.stringify(transform(english(namespace)), null, 2));
  }
});

afterAll(() => {
  rmSync(path.join(directory, "xx"), { recursive: true, force: true });
});

async function pdfText(buffer: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(buffer), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      for (const item of content.items) if ("str" in item) texts.push(item.str);
    }
    return texts.join(" ").replace(/\s+/g, " ");
  } finally {
    await pdf.destroy();
  }
}

describe("a pseudo-locale added with its catalogue files and one locale-list entry", () => {
  it("is a locale of the site, with its own path prefix", () => {
    expect(isLocale("xx")).toBe(true);
    expect(localizePath("/events", pseudoLocale)).toBe("/xx/events");
  });

  it("renders a page in it", () => {
    function Boundary() {
      return <ErrorPage error={useRouteError()} />;
    }
    const Stub = createRoutesStub([
      {
        path: "/xx",
        loader: () => {
          throw data(null, { status: 404 });
        },
        Component: () => null,
        ErrorBoundary: () => (
          <I18nextProvider i18n={i18nFor(pseudoLocale)}>
            <Boundary />
            <LanguageSelect locale={pseudoLocale} />
          </I18nextProvider>
        ),
      },
    ]);
    const html = renderToString(
      <Stub initialEntries={["/xx"]} hydrationData={{ errors: { 0: { status: 404, statusText: "", internal: false, data: null } } }} />,
    );
    expect(html).toContain(pseudo(english("common").error!.notFoundTitle!));
    expect(html).toContain(pseudo(english("common").footer!.language!));
    expect(html).toContain('<option value="xx" lang="xx"');
    expect(html).toContain(">Pseudo</option>");
  });

  it("renders an e-mail in it", async () => {
    const email = await renderEmail({ template: "password-reset", payload: { name: "Ada Lovelace", resetUrl: "https://example.com/r", expiresInMinutes: 1 } }, pseudoLocale);
    const texts = english("email");
    expect(email.subject).toBe(pseudo(texts.passwordReset!.subject!));
    expect(email.html).toContain('lang="xx"');
    expect(email.text).toContain(pseudo(texts.layout!.greeting!).replace("{{name}}", "Ada Lovelace"));
    expect(email.text).toContain(pseudo(texts.passwordReset!.expiry_one!).replace("{{count}}", "1"));
  });

  it("renders an invoice PDF in it", async () => {
    const invoice: InvoiceData = {
      locale: pseudoLocale,
      invoiceNumber: "INV-2026-000900",
      issuedOn: "2026-05-04",
      bookingCode: "TD-PSEUDO",
      operator: { company: "Trackside & Fairway Events GmbH", street: "Königsallee 12", zip: "40212", city: "Düsseldorf", country: "DE", email: "info@example.com" },
      bank: { accountHolder: "Trackside & Fairway Events GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX", bankName: "Commerzbank" },
      customer: { name: "Emily Carter", street: "14 Silverstone Road", postcode: "NN12 8TN", city: "Towcester", country: "GB" },
      event: { title: "Autumn Track Days", startsOn: "2026-11-20", endsOn: "2026-11-22", location: "Nürburgring" },
      lines: [{ label: "Driver place", quantity: 2, unitCents: 10800, totalCents: 21600 }],
      totalCents: 21600,
      depositCents: 21600,
      depositDueOn: "2026-05-11",
      remainderCents: 0,
      remainderDueOn: null,
      paidCents: 0,
    };
    const text = await pdfText(await renderInvoicePdf(invoice));
    const texts = english("invoice") as unknown as Record<string, string>;
    expect(text).toContain(`${pseudo(texts.documentTitle!)} INV-2026-000900`);
    expect(text).toContain(pseudo(texts.total!));
    expect(text).toContain(pseudo(texts.transferNote!).replace("{{code}}", "TD-PSEUDO"));
  });
});
