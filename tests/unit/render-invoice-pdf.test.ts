import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { renderInvoicePdf, type InvoiceData } from "../../server/invoices/render-invoice-pdf";
import { testOperator } from "../support/invoice-fixtures";

const operator = testOperator;

const englishInvoice: InvoiceData = {
  locale: "en",
  invoiceNumber: "INV-2026-000123",
  issuedOn: "2026-05-04",
  bookingCode: "TD-7K4M2Q",
  operator,
  bank: { accountHolder: "Trackside & Fairway Events GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX", bankName: "Commerzbank" },
  customer: {
    name: "Emily Carter",
    company: "Carter Motorsport Ltd",
    street: "14 Silverstone Road",
    addressLine2: "Unit 3",
    postcode: "NN12 8TN",
    city: "Towcester",
    country: "GB",
    vatId: "GB999999973",
  },
  event: { title: "Autumn Track Days", startsOn: "2026-11-20", endsOn: "2026-11-22", location: "Nürburgring" },
  lines: [
    { label: "Driver place", quantity: 2, unitCents: 10800, totalCents: 21600 },
    { label: "Non-playing companion", quantity: 1, unitCents: 4500, totalCents: 4500 },
  ],
  totalCents: 26100,
  depositCents: 6525,
  depositDueOn: "2026-05-11",
  remainderCents: 19575,
  remainderDueOn: "2026-10-21",
  paidCents: 0,
};

const germanInvoice: InvoiceData = {
  ...englishInvoice,
  locale: "de",
  invoiceNumber: "INV-2026-000124",
  bookingCode: "TD-9P3X8R",
  customer: {
    name: "Jörg Müller",
    company: null,
    street: "Maximilianstraße 7",
    addressLine2: null,
    postcode: "80539",
    city: "München",
    country: "DE",
    vatId: null,
  },
  lines: [
    { label: "Golfspielende Begleitperson", quantity: 1, unitCents: 10800, totalCents: 10800 },
    { label: "Übernachtung Doppelzimmer „Schloss“", quantity: 2, unitCents: 12950, totalCents: 25900 },
  ],
  totalCents: 36700,
  depositCents: 9175,
  depositDueOn: "2026-11-22",
  remainderCents: 27525,
  remainderDueOn: "2027-01-15",
  paidCents: 9175,
};

type PdfContents = { text: string; lines: string[]; pages: number; title: unknown; author: unknown };

/**
 * Extracts every page's text as lines (items sharing a baseline, joined by spaces) so tests can tell an
 * address block from a run-on line. `text` is all lines in one string. Whitespace, including the U+00A0
 * of de-DE money, becomes single spaces.
 */
async function readPdf(buffer: Buffer): Promise<PdfContents> {
  // The legacy build runs its worker in-process on Node ("fake worker"), so no worker setup is needed.
  const pdf = await getDocument({ data: new Uint8Array(buffer), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const lines: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let baseline: number | null = null;
      let current: string[] = [];
      for (const item of content.items) {
        if (!("str" in item) || item.str.trim() === "") continue;
        const y = Number(item.transform[5]);
        if (baseline !== null && Math.abs(y - baseline) > 1) {
          lines.push(current.join(" "));
          current = [];
        }
        baseline = y;
        current.push(item.str);
      }
      if (current.length > 0) lines.push(current.join(" "));
    }
    const normalised = lines.map((line) => line.replace(/\s+/g, " ").trim());
    const { info } = await pdf.getMetadata();
    const fields = info as Record<string, unknown>;
    return { text: normalised.join(" "), lines: normalised, pages: pdf.numPages, title: fields.Title, author: fields.Author };
  } finally {
    await pdf.destroy();
  }
}

/** Money as the PDF shows it once whitespace is normalised like `readPdf` does. */
function euros(amount: string): string {
  return amount.replace(/\s+/g, " ");
}

describe("renderInvoicePdf", () => {
  it("renders an English invoice with every part of the layout", async () => {
    const buffer = await renderInvoicePdf(englishInvoice);
    expect(buffer.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdf = await readPdf(buffer);

    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe("Invoice INV-2026-000123");
    expect(pdf.author).toBe("Trackside & Fairway Events GmbH");
    for (const expected of [
      "Invoice INV-2026-000123",
      "Invoice date 4 May 2026",
      "Booking code TD-7K4M2Q",
      // Operator letterhead and legal footer, umlauts included.
      "Königsallee 12",
      "40212 Düsseldorf",
      "Germany",
      "Phone +49 211 555 0100",
      "info@trackside.example",
      "Registry court: Amtsgericht Düsseldorf HRB 98765",
      "Managing director: Jürgen Weiß",
      "VAT ID: DE123456789",
      // Customer address with the ISO country written out.
      "Carter Motorsport Ltd",
      "Emily Carter",
      "14 Silverstone Road",
      "NN12 8TN Towcester",
      "United Kingdom",
      "Your VAT ID GB999999973",
      // Event with its dates in English.
      "Autumn Track Days",
      "22 November 2026",
      "Nürburgring",
      // Table.
      "Description Qty Unit price Amount",
      "Driver place 2 €108.00 €216.00",
      "Non-playing companion 1 €45.00 €45.00",
      "Total €261.00",
      // Payment schedule.
      "Payment schedule",
      "Deposit, due by 11 May 2026 €65.25",
      "Remainder, due by 21 October 2026 €195.75",
      "Already paid €0.00",
      "Please transfer the amount quoting your booking code TD-7K4M2Q.",
      // Bank details.
      "Account holder Trackside & Fairway Events GmbH",
      "IBAN DE89 3704 0044 0532 0130 00",
      "BIC COBADEFFXXX",
      "Bank Commerzbank",
    ]) {
      expect(pdf.text).toContain(expected);
    }
    expect(pdf.text).not.toMatch(/Rechnung|Anzahlung|Fax/);
    // One address part per line, in postal order.
    const address = pdf.lines.indexOf("Carter Motorsport Ltd");
    expect(pdf.lines.slice(address, address + 6)).toEqual([
      "Carter Motorsport Ltd",
      "Emily Carter",
      "14 Silverstone Road",
      "Unit 3",
      "NN12 8TN Towcester",
      "United Kingdom",
    ]);
  });

  it("renders a German invoice with umlauts, German dates and de-DE money", async () => {
    const pdf = await readPdf(await renderInvoicePdf(germanInvoice));

    expect(pdf.title).toBe("Rechnung INV-2026-000124");
    for (const expected of [
      "Rechnung INV-2026-000124",
      "Rechnungsdatum 4. Mai 2026",
      "Buchungscode TD-9P3X8R",
      "Tel. +49 211 555 0100",
      "Registergericht: Amtsgericht Düsseldorf HRB 98765",
      "Geschäftsführung: Jürgen Weiß",
      "USt-IdNr.: DE123456789",
      "Jörg Müller",
      "Maximilianstraße 7",
      "80539 München",
      "Deutschland",
      "Veranstaltung",
      "22. November 2026",
      "Beschreibung Menge Einzelpreis Betrag",
      `Golfspielende Begleitperson 1 ${euros("108,00 €")} ${euros("108,00 €")}`,
      `Übernachtung Doppelzimmer „Schloss“ 2 ${euros("129,50 €")} ${euros("259,00 €")}`,
      `Gesamtbetrag ${euros("367,00 €")}`,
      "Zahlungsplan",
      `Anzahlung, fällig bis 22. November 2026 ${euros("91,75 €")}`,
      `Restzahlung, fällig bis 15. Januar 2027 ${euros("275,25 €")}`,
      `Bereits bezahlt ${euros("91,75 €")}`,
      "Bitte überweisen Sie den Betrag unter Angabe Ihres Buchungscodes TD-9P3X8R.",
      "Bankverbindung",
      "Kontoinhaber Trackside & Fairway Events GmbH",
      "IBAN DE89 3704 0044 0532 0130 00",
    ]) {
      expect(pdf.text).toContain(expected);
    }
    expect(pdf.text).not.toMatch(/Invoice|Deposit|Ihre USt-IdNr/);
    const address = pdf.lines.indexOf("Jörg Müller");
    expect(pdf.lines.slice(address, address + 4)).toEqual(["Jörg Müller", "Maximilianstraße 7", "80539 München", "Deutschland"]);
  });

  it("leaves out the remainder row when the price is not split", async () => {
    const pdf = await readPdf(
      await renderInvoicePdf({ ...englishInvoice, depositCents: 26100, depositDueOn: "2026-05-11", remainderCents: 0, remainderDueOn: null }),
    );

    expect(pdf.text).toContain("Amount due by 11 May 2026 €261.00");
    expect(pdf.text).not.toMatch(/Remainder|Deposit/);
  });

  it("prints every name as typed in Latin, Greek, Cyrillic, CJK, Hangul, Arabic, Thai and emoji (the font chain), never □", async () => {
    const names = ["Łukasz Dvořák-Żółć", "Αθηνά Παπαδοπούλου", "Анна Смирнова", "山田太郎", "김민준", "محمد علي", "สมชาย ใจดี"];
    const pdf = await readPdf(
      await renderInvoicePdf({
        ...germanInvoice,
        customer: { name: names[0] ?? "", company: names.slice(1, 3).join(" "), street: "ul. Piotrkowska 5", postcode: "90-001", city: "Łódź", country: "PL" },
        lines: names.slice(3).map((name) => ({ label: `Teilnehmer ${name}`, quantity: 1, unitCents: 10000, totalCents: 10000, vatRateBasisPoints: 1900 })),
        event: { ...germanInvoice.event, title: "Golf‑Cup 2026 ⛳ 🏌 Москва" },
      }),
    );

    expect(pdf.lines).toContain("Łukasz Dvořák-Żółć");
    expect(pdf.lines).toContain("Αθηνά Παπαδοπούλου Анна Смирнова");
    // pdf.js marks right-to-left text with direction controls when it extracts it; the letters are what count.
    const letters = pdf.text.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "").replace(/\s+/g, " ");
    for (const name of names.slice(3)) expect(letters).toContain(`Teilnehmer ${name} 1`);
    expect(pdf.text).toContain("90-001 Łódź");
    expect(pdf.text).toContain("Golf‑Cup 2026 ⛳ 🏌 Москва");
    expect(pdf.text).not.toContain("□");
    expect(pdf.text).not.toContain("?");
  });

  it("prints a letter no embedded font has as a visible box", async () => {
    // U+1E900 ADLAM CAPITAL LETTER ALIF: a script none of the fonts in the chain covers.
    const pdf = await readPdf(await renderInvoicePdf({ ...englishInvoice, customer: { ...englishInvoice.customer, name: "Emily \u{1e900} Carter" } }));
    expect(pdf.text).toContain("Emily □ Carter");
  });

  it("prints each line's VAT rate and the VAT contained per rate when the site sets VAT per line", async () => {
    const pdf = await readPdf(
      await renderInvoicePdf({
        ...englishInvoice,
        vatTreatment: "per_line",
        lines: [
          { label: "Driver place", quantity: 2, unitCents: 10800, totalCents: 21600, vatRateBasisPoints: 1900 },
          { label: "Breakfast", quantity: 1, unitCents: 4500, totalCents: 4500, vatRateBasisPoints: 700 },
        ],
      }),
    );

    expect(pdf.text).toContain("Description Qty VAT Unit price Amount");
    expect(pdf.text).toContain("Driver place 2 19% €108.00 €216.00");
    expect(pdf.text).toContain("Breakfast 1 7% €45.00 €45.00");
    expect(pdf.text).toContain("Total €261.00");
    // 216.00 gross at 19 % contains 34.49; 45.00 at 7 % contains 2.94.
    expect(pdf.text).toContain("Included VAT 19% €34.49");
    expect(pdf.text).toContain("Included VAT 7% €2.94");
    expect(pdf.text).not.toContain("25 UStG");
  });

  it("prints a cancellation invoice: its title, the invoice it cancels by number and date, credited amounts and no payment request, in both languages", async () => {
    const lines = [{ label: "Driver place", quantity: 2, unitCents: 10800, totalCents: 21600, vatRateBasisPoints: 1900 }];
    const cancels = { invoiceNumber: "INV-2026-000007", issuedOn: "2026-11-20" };
    const english = await readPdf(
      await renderInvoicePdf({ ...englishInvoice, kind: "cancellation", cancels, vatTreatment: "per_line", lines, totalCents: 21600 }),
    );
    expect(english.text).toContain(`Cancellation invoice ${englishInvoice.invoiceNumber}`);
    expect(english.text).toContain("Cancels Invoice INV-2026-000007 of 20 November 2026");
    expect(english.text).toContain("Driver place 2 19% -€108.00 -€216.00");
    expect(english.text).toContain("Total credited -€216.00");
    expect(english.text).toContain("cancels invoice INV-2026-000007 in full");
    expect(english.text).not.toContain("Payment schedule");
    expect(english.text).not.toContain("IBAN");
    const german = await readPdf(
      await renderInvoicePdf({ ...germanInvoice, kind: "cancellation", cancels, vatTreatment: "per_line", lines, totalCents: 21600 }),
    );
    expect(german.text).toContain(`Stornorechnung ${germanInvoice.invoiceNumber}`);
    expect(german.text).toContain("Storniert Rechnung INV-2026-000007 vom 20. November 2026");
    expect(german.text).toContain(`Gutschrift gesamt ${euros("-216,00")}`);
  });

  it("prints the § 25 UStG margin-scheme note and no VAT when the site uses the margin scheme, in both languages", async () => {
    const english = await readPdf(await renderInvoicePdf({ ...englishInvoice, vatTreatment: "margin_scheme" }));
    expect(english.text).toContain("Special scheme for travel agents – margin scheme (§ 25 UStG)");
    expect(english.text).toContain("Description Qty Unit price Amount");
    expect(english.text).not.toMatch(/VAT \d|Included VAT/);

    const german = await readPdf(await renderInvoicePdf({ ...germanInvoice, vatTreatment: "margin_scheme" }));
    expect(german.text).toContain("Sonderregelung für Reisebüros – Margenbesteuerung gemäß § 25 UStG");
    expect(german.text).not.toContain("Enthaltene USt.");
  });

  it("prints the German VAT column and contained VAT with de-DE percentages", async () => {
    const pdf = await readPdf(
      await renderInvoicePdf({ ...germanInvoice, vatTreatment: "per_line", lines: germanInvoice.lines.map((line) => ({ ...line, vatRateBasisPoints: 1900 })) }),
    );
    expect(pdf.text).toContain("Beschreibung Menge USt. Einzelpreis Betrag");
    expect(pdf.text).toContain(`Enthaltene USt. 19 % ${euros("58,60 €")}`);
  });

  it("breaks long invoices over pages with the table header and footer repeated", async () => {
    const lines = Array.from({ length: 45 }, (_, index) => ({ label: `Zusatzleistung ${index + 1}`, quantity: 1, unitCents: 1000, totalCents: 1000 }));
    const pdf = await readPdf(await renderInvoicePdf({ ...germanInvoice, lines, totalCents: 45000 }));

    expect(pdf.pages).toBe(2);
    expect(pdf.text.match(/Beschreibung Menge Einzelpreis Betrag/g)).toHaveLength(2);
    expect(pdf.text.match(/Registergericht/g)).toHaveLength(2);
    expect(pdf.text).toContain("Seite 2 von 2");
    expect(pdf.text).toContain("Zusatzleistung 45");
  });

  it("renders the same bytes for the same data", async () => {
    const [first, second] = await Promise.all([renderInvoicePdf(englishInvoice), renderInvoicePdf(englishInvoice)]);
    expect(first.equals(second)).toBe(true);
  });

  it("prints on a card booking's invoice what was paid by card and what is still due by when, in en and de (issue 28)", async () => {
    const card: InvoiceData = { ...englishInvoice, paidCents: 6525, paidByCard: true, stillDue: [{ amountCents: 19575, dueOn: "2026-10-21" }] };
    const english = (await readPdf(await renderInvoicePdf(card))).text;
    expect(english).toContain("Paid by card €65.25");
    expect(english).toContain("Still due by 21 October 2026 €195.75");
    expect(english).not.toMatch(/Deposit, due by|Already paid/);
    const german = (await readPdf(await renderInvoicePdf({ ...card, locale: "de" }))).text;
    expect(german).toContain(`Per Karte bezahlt ${euros("65,25 €")}`);
    expect(german).toContain(`Noch fällig bis 21. Oktober 2026 ${euros("195,75 €")}`);
    // Paid in full: nothing left to transfer.
    const paid = (await readPdf(await renderInvoicePdf({ ...card, paidCents: 26100, stillDue: [] }))).text;
    expect(paid).toContain("Paid by card €261.00");
    expect(paid).not.toMatch(/Still due|Please transfer/);
  });
});
