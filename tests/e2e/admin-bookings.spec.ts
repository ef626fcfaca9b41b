import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations, journeyLanguages, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { logIn } from "./booking-steps";
import { logInAsStaff, newStaffMember } from "./staff-support";

/**
 * The back office's bookings (issue 13, decision 028): staff find a booking by its code, filter,
 * sort and page the list (all in the address), open the detail with its people, answers and audit
 * trail, and download a file uploaded to it; customers get the 403 page on both.
 */

type Booked = { eventUuid: string; bookingUuid: string; code: string; uploadUuid: string };

/** A confirmed invoice booking of an event of the test's own (manage-test-routes.ts), with `licence.txt` attached. */
async function bookedTrip(request: APIRequestContext, locale: "en" | "de", extraBookings = 0): Promise<Booked> {
  const response = await request.post("/__test/manage-bookings", {
    data: { copyOf: "golfYogaTrip", email: uniqueEmail("desk"), locale, withUpload: true, extraBookings },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Booked;
}

const texts = {
  en: {
    title: "Bookings",
    search: "Search",
    apply: "Search",
    event: "Event",
    confirmed: "Confirmed",
    paid: "Paid",
    sortBy: "Sort by",
    moreFilters: "Status, payment, dates and order",
    from: "Submitted from",
    oneFound: "1 booking found",
    found52: "52 bookings found",
    empty: "No bookings found",
    dateOrder: "Submitted until: The start date must not be after the end date.",
    pages: "Pages",
    page1: "Page 1 of 2",
    page2: "Page 2 of 2",
    next: "Next page",
    previous: "Previous page",
    code: "Code",
    booking: (code: string) => `Booking ${code}`,
    people: "People",
    nonPlaying: "Non-playing companion",
    answers: "Answers",
    audit: "Audit trail",
    submittedConfirmed: "Submitted and confirmed",
    system: "System",
    draftToConfirmed: "Draft → Confirmed",
    uploads: "Uploads",
    download: "Download licence.txt",
    notFound: "Oops!",
    forbidden: "No access",
    backOffice: "Back office",
    all: "All bookings",
  },
  de: {
    title: "Buchungen",
    search: "Suche",
    apply: "Suchen",
    event: "Veranstaltung",
    confirmed: "Bestätigt",
    paid: "Bezahlt",
    sortBy: "Sortieren nach",
    moreFilters: "Status, Zahlung, Zeitraum und Reihenfolge",
    from: "Eingegangen ab",
    oneFound: "1 Buchung gefunden",
    found52: "52 Buchungen gefunden",
    empty: "Keine Buchungen gefunden",
    dateOrder: "Eingegangen bis: Das Startdatum darf nicht nach dem Enddatum liegen.",
    pages: "Seiten",
    page1: "Seite 1 von 2",
    page2: "Seite 2 von 2",
    next: "Nächste Seite",
    previous: "Vorherige Seite",
    code: "Code",
    booking: (code: string) => `Buchung ${code}`,
    people: "Personen",
    nonPlaying: "Nicht spielende Begleitperson",
    answers: "Antworten",
    audit: "Verlauf",
    submittedConfirmed: "Abgeschickt und bestätigt",
    system: "System",
    draftToConfirmed: "Entwurf → Bestätigt",
    uploads: "Hochgeladene Dateien",
    download: "licence.txt herunterladen",
    notFound: "Hoppla!",
    forbidden: "Kein Zugang",
    backOffice: "Backoffice",
    all: "Alle Buchungen",
  },
} as const;

const table = (page: Page) => page.getByRole("table");
const bodyRows = (page: Page) => table(page).locator("tbody tr");

for (const language of journeyLanguages("en")) {
  const t = texts[language.locale];
  const list = `${language.prefix}/admin/bookings`;
  test.describe(`back office bookings (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("staff find a booking by its code, filter, sort, open it and download its file", async ({ page, request }) => {
      const booked = await bookedTrip(request, language.locale);
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: list });
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-bookings-${language.locale}`);

      // By its code (typed in lower case, as read out on the phone).
      await page.getByRole("searchbox", { name: t.search }).fill(booked.code.toLowerCase());
      await page.getByRole("searchbox", { name: t.search }).press("Enter");
      await expect(page).toHaveURL(new RegExp(`[?&]q=${booked.code.toLowerCase()}`));
      await expect(page.getByRole("heading", { name: t.oneFound })).toBeVisible();
      await expect(bodyRows(page)).toHaveCount(1);
      await expect(table(page).getByRole("link", { name: booked.code })).toBeVisible();
      await expect(page.getByRole("navigation", { name: t.pages })).toHaveCount(0);

      // By event and status: the address carries them, a reload keeps them.
      await page.getByRole("searchbox", { name: t.search }).fill("");
      await page.getByLabel(t.event, { exact: true }).selectOption(booked.eventUuid);
      // Status, payment, dates and order are folded away until one is set (issue 32: two screens on a phone).
      await expect(page.getByRole("checkbox", { name: t.confirmed, exact: true })).toBeHidden();
      await page.getByText(t.moreFilters, { exact: true }).click();
      await page.getByRole("checkbox", { name: t.confirmed, exact: true }).check();
      await page.getByRole("button", { name: t.apply, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`event=${booked.eventUuid}.*status=confirmed`));
      await expect(bodyRows(page)).toHaveCount(1);
      await page.reload();
      await expect(page.getByLabel(t.event, { exact: true })).toHaveValue(booked.eventUuid);
      await expect(page.getByRole("checkbox", { name: t.confirmed, exact: true })).toBeChecked();
      await expect(table(page).getByRole("link", { name: booked.code })).toBeVisible();
      // Another status of the same event: nothing, said plainly.
      await page.getByRole("checkbox", { name: t.confirmed, exact: true }).uncheck();
      await page.getByRole("checkbox", { name: t.paid, exact: true }).check();
      await page.getByRole("button", { name: t.apply, exact: true }).click();
      await expect(page).toHaveURL(/status=paid/);
      await expect(page.getByText(t.empty)).toBeVisible();
      await expect(table(page)).toHaveCount(0);
      await expectNoAxeViolations(page);
      // Dates the wrong way round: the form says which field, and no list is shown.
      const refused = await page.goto(`${list}?from=2026-05-02&to=2026-05-01`);
      expect(refused?.status()).toBe(400);
      await expect(page.getByRole("alert")).toContainText(t.dateOrder);
      await expect(page.getByLabel(t.from)).toHaveValue("2026-05-02");
      await expect(table(page)).toHaveCount(0);

      // Sorting by a column header: a link that flips the order, aria-sort says the current one.
      await page.goto(`${list}?event=${booked.eventUuid}`);
      const codeHeader = page.getByRole("columnheader", { name: new RegExp(`^${t.code}`) });
      await expect(codeHeader).toHaveAttribute("aria-sort", "none");
      await codeHeader.getByRole("link").click();
      await expect(page).toHaveURL(/sort=code_asc/);
      await expect(codeHeader).toHaveAttribute("aria-sort", "ascending");
      await expect(page.getByLabel(t.sortBy)).toHaveValue("code_asc");
      await codeHeader.getByRole("link").click();
      await expect(page).toHaveURL(/sort=code_desc/);
      await expect(codeHeader).toHaveAttribute("aria-sort", "descending");

      // The detail: people, answers, the audit trail.
      await table(page).getByRole("link", { name: booked.code }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/bookings/${booked.bookingUuid}$`));
      await expect(page.getByRole("heading", { level: 1, name: t.booking(booked.code) })).toBeVisible();
      const people = page.getByRole("region", { name: t.people });
      await expect(people.getByText("Mara Łukasiewicz-Öztürk")).toBeVisible();
      await expect(people.getByText("Jonas Berg")).toBeVisible();
      await expect(people.getByText(t.nonPlaying)).toBeVisible();
      await expect(page.getByRole("region", { name: t.answers }).getByText("München")).toBeVisible();
      const audit = page.getByRole("region", { name: t.audit });
      await expect(audit.getByRole("listitem").first()).toContainText(t.submittedConfirmed);
      await expect(audit.getByRole("listitem").first()).toContainText(t.system);
      await expect(audit.getByRole("listitem").first()).toContainText(t.draftToConfirmed);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `admin-booking-${language.locale}`);

      // The file, downloaded as staff.
      const downloading = page.waitForEvent("download");
      await page.getByRole("region", { name: t.uploads }).getByRole("link", { name: t.download }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("licence.txt");
      expect(await readFile(await download.path(), "utf8")).toContain("Licence no. 4711");

      // Back to the list; an unknown booking is the 404 page inside the back office.
      await page.getByRole("link", { name: t.all }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      const missing = await page.goto(`${list}/00000000-0000-4000-8000-000000000000`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: t.notFound })).toBeVisible();
      await expect(page.getByRole("navigation", { name: t.backOffice })).toBeVisible();
    });

    test("more than 50 bookings are paged, 50 at a time, with page x of y", async ({ page, request }) => {
      const booked = await bookedTrip(request, language.locale, 51);
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${list}?event=${booked.eventUuid}` });
      await expect(page.getByRole("heading", { name: t.found52 })).toBeVisible();
      await expect(bodyRows(page)).toHaveCount(50);
      const pages = page.getByRole("navigation", { name: t.pages });
      await expect(pages.getByText(t.page1)).toBeVisible();
      await expect(pages.getByRole("link", { name: t.previous })).toHaveCount(0);
      await pages.getByRole("link", { name: t.next }).click();
      await expect(page).toHaveURL(new RegExp(`event=${booked.eventUuid}&page=2$`));
      await expect(bodyRows(page)).toHaveCount(2);
      await expect(pages.getByText(t.page2)).toBeVisible();
      await expect(pages.getByRole("link", { name: t.next })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await pages.getByRole("link", { name: t.previous }).click();
      await expect(page).toHaveURL(new RegExp(`event=${booked.eventUuid}$`));
      await expect(bodyRows(page)).toHaveCount(50);
    });

    test("the search, the filters and the table's links are reached by Tab alone", async ({ page, request }) => {
      const booked = await bookedTrip(request, language.locale);
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: `${list}?event=${booked.eventUuid}` });
      await expect(bodyRows(page)).toHaveCount(1);
      // From the top of the page, Tab by Tab, noting what has the focus, until the booking's code link.
      await page.locator("body").focus();
      const reached: string[] = [];
      for (let step = 0; step < 80; step += 1) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => {
          const element = document.activeElement;
          if (!element) return "";
          const name = element.getAttribute("name");
          if (name) return `${element.tagName.toLowerCase()}:${name}${element.getAttribute("type") === "checkbox" ? `=${element.getAttribute("value")}` : ""}`;
          if (element.getAttribute("role") === "region") return "region";
          if (element.closest("th")) return `sort:${element.closest("th")?.cellIndex}`;
          return `${element.tagName.toLowerCase()}:${element.textContent?.trim() ?? ""}`;
        });
        if (reached.at(-1) !== focused) reached.push(focused);
        if (focused === `a:${booked.code}`) break;
      }
      const expected = [
        "input:q",
        "select:event",
        // The folded filters: their summary, not their fields (issue 32).
        `summary:${t.moreFilters}`,
        `button:${t.apply}`,
        "region",
        // The first column holds the bulk selection's checkboxes (decision 033).
        "sort:1",
        "sort:2",
        `a:${booked.code}`,
      ];
      // Each in this order (other stops, like the remaining status boxes, may lie between them).
      let from = 0;
      for (const stop of expected) {
        const at = reached.indexOf(stop, from);
        expect(at, `${stop} after ${reached.slice(0, from).join(" | ")}`).toBeGreaterThanOrEqual(from);
        from = at + 1;
      }
      expect(reached).not.toContain("select:sort");
      // Enter on the summary unfolds the filters, whose fields then come next.
      await page.getByText(t.moreFilters, { exact: true }).focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("value"))).toBe("submitted");
      // Enter on the focused link opens the booking.
      await table(page).getByRole("link", { name: booked.code }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 1, name: t.booking(booked.code) })).toBeVisible();
    });

    test("search, filters, sort and paging work without JavaScript", async ({ page, request, browser }) => {
      const booked = await bookedTrip(request, language.locale);
      const member = await newStaffMember(request, { locale: language.locale });
      await logInAsStaff(page, member, { locale: language.locale, redirectTo: list });
      const context = await browser.newContext({
        javaScriptEnabled: false,
        storageState: await page.context().storageState(),
        locale: language.locale === "de" ? "de-DE" : "en-GB",
        extraHTTPHeaders: { "Accept-Language": language.acceptLanguage },
      });
      const plain = await context.newPage();
      await plain.goto(list);
      await plain.getByRole("searchbox", { name: t.search }).fill(booked.code);
      await plain.getByRole("button", { name: t.apply, exact: true }).click();
      await expect(plain).toHaveURL(new RegExp(`[?&]q=${booked.code}`));
      await expect(bodyRows(plain)).toHaveCount(1);
      await plain
        .getByRole("columnheader", { name: new RegExp(`^${t.code}`) })
        .getByRole("link")
        .click();
      await expect(plain).toHaveURL(new RegExp(`q=${booked.code}.*sort=code_asc`));
      await expect(plain.getByRole("columnheader", { name: new RegExp(`^${t.code}`) })).toHaveAttribute("aria-sort", "ascending");
      await plain.getByRole("link", { name: booked.code }).click();
      await expect(plain.getByRole("heading", { level: 1, name: t.booking(booked.code) })).toBeVisible();
      await context.close();
    });

    test("a customer gets the 403 page on the bookings list, a booking and its file", async ({ page, request }) => {
      const booked = await bookedTrip(request, language.locale);
      await logIn(page, language.prefix, { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" });
      for (const path of [list, `${list}?q=${booked.code}`, `${list}/${booked.bookingUuid}`]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(403);
        await expect(page.getByRole("heading", { level: 1, name: t.forbidden })).toBeVisible();
        await expect(page.getByText(booked.code)).toHaveCount(0);
      }
      const file = await page.request.get(`${list}/${booked.bookingUuid}/uploads/${booked.uploadUuid}`);
      expect(file.status()).toBe(403);
      expect(await file.text()).not.toContain("Licence no. 4711");
      await page.goto(list);
      await expectNoAxeViolations(page);
    });
  });
}
