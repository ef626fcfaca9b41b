import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, languages, mailMatching, pdfText, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

/**
 * Issue 12 "Money and legal texts" in the browser: the invoice PDF of an invoice booking prints every
 * name as typed (CJK, Hangul, Arabic, Thai, Greek, Cyrillic, Latin with diacritics), carries the site's
 * VAT treatment (the demo site: margin scheme, § 25 UStG) and the bank-transfer due date; the invoice
 * e-mail says the booking is confirmed; a page time shows its zone, the right one for the date.
 */

const text = {
  en: {
    marginScheme: "Special scheme for travel agents – margin scheme (§ 25 UStG)",
    amountDue: /(Deposit|Amount), due by \d{1,2} \w+ \d{4}|Amount due by \d{1,2} \w+ \d{4}/,
    confirmed: /Your booking \S+ is confirmed/,
    invoiceSubject: /^Your invoice /,
    byDate: /by \d{1,2} \w+ \d{4}, quoting your booking code/,
    notBookableTitle: "Not bookable yet",
    zoneNames: { winter: "CET", summer: "CEST" },
    dateTime: /(\d{1,2} \w{3} \d{4}), (\d{2}:\d{2}) (CET|CEST)/,
  },
  de: {
    marginScheme: "Sonderregelung für Reisebüros – Margenbesteuerung gemäß § 25 UStG",
    amountDue: /(Anzahlung, fällig bis|Zahlbar bis|Betrag fällig bis|fällig bis) \d{1,2}\. \S+ \d{4}/,
    confirmed: /Ihre Buchung \S+ ist bestätigt/,
    invoiceSubject: /^Ihre Rechnung /,
    byDate: /bis zum \d{1,2}\. \S+ \d{4} unter Angabe/,
    notBookableTitle: "Noch nicht buchbar",
    zoneNames: { winter: "MEZ", summer: "MESZ" },
    dateTime: /(\d{2}\.\d{2}\.\d{4}), (\d{2}:\d{2}) (MEZ|MESZ)/,
  },
} as const;

/** Every script the issue names, as a customer might type it. */
const people = {
  main: { forename: "太郎", surname: "山田" },
  companions: [
    { forename: "민준", surname: "김" },
    { forename: "محمد", surname: "علي" },
    { forename: "สมชาย", surname: "ใจดี" },
  ],
  company: "สมชาย ใจดี 김민준",
  addressLine2: "محمد علي",
  city: "Łódź",
  street: "Αθηνάς 12 / ул. Пушкина",
};

/** The booking cookie the booking page set: `form:booking:token` entries. */
async function bookingUuidOf(page: Page, formUuid: string): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name.includes("booking_token"));
  const entry = decodeURIComponent(cookie?.value ?? "")
    .split(",")
    .find((value) => value.startsWith(`${formUuid}:`));
  const bookingUuid = entry?.split(":")[1];
  if (!bookingUuid) throw new Error("the booking page set no booking cookie");
  return bookingUuid;
}

/**
 * A golf booking paid by invoice: the browser opens the draft (so it holds the booking's cookie, as a
 * visitor's would), the pages are saved and submitted over the same API the booking page's scripts
 * use, with that cookie.
 */
async function invoiceBooking(page: Page, locale: "en" | "de", prefix: string, email: string) {
  const { formUuid } = await createEvent(page.request, "golfCircleTournament");
  await page.goto(`${prefix}/booking/${formUuid}`);
  await hydrated(page);
  const bookingUuid = await bookingUuidOf(page, formUuid);
  const form = (await (await page.request.get(`/api/form/public/${formUuid}`)).json()) as {
    data: { pages: { uuid: string; items: { uuid: string; name: string }[] }[] };
  };
  const answersByName: Record<string, string | boolean> = {
    "main.salutation": "mr",
    "main.forename": people.main.forename,
    "main.surname": people.main.surname,
    "main.company": people.company,
    "main.street": people.street,
    "main.address_line_2": people.addressLine2,
    "main.postcode": "90-001",
    "main.city": people.city,
    "main.country": "PL",
    "main.phone": "+48 42 123 45 67",
    "main.email": email,
    "golf.handicap": "hcp_0_18",
    terms: true,
    payment_option: "invoice",
  };
  for (const [index, formPage] of form.data.pages.entries()) {
    const answers = Object.fromEntries(formPage.items.filter((item) => item.name in answersByName).map((item) => [item.uuid, answersByName[item.name]]));
    const companions =
      index === 1
        ? people.companions.map((person) => ({ uuid: crypto.randomUUID(), type: "non_playing", salutation: "mr", ...person, date_of_birth: null }))
        : undefined;
    const saved = await page.request.put(`/api/booking/public/${bookingUuid}/update/${formPage.uuid}`, {
      headers: { "accept-language": locale },
      data: { answers, ...(companions ? { companions } : {}) },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const submitted = await page.request.post(`/api/booking/public/${bookingUuid}/submit`, { headers: { "accept-language": locale }, data: {} });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const booking = (
    (await submitted.json()) as { data: { status: string; code: string; total_cents: number; event_price_cents: number; companion_total_cents: number } }
  ).data;
  return { bookingUuid, booking };
}

/** Renders the PDF's first page to a PNG beside the test's screenshots (poppler's pdftoppm, when installed) for a person to look at. */
function renderForALook(pdf: Buffer, name: string) {
  const file = test.info().outputPath(`${name}.pdf`);
  writeFileSync(file, pdf);
  if (existsSync("/usr/bin/pdftoppm")) execFileSync("/usr/bin/pdftoppm", ["-r", "80", "-png", "-f", "1", "-l", "1", file, test.info().outputPath(name)]);
}

for (const language of languages) {
  const t = text[language.locale];
  test.describe(`money in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("the invoice PDF prints every name as typed, the margin-scheme note and the transfer's due date; the e-mail says confirmed", async ({ page }) => {
      // The server renders the PDF for the download and again for the e-mail's attachment (the CJK font is 10 MB to parse once).
      test.slow();
      const email = uniqueEmail(`money-${language.locale}`);
      const { bookingUuid, booking } = await invoiceBooking(page, language.locale, language.prefix, email);
      expect(booking.status).toBe("confirmed");
      expect(booking.event_price_cents + booking.companion_total_cents).toBe(booking.total_cents);

      // The download the success page and the dashboard link to, with the browser's booking cookie.
      const response = await page.request.get(`${language.prefix}/invoice/${bookingUuid}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      const pdf = await response.body();
      renderForALook(pdf, `invoice-${language.locale}`);
      const extracted = (await pdfText(pdf)).replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "").replace(/\s+/g, " ");
      for (const typed of [
        `${people.main.forename} ${people.main.surname}`,
        people.company,
        people.street,
        people.addressLine2,
        `90-001 ${people.city}`,
        booking.code,
      ])
        expect(extracted).toContain(typed);
      expect(extracted).toContain(t.marginScheme);
      expect(extracted).toMatch(t.amountDue);
      expect(extracted).not.toContain("□");

      // The invoice's own mail (the booking-received mail comes beside it, in either order).
      const mail = await mailMatching(email, t.invoiceSubject);
      expect(mail.text).toMatch(t.confirmed);
      expect(mail.text).toMatch(t.byDate);
    });

    test("a page time shows its zone, the right one for the date", async ({ page }) => {
      const consoleErrors = failOnConsoleErrors(page);
      const { formUuid } = await createEvent(page.request, "trackDayNotBookableYet");
      await page.goto(`${language.prefix}/booking/${formUuid}`);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: t.notBookableTitle })).toBeVisible();
      const intro = (await page.locator("main").innerText()).replace(/\s+/g, " ");
      const match = intro.match(t.dateTime);
      expect(match, intro).not.toBeNull();
      // The zone the operator's clock shows at noon of that day (Europe/Berlin): winter CET/MEZ, summer CEST/MESZ.
      const [day, month, year] = language.locale === "de" ? (match?.[1] ?? "").split(".").map(Number) : [0, 0, 0];
      const shownDay = language.locale === "de" ? new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, 12)) : new Date(`${match?.[1] ?? ""} 12:00 UTC`);
      const offset = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", timeZoneName: "shortOffset" }).format(shownDay);
      expect(match?.[3]).toBe(offset.endsWith("+2") ? t.zoneNames.summer : t.zoneNames.winter);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `not-bookable-time-${language.locale}`);
      consoleErrors();
    });
  });
}
