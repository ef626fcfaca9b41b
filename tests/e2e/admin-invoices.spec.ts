import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, journeyLanguages, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember, staffApiToken } from "./staff-support";
import { bookTrackDay } from "./staff-test-bookings";

/**
 * The accountant's invoice list (issue 28, decision 069): staff filter a period and an event, see an
 * invoice and the cancellation invoice that cancels it with the period's totals (invoiced less
 * cancelled: nothing), each linking its PDF and its booking, and download the list as CSV.
 */

const texts = {
  en: {
    nav: "Invoices",
    from: "Issued from",
    to: "Issued to",
    event: "Event",
    show: "Show",
    found: /^2 documents from /u,
    invoice: "Invoice",
    cancellation: "Cancellation invoice",
    cancels: /cancels INV-\d{4}-\d{6}/u,
    cancelledBy: /cancelled by INV-\d{4}-\d{6}/u,
    net: "Invoiced less cancelled",
    zero: "€0.00",
    csv: "CSV",
    csvHeader: "Number,Document,Issued on,Booking,Customer,Company,Event,Gross (EUR)",
    pdf: /^Download Invoice INV-\d{4}-\d{6} as PDF$/u,
    datevMissing: /The DATEV export needs/u,
  },
  de: {
    nav: "Rechnungen",
    from: "Ausgestellt ab",
    to: "Ausgestellt bis",
    event: "Veranstaltung",
    show: "Anzeigen",
    found: /^2 Belege vom /u,
    invoice: "Rechnung",
    cancellation: "Stornorechnung",
    cancels: /storniert INV-\d{4}-\d{6}/u,
    cancelledBy: /storniert durch INV-\d{4}-\d{6}/u,
    net: "Berechnet abzüglich Storno",
    zero: "0,00 €",
    csv: "CSV",
    csvHeader: "Nummer;Beleg;Ausgestellt am;Buchung;Kunde;Firma;Veranstaltung;Brutto (EUR)",
    pdf: /^Rechnung INV-\d{4}-\d{6} als PDF herunterladen$/u,
    datevMissing: /Der DATEV-Export braucht/u,
  },
} as const;

for (const language of journeyLanguages("en")) {
  test(`staff list a period's invoice and its cancellation invoice and download the CSV (${language.locale})`, async ({ page, request }) => {
    const text = texts[language.locale];
    const booking = await bookTrackDay(request, { locale: language.locale, email: uniqueEmail("invoices"), payment: "invoice" });
    // Cancelled after its invoice was issued: a cancellation invoice cancels it (correct-invoices.ts).
    const token = await staffApiToken(request);
    const cancelled = await request.post(`/api/staff/bookings/${booking.bookingUuid}/cancel`, {
      headers: { authorization: `Bearer ${token}` },
      data: { refund: "none", notify: false },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    const staff = await newStaffMember(request, { locale: language.locale });
    await logInAsStaff(page, staff, { locale: language.locale, redirectTo: `${language.prefix}/admin` });
    await page.getByRole("link", { name: text.nav, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${language.prefix}/admin/invoices$`, "u"));

    // The operator's today (Berlin): the day both documents were issued.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
    await page.getByLabel(text.from).fill(today);
    await page.getByLabel(text.to).fill(today);
    await page.getByLabel(text.event).selectOption(booking.eventUuid);
    await page.getByRole("button", { name: text.show }).click();
    await expect(page).toHaveURL(/from=.*event=/u);
    await expect(page.getByRole("heading", { level: 2, name: text.found })).toBeVisible();

    const table = page.getByRole("table");
    const rows = table.getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(text.invoice);
    await expect(rows.nth(1)).toContainText(text.cancelledBy);
    await expect(rows.nth(2)).toContainText(text.cancellation);
    await expect(rows.nth(2)).toContainText(text.cancels);
    await expect(rows.nth(2)).toContainText("-");
    await expect(table.getByRole("link", { name: booking.code }).first()).toHaveAttribute("href", `${language.prefix}/admin/bookings/${booking.bookingUuid}`);
    await expect(table.getByRole("link", { name: text.pdf })).toHaveCount(1);
    const totals = page.getByRole("region", { name: /Summen|Totals/u });
    await expect(totals.getByText(text.net).locator("..")).toContainText(text.zero);
    await expect(page.getByText(text.datevMissing)).toBeVisible();

    // The PDF of the cancellation invoice is a PDF.
    const pdf = await page.request.get((await table.getByRole("link", { name: /PDF/u }).nth(1).getAttribute("href")) ?? "");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: text.csv, exact: true }).click()]);
    const csv = (await readFile((await download.path()) ?? "", "utf8")).replace(/^\ufeff/u, "");
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines[0]?.startsWith(text.csvHeader)).toBe(true);
    expect(lines.slice(1)).toHaveLength(2);
    for (const line of lines.slice(1)) expect(line).toContain(booking.code);

    await expectNoAxeViolations(page);
    await shootPhoneAndDesktop(page, `admin-invoices-${language.locale}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("list", { name: /page 1 of 1|Seite 1 von 1/iu }).getByRole("listitem")).toHaveCount(2);
    await expectNoAxeViolations(page);
  });
}
