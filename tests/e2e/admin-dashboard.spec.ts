import { readFileSync } from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { formatMoney } from "../../core/domain/money";
import { logIn } from "./booking-steps";
import { decodeJwt, SignJWT } from "jose";
import { expectNoAxeViolations, journeyLanguages, jwtKey, pdfText, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logInAsStaff, newStaffMember, staffApiToken } from "./staff-support";
import { bookTrackDay, trackPeople } from "./staff-test-bookings";
import { createEvent } from "./test-data";

/**
 * The staff dashboard (`/admin`, issue 13 "Dashboard"; decision 031): an event of the test's own with
 * its places, minimum, money and waitlist; the warnings with links to the bookings; the bookings per
 * day as a chart and a table; the participant exports from the event's links (CSV in both dialects,
 * XLSX, PDF), and the refusal of a customer.
 */

const texts = {
  en: {
    title: "Dashboard",
    places: "4 taken, 0 held, 26 free of 30",
    inReview: "of them 2 booking requests in review",
    minimum: "Not reached yet (10 needed)",
    waitlist: "0 entries, 0 places",
    smaWarning: "Booking requests waiting for a call",
    perDay: "Bookings per day",
    table: "The numbers as a table",
    csv: /^CSV: participants of /,
    csvExcel: /^CSV for German Excel: participants of /,
    xlsx: /^XLSX: participants of /,
    pdf: /^PDF: participants of /,
    streetGt: "Rental street GT",
    raceCar: "Rental race car",
    coDriver: /Co-driver/,
    forbidden: "No access",
    adminsOnly: "This is only for admins.",
    whom: /^Who is listed/,
    inactive: "Cancelled, rejected and expired bookings",
    all: "All submitted bookings",
    cancelled: "Cancelled",
  },
  de: {
    title: "Übersicht",
    places: "4 belegt, 0 reserviert, 26 frei von 30",
    inReview: "davon 2 Buchungsanfragen in Prüfung",
    minimum: "Noch nicht erreicht (10 nötig)",
    waitlist: "0 Einträge, 0 Plätze",
    smaWarning: "Buchungsanfragen, die auf einen Anruf warten",
    perDay: "Buchungen pro Tag",
    table: "Die Zahlen als Tabelle",
    csv: /^CSV: Teilnehmende von /,
    csvExcel: /^CSV für deutsches Excel: Teilnehmende von /,
    xlsx: /^XLSX: Teilnehmende von /,
    pdf: /^PDF: Teilnehmende von /,
    streetGt: "Straßen-GT (Miete)",
    raceCar: "Rennwagen (Miete)",
    coDriver: /Beifahrer/,
    forbidden: "Kein Zugang",
    adminsOnly: "Dies ist nur für Administratorinnen und Administratoren.",
    whom: /^Wer auf der Liste steht/,
    inactive: "Stornierte, abgelehnte und abgelaufene Buchungen",
    all: "Alle eingereichten Buchungen",
    cancelled: "Storniert",
  },
} as const;

const eventCard = (page: Page, eventUuid: string) => page.locator(`article[data-event="${eventUuid}"]`);

async function download(page: Page, link: ReturnType<Page["getByRole"]>): Promise<{ file: Download; bytes: Buffer }> {
  const downloading = page.waitForEvent("download");
  await link.click();
  const file = await downloading;
  return { file, bytes: readFileSync(await file.path()) };
}

for (const language of journeyLanguages("de")) {
  const t = texts[language.locale];
  test.describe(`staff dashboard (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("an event of the test's own shows its places, minimum, money and waitlist; the warning links to the booking; the chart has its table", async ({
      page,
      request,
    }) => {
      const { eventUuid, formUuid } = await createEvent(request, "trackDayTwoDays");
      const confirmed = await bookTrackDay(request, { locale: language.locale, email: uniqueEmail("dash-invoice"), payment: "invoice", eventUuid, formUuid });
      const requested = await bookTrackDay(request, { locale: language.locale, email: uniqueEmail("dash-sma"), payment: "sma", eventUuid, formUuid });
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin` });
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();

      const card = eventCard(page, eventUuid);
      // Two places each (main participant and co-driver): the invoice booking and the request in review.
      await expect(card).toContainText(t.places);
      await expect(card).toContainText(t.inReview);
      await expect(card).toContainText(t.minimum);
      await expect(card).toContainText(t.waitlist);
      await expect(card).toContainText(formatMoney(0, language.locale));
      await expect(card).toContainText(formatMoney(confirmed.totalCents + requested.totalCents, language.locale));

      const warning = page.locator('[data-warning="sma_pending"]');
      await expect(warning.getByRole("heading", { name: t.smaWarning })).toBeVisible();
      // The warnings list the oldest 20; this request is among them unless 20 older ones wait, so look for it only then.
      const link = warning.getByRole("link", { name: requested.code, exact: true });
      if (await link.count()) await expect(link).toHaveAttribute("href", `${language.prefix}/admin/bookings/${requested.bookingUuid}`);

      await expect(page.getByRole("heading", { level: 2, name: t.perDay })).toBeVisible();
      await expect(page.getByRole("img", { name: /\d/ })).toBeVisible();
      await page.getByText(t.table).click();
      const table = page.getByRole("table", { name: t.perDay });
      // The header and the last 30 days with today.
      await expect(table.getByRole("row")).toHaveCount(31);
      // Today (the last row) has at least this test's two bookings.
      expect(Number(await table.getByRole("row").last().getByRole("cell").innerText())).toBeGreaterThanOrEqual(2);

      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-dashboard-${language.locale}`);
    });

    test("exporting the track day: the CSV holds every person with vehicles per day; German Excel, XLSX and PDF download with their types", async ({
      page,
      request,
    }) => {
      const booking = await bookTrackDay(request, { locale: language.locale, email: uniqueEmail("export"), payment: "invoice" });
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin` });
      const card = eventCard(page, booking.eventUuid);

      const csv = await download(page, card.getByRole("button", { name: t.csv }));
      expect(csv.file.suggestedFilename()).toMatch(/\.csv$/);
      const lines = csv.bytes.toString("utf8").split("\r\n").filter(Boolean);
      expect(lines).toHaveLength(3); // the header and the two people
      const main = lines.find((line) => line.includes(`${trackPeople.main.forename} ${trackPeople.main.surname}`)) ?? "";
      const coDriver = lines.find((line) => line.includes(`${trackPeople.coDriver.forename} ${trackPeople.coDriver.surname}`)) ?? "";
      expect(main).toContain(booking.code);
      // Day 1 and day 2 are the last two columns: a street GT, then a race car.
      expect(main.indexOf(t.streetGt)).toBeGreaterThan(-1);
      expect(main.indexOf(t.raceCar)).toBeGreaterThan(main.indexOf(t.streetGt));
      expect(coDriver).toContain(booking.code);
      expect(coDriver).toMatch(t.coDriver);

      const excel = await download(page, card.getByRole("button", { name: t.csvExcel }));
      expect([...excel.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(excel.bytes.toString("utf8").split("\r\n")[0]).toContain(";");

      const xlsx = await download(page, card.getByRole("button", { name: t.xlsx }));
      expect(xlsx.file.suggestedFilename()).toMatch(/\.xlsx$/);
      expect(xlsx.bytes.subarray(0, 2).toString("latin1")).toBe("PK");
      const pdf = await download(page, card.getByRole("button", { name: t.pdf }));
      expect(pdf.file.suggestedFilename()).toMatch(/\.pdf$/);
      expect(await pdfText(pdf.bytes)).toContain(`${trackPeople.coDriver.forename} ${trackPeople.coDriver.surname}`);

      // The answers' types, as the links serve them (the page's session goes along with its request).
      const types = { csv: "text/csv; charset=utf-8", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", pdf: "application/pdf" };
      for (const [format, type] of Object.entries(types)) {
        const answer = await page.request.get(`${language.prefix}/admin/events/${booking.eventUuid}/participants.${format}`);
        expect(answer.status()).toBe(200);
        expect(answer.headers()["content-type"]).toBe(type);
        expect(answer.headers()["content-disposition"]).toMatch(/^attachment; /);
      }
      // Bad input is a 4xx, never a file: an unknown dialect, an event that does not exist, an address that is no uuid.
      expect((await page.request.get(`${language.prefix}/admin/events/${booking.eventUuid}/participants.csv?dialect=latin1`)).status()).toBe(400);
      expect((await page.request.get(`${language.prefix}/admin/events/${crypto.randomUUID()}/participants.pdf`)).status()).toBe(404);
      expect((await page.request.get(`${language.prefix}/admin/events/not-an-event/participants.xlsx`)).status()).toBe(404);
    });

    test("the list holds the bookings that are going; the filter downloads the cancelled ones, or everyone", async ({ page, request }) => {
      const { eventUuid, formUuid } = await createEvent(request, "trackDayTwoDays");
      const going = await bookTrackDay(request, { locale: language.locale, email: uniqueEmail("going"), payment: "invoice", eventUuid, formUuid });
      const gone = await bookTrackDay(request, { locale: language.locale, email: uniqueEmail("gone"), payment: "invoice", eventUuid, formUuid });
      const cancelled = await request.post(`/api/staff/bookings/${gone.bookingUuid}/cancel`, {
        headers: { authorization: `Bearer ${await staffApiToken(request)}` },
        data: { refund: "none", notify: false },
      });
      expect(cancelled.status()).toBe(200);
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${language.prefix}/admin` });
      const card = eventCard(page, eventUuid);
      const codesIn = (bytes: Buffer) => [going.code, gone.code].filter((code) => bytes.toString("utf8").includes(code));

      // By default: the booking that is going, its two people, nobody else.
      const whom = card.getByLabel(t.whom);
      await expect(whom).toHaveValue("active");
      const active = await download(page, card.getByRole("button", { name: t.csv }));
      expect(codesIn(active.bytes)).toEqual([going.code]);
      expect(active.bytes.toString("utf8").split("\r\n").filter(Boolean)).toHaveLength(3);

      await whom.selectOption({ label: t.inactive });
      const inactive = await download(page, card.getByRole("button", { name: t.csvExcel }));
      expect(codesIn(inactive.bytes)).toEqual([gone.code]);
      expect(inactive.bytes.toString("utf8")).toContain(t.cancelled);
      expect(inactive.file.url()).toContain("status=inactive");
      expect(inactive.file.url()).toContain("dialect=excel-de");

      await whom.selectOption({ label: t.all });
      const everyone = await download(page, card.getByRole("button", { name: t.pdf }));
      const text = await pdfText(everyone.bytes);
      expect(text).toContain(going.code);
      expect(text).toContain(gone.code);
      expect(text).toContain(t.all);
      await shootPhoneAndDesktop(page, `admin-dashboard-exports-${language.locale}`);
      // The card alone, to look at the form without the rest of a long dashboard; nothing wider than a phone.
      for (const [screen, viewport] of [
        ["phone", { width: 390, height: 844 }],
        ["desktop", { width: 1280, height: 800 }],
      ] as const) {
        await page.setViewportSize(viewport);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await card.screenshot({ path: test.info().outputPath(`admin-dashboard-exports-card-${language.locale}-${screen}.png`) });
      }
    });

    test("a customer gets 403 on the dashboard, the call-back queue and the exports", async ({ page, request }) => {
      const { eventUuid } = await createEvent(request, "trackDayTwoDays");
      await logIn(page, language.prefix, { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" });
      for (const path of ["/admin", "/admin/call-backs"]) {
        const response = await page.goto(`${language.prefix}${path}`);
        expect(response?.status(), path).toBe(403);
        await expect(page.getByRole("heading", { level: 1, name: t.forbidden })).toBeVisible();
      }
      await expectNoAxeViolations(page);
      for (const format of ["csv", "xlsx", "pdf"]) {
        const answer = await page.request.get(`${language.prefix}/admin/events/${eventUuid}/participants.${format}`);
        expect(answer.status(), format).toBe(403);
        expect(answer.headers()["content-disposition"]).toBeUndefined();
      }
    });

    test("a customer's session cookie re-signed with the real key to claim admin and the second factor opens nothing (issue 33)", async ({ page, context }) => {
      await logIn(page, language.prefix, { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" });
      const cookie = (await context.cookies()).find((candidate) => candidate.name.replace(/^__Host-/, "") === "session");
      if (!cookie) throw new Error("no access cookie after login");
      // The same live session, claiming powers: only the account's row and the session's row grant them.
      const claims = decodeJwt(cookie.value);
      const forged = await new SignJWT({ ...claims, role: "admin", mfa: true }).setProtectedHeader({ alg: "HS256" }).sign(jwtKey());
      await context.addCookies([{ ...cookie, value: forged }]);
      for (const path of ["/admin", "/admin/staff", "/admin/site"]) {
        const response = await page.goto(`${language.prefix}${path}`);
        expect(response?.status(), path).toBe(403);
        await expect(page.getByRole("heading", { level: 1, name: t.forbidden })).toBeVisible();
      }
      // Still the customer's session: their own dashboard opens with the forged cookie.
      expect((await page.goto(`${language.prefix}/dashboard`))?.status()).toBe(200);
      const staffCall = await page.request.get("/api/staff/accounts", {
        headers: { authorization: `Bearer ${forged}`, "accept-language": language.acceptLanguage },
      });
      expect(staffCall.status()).toBe(403);
      expect(((await staffCall.json()) as { message: string }).message).toBe(t.adminsOnly);
    });
  });
}
