import type { Invoice } from "@e-invoice-eu/core";
import { formatDate } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import { vatByRate } from "../../core/domain/pricing";
import { namespaceTranslatorFor } from "../../core/i18n/i18n";
import { intlLocaleTags } from "../../core/i18n/locales";
import { renderInvoicePdf, type InvoiceData } from "./render-invoice-pdf";

/**
 * E-invoices (issue 28, decision 068): a business customer's invoice is a ZUGFeRD / Factur-X PDF, profile
 * EN 16931 — the PDF we render, made PDF/A-3, with its Cross Industry Invoice XML (`factur-x.xml`)
 * embedded. `@e-invoice-eu/core` writes the XML and the PDF/A-3 from the invoice in its internal (UBL
 * shaped) format; this file maps the stored snapshot (`InvoiceData`) to that format.
 */

type UblInvoice = Invoice["ubl:Invoice"];
type InvoiceLine = UblInvoice["cac:InvoiceLine"][number];
type VatBreakdown = NonNullable<UblInvoice["cac:TaxTotal"][0]["cac:TaxSubtotal"]>[number];
type PaymentMeans = NonNullable<UblInvoice["cac:PaymentMeans"]>[number];
type CountryCode = UblInvoice["cac:AccountingSupplierParty"]["cac:Party"]["cac:PostalAddress"]["cac:Country"]["cbc:IdentificationCode"];
type BuyerCountryCode = UblInvoice["cac:AccountingCustomerParty"]["cac:Party"]["cac:PostalAddress"]["cac:Country"]["cbc:IdentificationCode"];

/** The Factur-X profile every e-invoice is written in: EN 16931 (ZUGFeRD "COMFORT"), the full European norm. */
export const eInvoiceFormat = "Factur-X-EN16931";
/** The name the embedded XML carries in a Factur-X / ZUGFeRD 2.x PDF. */
export const eInvoiceAttachmentName = "factur-x.xml";
/** UNTDID 5305 "exempt from tax" with VATEX-EU-309, Article 309 of Directive 2006/112/EC: the travel agents' margin scheme (§ 25 UStG). */
export const marginSchemeVat = { category: "E", exemptionReasonCode: "VATEX-EU-309" } as const;

const trimmed = (text: string | null | undefined): string => text?.trim() ?? "";

/** A business customer: the invoice names a company and a VAT ID (§ 14 UStG; both are asked for together). */
export function isBusinessCustomer(data: InvoiceData): boolean {
  return trimmed(data.customer.company) !== "" && trimmed(data.customer.vatId) !== "";
}

/**
 * Whether the invoice goes out as an e-invoice: a business customer's, with the VAT treatment snapshotted
 * (invoices issued before it was stay as they were) and the operator's VAT ID, which EN 16931 requires
 * of every seller charging or exempting VAT (BR-S-02, BR-E-02).
 */
export function isEInvoice(data: InvoiceData): boolean {
  return isBusinessCustomer(data) && data.vatTreatment !== undefined && trimmed(data.operator.vatId) !== "";
}

/** A country as EN 16931 names it (ISO 3166-1 alpha-2); a VAT ID starts with its country (Greece's with EL). */
function countryCodeOf(country: string | null | undefined, vatId: string | null | undefined, fallback = "DE"): CountryCode & BuyerCountryCode {
  const given = trimmed(country).toUpperCase();
  const fromVatId = trimmed(vatId).slice(0, 2).toUpperCase().replace(/^EL$/, "GR");
  const code = [given, fromVatId, fallback.toUpperCase()].find((candidate) => /^[A-Z]{2}$/.test(candidate)) ?? "DE";
  return code as CountryCode & BuyerCountryCode;
}

/** Integer cents as the decimal amount the XML carries: 12345 → "123.45". */
export function decimalOf(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/** A rate in basis points as a percentage: 1900 → "19", 750 → "7.5". */
function percentOf(basisPoints: number): string {
  return String(basisPoints / 100);
}

/**
 * Splits `total` over `weights` in proportion, rounding by the largest remainder, so the parts add up
 * to `total` exactly (each line's share of its rate's VAT; a reduction's share is negative).
 */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map((value) => Math.floor(value));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, fraction: value - Math.floor(value) })).sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

type NetLine = { label: string; quantity: number; netCents: number; category: "S" | "Z" | "E"; rate: number };

/**
 * The lines as EN 16931 wants them: net of VAT. The snapshot's amounts are gross; per rate, the VAT
 * contained is the one the PDF prints (`vatByRate`), shared out over that rate's lines, so the lines'
 * net amounts add up to each rate's taxable amount to the cent (BR-S-08). Under the margin scheme no
 * VAT is shown: the lines are exempt (E) at their full amount.
 */
function netLinesOf(data: InvoiceData): { lines: NetLine[]; breakdown: { category: "S" | "Z" | "E"; rate: number; taxableCents: number; vatCents: number }[] } {
  if (data.vatTreatment === "margin_scheme") {
    const lines = data.lines.map((line): NetLine => ({ label: line.label, quantity: line.quantity, netCents: line.totalCents, category: "E", rate: 0 }));
    return { lines, breakdown: [{ category: "E", rate: 0, taxableCents: lines.reduce((sum, line) => sum + line.netCents, 0), vatCents: 0 }] };
  }
  const rateOf = (line: InvoiceData["lines"][number]) => line.vatRateBasisPoints ?? 0;
  const lines: NetLine[] = data.lines.map((line) => ({ label: line.label, quantity: line.quantity, netCents: line.totalCents, category: rateOf(line) > 0 ? "S" : "Z", rate: rateOf(line) }));
  const contained = vatByRate(data.lines.map((line) => ({ totalCents: line.totalCents, vatRateBasisPoints: rateOf(line) })));
  const breakdown = contained.map(({ rate, grossCents, vatCents }) => {
    const members = data.lines.flatMap((line, index) => (rateOf(line) === rate ? [index] : []));
    const shares = apportion(vatCents, members.map((index) => data.lines[index]?.totalCents ?? 0));
    members.forEach((index, position) => {
      const line = lines[index];
      if (line) line.netCents -= shares[position] ?? 0;
    });
    return { category: rate > 0 ? ("S" as const) : ("Z" as const), rate, taxableCents: grossCents - vatCents, vatCents };
  });
  return { lines, breakdown };
}

/**
 * The line's price: EN 16931 wants a non-negative net price (BR-27) with line net = quantity × price ÷
 * base quantity. Where the net amount does not divide by the quantity, the price is given for the
 * whole quantity (base quantity = quantity), so nothing is rounded.
 */
function priceOf(line: NetLine): { quantity: string; price: string; baseQuantity?: string } {
  const quantity = Math.abs(line.quantity) || 1;
  const sign = line.netCents < 0 ? -1 : 1;
  const net = Math.abs(line.netCents);
  if (net % quantity === 0) return { quantity: String(sign * quantity), price: decimalOf(net / quantity) };
  return { quantity: String(sign * quantity), price: decimalOf(net), baseQuantity: String(quantity) };
}

/** What is still owed, by when, as the PDF's payment schedule says it: EN 16931's payment terms (BT-20). */
function paymentTermsOf(data: InvoiceData): { note: string; dueOn: string | null } {
  const t = namespaceTranslatorFor(data.locale, "invoice");
  const money = (cents: number) => formatMoney(cents, data.locale).replace(/[\u00a0\u202f]/gu, " ");
  const date = (isoDate: string) => formatDate(isoDate, data.locale);
  if (data.kind === "cancellation" && data.cancels) {
    return { note: t("eInvoiceCancellationTerms", { number: data.cancels.invoiceNumber, date: date(data.cancels.issuedOn), code: data.bookingCode }), dueOn: null };
  }
  // As the PDF does: a snapshot with the account's figures (a card booking's, any replacement or fee invoice)
  // says what was paid and what is still due by when; only a first bank-transfer invoice its schedule.
  if (data.stillDue !== undefined) {
    const dues = data.stillDue;
    const parts = [`${t(data.paidByCard ? "paidByCard" : "alreadyPaid")}: ${money(data.paidCents)}`, ...dues.map((due) => `${due.dueOn ? t("stillDue", { date: date(due.dueOn) }) : t("stillDueUndated")}: ${money(due.amountCents)}`)];
    if (dues.length > 0) parts.push(t("transferNote", { code: data.bookingCode }));
    return { note: parts.join("; "), dueOn: dues.find((due) => due.dueOn)?.dueOn ?? null };
  }
  const split = data.remainderCents > 0;
  const parts = [`${split ? t("depositDue", { date: date(data.depositDueOn) }) : t("amountDue", { date: date(data.depositDueOn) })}: ${money(data.depositCents)}`];
  if (split) parts.push(`${t("remainderDue", { date: data.remainderDueOn ? date(data.remainderDueOn) : "–" })}: ${money(data.remainderCents)}`);
  if (data.paidCents > 0) parts.push(`${t("alreadyPaid")}: ${money(data.paidCents)}`);
  parts.push(t("transferNote", { code: data.bookingCode }));
  return { note: parts.join("; "), dueOn: data.depositDueOn };
}

/** A SEPA credit transfer to the operator's account (UNTDID 4461 code 58), when there is an IBAN to pay to. */
function bankTransferOf(data: InvoiceData): PaymentMeans | null {
  const iban = data.bank.iban.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/.test(iban)) return null;
  const bic = data.bank.bic.replace(/\s+/g, "").toUpperCase();
  return {
    "cbc:PaymentMeansCode": "58",
    "cbc:PaymentID": data.bookingCode,
    "cac:PayeeFinancialAccount": {
      "cbc:ID": iban,
      ...(trimmed(data.bank.accountHolder) ? { "cbc:Name": trimmed(data.bank.accountHolder) } : {}),
      ...(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic) ? { "cac:FinancialInstitutionBranch": { "cbc:ID": bic } } : {}),
    },
  };
}

/**
 * The invoice in the library's internal format. Pure: everything comes from the snapshot. An invoice is
 * type 380; a cancellation invoice type 381 (a credit note) with the same positive amounts and a
 * reference to the invoice it cancels (BT-25, BT-26).
 */
export function eInvoiceOf(data: InvoiceData): Invoice {
  const t = namespaceTranslatorFor(data.locale, "invoice");
  const cancellation = data.kind === "cancellation";
  const { operator, customer } = data;
  const { lines, breakdown } = netLinesOf(data);
  const netTotal = lines.reduce((sum, line) => sum + line.netCents, 0);
  const vatTotal = breakdown.reduce((sum, entry) => sum + entry.vatCents, 0);
  const grossTotal = netTotal + vatTotal;
  // A cancellation credits the whole amount; what was paid stays on the booking's account (the note says how it is settled).
  const prepaid = cancellation ? 0 : data.paidCents;
  const payable = grossTotal - prepaid;
  const terms = paymentTermsOf(data);
  const transfer = bankTransferOf(data);
  const marginScheme = data.vatTreatment === "margin_scheme";
  const amount = (cents: number) => decimalOf(cents);
  const eur = "EUR" as const;

  const invoiceLines = lines.map((line, index): InvoiceLine => {
    const { quantity, price, baseQuantity } = priceOf(line);
    return {
      "cbc:ID": String(index + 1),
      "cbc:InvoicedQuantity": quantity,
      "cbc:InvoicedQuantity@unitCode": "C62",
      "cbc:LineExtensionAmount": amount(line.netCents),
      "cbc:LineExtensionAmount@currencyID": eur,
      "cac:Item": {
        "cbc:Name": line.label,
        "cac:ClassifiedTaxCategory": { "cbc:ID": line.category, "cbc:Percent": percentOf(line.rate), "cac:TaxScheme": { "cbc:ID": "VAT" } },
      },
      "cac:Price": {
        "cbc:PriceAmount": price,
        "cbc:PriceAmount@currencyID": eur,
        ...(baseQuantity ? { "cbc:BaseQuantity": baseQuantity, "cbc:BaseQuantity@unitCode": "C62" } : {}),
      },
    };
  });
  const [firstLine, ...moreLines] = invoiceLines;
  if (!firstLine) throw new Error(`invoice ${data.invoiceNumber} has no lines`);

  const subtotals = breakdown.map(
    (entry): VatBreakdown => ({
      "cbc:TaxableAmount": amount(entry.taxableCents),
      "cbc:TaxableAmount@currencyID": eur,
      "cbc:TaxAmount": amount(entry.vatCents),
      "cbc:TaxAmount@currencyID": eur,
      "cac:TaxCategory": {
        "cbc:ID": entry.category,
        "cbc:Percent": percentOf(entry.rate),
        ...(entry.category === "E" ? { "cbc:TaxExemptionReasonCode": marginSchemeVat.exemptionReasonCode, "cbc:TaxExemptionReason": t("marginScheme") } : {}),
        "cac:TaxScheme": { "cbc:ID": "VAT" },
      },
    }),
  );

  const eventDates = [data.event.startsOn, ...(data.event.endsOn !== data.event.startsOn ? [data.event.endsOn] : [])].map((day) => formatDate(day, data.locale)).join(" – ");
  const event = `${t("event")}: ${data.event.title}, ${eventDates}, ${data.event.location}`;
  const notes = [event, ...(marginScheme ? [t("marginScheme")] : []), ...(cancellation ? [terms.note] : [])];
  const paymentMeans = !cancellation && payable > 0 && transfer ? [transfer] : [];

  return {
    "ubl:Invoice": {
      "cbc:ID": data.invoiceNumber,
      "cbc:IssueDate": data.issuedOn,
      ...(!cancellation && payable > 0 && terms.dueOn ? { "cbc:DueDate": terms.dueOn } : {}),
      "cbc:InvoiceTypeCode": cancellation ? "381" : "380",
      "cbc:Note": notes,
      "cbc:DocumentCurrencyCode": eur,
      "cbc:BuyerReference": data.bookingCode,
      "cac:InvoicePeriod": { "cbc:StartDate": data.event.startsOn, "cbc:EndDate": data.event.endsOn },
      ...(cancellation && data.cancels
        ? { "cac:BillingReference": [{ "cac:InvoiceDocumentReference": { "cbc:ID": data.cancels.invoiceNumber, "cbc:IssueDate": data.cancels.issuedOn } }] }
        : {}),
      "cac:AccountingSupplierParty": {
        "cac:Party": {
          "cbc:EndpointID": operator.email,
          "cbc:EndpointID@schemeID": "EM",
          "cac:PostalAddress": {
            "cbc:StreetName": operator.street,
            ...(trimmed(operator.city) ? { "cbc:CityName": trimmed(operator.city) } : {}),
            "cbc:PostalZone": operator.zip,
            "cac:Country": { "cbc:IdentificationCode": countryCodeOf(operator.country, operator.vatId) },
          },
          "cac:PartyTaxScheme": [{ "cbc:CompanyID": trimmed(operator.vatId), "cac:TaxScheme": { "cbc:ID": "VAT" } }],
          "cac:PartyLegalEntity": {
            "cbc:RegistrationName": operator.company,
            ...(trimmed(operator.registryCourt) ? { "cbc:CompanyLegalForm": trimmed(operator.registryCourt) } : {}),
          },
          "cac:Contact": {
            ...(trimmed(operator.phone) ? { "cbc:Telephone": trimmed(operator.phone) } : {}),
            "cbc:ElectronicMail": operator.email,
          },
        },
      },
      "cac:AccountingCustomerParty": {
        "cac:Party": {
          "cac:PostalAddress": {
            ...(trimmed(customer.street) ? { "cbc:StreetName": trimmed(customer.street) } : {}),
            ...(trimmed(customer.addressLine2) ? { "cbc:AdditionalStreetName": trimmed(customer.addressLine2) } : {}),
            ...(trimmed(customer.city) ? { "cbc:CityName": trimmed(customer.city) } : {}),
            ...(trimmed(customer.postcode) ? { "cbc:PostalZone": trimmed(customer.postcode) } : {}),
            "cac:Country": { "cbc:IdentificationCode": countryCodeOf(customer.country, customer.vatId, operator.country) },
          },
          ...(trimmed(customer.vatId) ? { "cac:PartyTaxScheme": { "cbc:CompanyID": trimmed(customer.vatId), "cac:TaxScheme": { "cbc:ID": "VAT" } } } : {}),
          "cac:PartyLegalEntity": { "cbc:RegistrationName": trimmed(customer.company) || customer.name },
          ...(trimmed(customer.name) ? { "cac:Contact": { "cbc:Name": trimmed(customer.name) } } : {}),
        },
      },
      // The service is the event: its dates are the invoicing period (BG-14) and its last day the date the
      // service is completed (BT-72), which also gives CII its required delivery group.
      "cac:Delivery": { "cbc:ActualDeliveryDate": data.event.endsOn },
      ...(paymentMeans.length > 0 ? { "cac:PaymentMeans": paymentMeans } : {}),
      "cac:PaymentTerms": { "cbc:Note": terms.note },
      "cac:TaxTotal": [{ "cbc:TaxAmount": amount(vatTotal), "cbc:TaxAmount@currencyID": eur, "cac:TaxSubtotal": subtotals }],
      "cac:LegalMonetaryTotal": {
        "cbc:LineExtensionAmount": amount(netTotal),
        "cbc:LineExtensionAmount@currencyID": eur,
        "cbc:TaxExclusiveAmount": amount(netTotal),
        "cbc:TaxExclusiveAmount@currencyID": eur,
        "cbc:TaxInclusiveAmount": amount(grossTotal),
        "cbc:TaxInclusiveAmount@currencyID": eur,
        ...(prepaid !== 0 ? { "cbc:PrepaidAmount": amount(prepaid), "cbc:PrepaidAmount@currencyID": eur } : {}),
        "cbc:PayableAmount": amount(payable),
        "cbc:PayableAmount@currencyID": eur,
      },
      "cac:InvoiceLine": [firstLine, ...moreLines],
    },
  };
}

/** The library's notices go nowhere: its errors are thrown. */
const quietLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The Factur-X (EN 16931) PDF/A-3 of a rendered invoice PDF: the same pages, with the CII XML embedded as
 * `factur-x.xml`. The library is loaded on first use, so processes that never issue one do not carry it.
 */
export async function facturXPdf(pdf: Buffer, data: InvoiceData): Promise<Buffer> {
  const { InvoiceService } = await import("@e-invoice-eu/core");
  const generated = await new InvoiceService(quietLogger).generate(eInvoiceOf(data), {
    format: eInvoiceFormat,
    lang: intlLocaleTags[data.locale].toLowerCase(),
    pdf: { buffer: new Uint8Array(pdf), filename: `${data.invoiceNumber}.pdf`, mimetype: "application/pdf" },
  });
  if (typeof generated === "string") throw new Error(`${eInvoiceFormat} answered XML instead of a PDF`);
  return Buffer.from(generated);
}

/**
 * The invoice PDF a customer receives (download, staff download and the mail's attachment alike): the
 * e-invoice for a business customer (`isEInvoice`), the plain PDF otherwise.
 */
export async function renderCustomerInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const pdf = await renderInvoicePdf(data);
  return isEInvoice(data) ? facturXPdf(pdf, data) : pdf;
}
