import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Download, type Page } from "@playwright/test";
import { fillDate, fillMainParticipant, logIn, participantLabels } from "./booking-steps";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, languages, latestMail, linkIn, pdfText, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

const media = (name: string) => path.join(import.meta.dirname, "../fixtures/media", name);

/**
 * "Manage my booking" (decision 023): the private link from the e-mails opens the booking for
 * everyone; later details until the deadline; a new link revokes the old one; the link expires after
 * the event; logged-in customers reach it from the dashboard, which lists the invoices of their bookings.
 */

const texts = {
  en: {
    confirmed: "Confirmed: your places are booked.",
    main: "Main participant",
    companion: "Non-playing companion",
    later: "Details to complete",
    dietary: /^Dietary requirements or allergies$/,
    laterNote: /May be completed later/,
    save: "Save details",
    saved: "Your details have been saved.",
    answers: "Your answers",
    closed: /could be completed until .*; they can no longer be changed/,
    calendar: "Add to calendar (.ics)",
    invoice: "Download invoice (PDF)",
    newLink: "Send me a new link",
    sent: /We have sent a new link to m•••@example\.com\. This link no longer works\./,
    revoked: "This link is no longer valid",
    expired: "This link has expired",
    newLinkSubject: /^Your new link to booking MB-/,
    manage: "Manage booking",
    invoices: "Your invoices",
    notFound: /not found|does not exist/i,
    video: "Your introduction video",
    uploaded: "Uploaded: hello.mp4 · 10 seconds",
    files: "Uploaded files",
    tooLong: "This video is too long: at most 30 seconds are allowed.",
    payment: "Payment",
    outstanding: "Outstanding",
    fullDueBy: /^Full amount €[\d,.]+ due by \d{1,2} \w+ 20\d\d$/,
    open: "Open",
    dueNow: /Due now/,
    byTransfer: "Please pay by bank transfer as your invoice says.",
  },
  de: {
    confirmed: "Bestätigt: Ihre Plätze sind gebucht.",
    main: "Hauptteilnehmer:in",
    companion: "Nicht golfspielende Begleitperson",
    later: "Angaben ergänzen",
    dietary: /^Ernährungswünsche oder Allergien$/,
    laterNote: /Kann später ergänzt werden/,
    save: "Angaben speichern",
    saved: "Ihre Angaben wurden gespeichert.",
    answers: "Ihre Angaben",
    closed: /konnten bis zum .* ergänzt werden; sie lassen sich nicht mehr ändern/,
    calendar: "Zum Kalender hinzufügen (.ics)",
    invoice: "Rechnung herunterladen (PDF)",
    newLink: "Neuen Link zusenden",
    sent: /Wir haben einen neuen Link an m•••@example\.com geschickt\. Dieser Link funktioniert nicht mehr\./,
    revoked: "Dieser Link ist nicht mehr gültig",
    expired: "Dieser Link ist abgelaufen",
    newLinkSubject: /^Ihr neuer Link zur Buchung MB-/,
    manage: "Buchung verwalten",
    invoices: "Ihre Rechnungen",
    notFound: /nicht gefunden|gibt es nicht|existiert nicht/i,
    video: "Ihr Vorstellungsvideo",
    uploaded: "Hochgeladen: hello.mp4 · 10 Sekunden",
    files: "Hochgeladene Dateien",
    tooLong: "Dieses Video ist zu lang: Erlaubt sind höchstens 30 Sekunden.",
    payment: "Zahlung",
    outstanding: "Offen",
    fullDueBy: /^Gesamtbetrag [\d.,]+\s€ fällig bis \d{1,2}\. \S+ 20\d\d$/,
    open: "Offen",
    dueNow: /Jetzt fällig/,
    byTransfer: "Bitte überweisen Sie den Betrag wie auf Ihrer Rechnung angegeben.",
  },
} as const;

type Booked = { eventUuid: string; formUuid: string; bookingUuid: string; code: string; managePath: string };

/**
 * A copy of the golf & yoga trip with one confirmed invoice booking, and its private link (test route);
 * `laterItems` are marked "may be completed later" in the copy's form.
 */
async function bookedTrip(request: APIRequestContext, locale: "en" | "de", email: string, ownerEmail?: string, laterItems?: string[]): Promise<Booked> {
  const response = await request.post("/__test/manage-bookings", {
    data: { copyOf: "golfYogaTrip", email, locale, ...(ownerEmail ? { ownerEmail } : {}), ...(laterItems ? { laterItems } : {}) },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Booked;
}

async function moveEvent(request: APIRequestContext, eventUuid: string, startsInDays: number, days = 2) {
  const response = await request.post(`/__test/events/${eventUuid}/move`, { data: { startsInDays, days } });
  expect(response.status()).toBe(200);
}

async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  if (!file) throw new Error("the download has no file");
  return readFileSync(file);
}

async function download(page: Page, name: string): Promise<Buffer> {
  const waiting = page.waitForEvent("download");
  await page.getByRole("link", { name }).click();
  return downloaded(await waiting);
}

for (const language of languages) {
  const t = texts[language.locale];
  test.describe(`manage my booking (${language.locale})`, () => {
    test.use({ locale: language.locale === "de" ? "de-DE" : "en-GB", extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("the payment panel shows the booking account: what is owed, paid and outstanding, and the transfer due by its date, not now (issue 28)", async ({
      page,
      request,
    }) => {
      const booked = await bookedTrip(request, language.locale, uniqueEmail(`account-${language.locale}`));
      await page.goto(booked.managePath);
      await hydrated(page);
      const panel = page.getByRole("region", { name: t.payment });
      const summary = panel.getByTestId("account-summary");
      await expect(summary.getByText(t.outstanding, { exact: true }).first()).toBeVisible();
      const dues = summary.getByTestId("account-dues").getByRole("listitem");
      await expect(dues).toHaveCount(1);
      await expect(dues.first().locator("span").first()).toHaveText(t.fullDueBy);
      await expect(dues.first()).toContainText(t.open);
      await expect(panel).not.toContainText(t.dueNow);
      await expect(panel.getByText(t.byTransfer)).toBeVisible();
      // An invoice booking pays by transfer: no card button.
      await expect(page.getByRole("link", { name: /Pay|bezahlen/ })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `manage-account-${language.locale}`);
    });

    test("the private link opens the booking: status, people, later details saved, answers, .ics and invoice", async ({ page, request }) => {
      const consoleClean = failOnConsoleErrors(page);
      const email = uniqueEmail(`manage-${language.locale}`);
      const booked = await bookedTrip(request, language.locale, email);
      expect(booked.managePath.startsWith(`${language.prefix}/my-booking/`)).toBe(true);
      await page.goto(booked.managePath);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/Golf/);
      await expect(page.getByTestId("status-text")).toHaveText(t.confirmed);
      await expect(page.getByText(booked.code)).toBeVisible();
      const people = page.getByRole("region", { name: language.locale === "en" ? "People" : "Personen" });
      await expect(people.getByText("Mara Łukasiewicz-Öztürk")).toBeVisible();
      await expect(people.getByText(t.main)).toBeVisible();
      await expect(people.getByText("Jonas Berg", { exact: true })).toBeVisible();
      await expect(people.getByText(t.companion)).toBeVisible();

      // Later details: the item says it may be completed later, and is saved with the page's button.
      const later = page.getByRole("region", { name: t.later });
      const dietary = later.getByLabel(t.dietary);
      await expect(dietary).toHaveAccessibleDescription(t.laterNote);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `manage-open-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await dietary.fill("Vegetarian, no nuts");
      await later.getByRole("button", { name: t.save }).click();
      await expect(later.getByText(t.saved)).toBeVisible();
      await expect(page.getByRole("region", { name: t.answers }).getByText("Vegetarian, no nuts")).toBeVisible();
      await page.reload();
      await expect(page.getByRole("region", { name: t.later }).getByLabel(t.dietary)).toHaveValue("Vegetarian, no nuts");

      const ics = (await download(page, t.calendar)).toString("utf8");
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics).toMatch(/\r\nDTSTART;VALUE=DATE:\d{8}\r\n/);
      expect(ics).toContain(`${booked.code}`);
      expect(ics).not.toContain("my-booking");
      const pdf = await pdfText(await download(page, t.invoice));
      expect(pdf).toContain(booked.code);
      expect(pdf).toContain("Łukasiewicz-Öztürk");
      consoleClean();
    });

    test("a video marked for later is sent from the manage page: a refused one says why, an accepted one is listed and stays", async ({ page, request }) => {
      const consoleClean = failOnConsoleErrors(page, [/status of 422/]);
      const booked = await bookedTrip(request, language.locale, uniqueEmail(`manage-upload-${language.locale}`), undefined, ["intro_video"]);
      await page.goto(booked.managePath);
      await hydrated(page);
      const later = page.getByRole("region", { name: t.later });
      const chooser = later.getByLabel(t.video);
      await expect(chooser).toHaveAccessibleDescription(t.laterNote);
      // Too long: refused with the reason under the field, the chooser emptied, nothing listed.
      await chooser.setInputFiles(media("clip-45s.mp4"));
      await expect(later.getByText(t.tooLong)).toBeVisible();
      await expect(chooser).toHaveJSProperty("value", "");
      const files = page.getByRole("region", { name: t.files });
      await expect(files.getByText("clip-45s.mp4")).toHaveCount(0);

      await chooser.setInputFiles({ name: "hello.mp4", mimeType: "video/mp4", buffer: readFileSync(media("clip-10s.mp4")) });
      await expect(later.getByTestId("uploaded-file")).toHaveText(t.uploaded);
      await expect(files.getByText("hello.mp4")).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `manage-upload-${language.locale}`);
      await page.reload();
      await expect(page.getByRole("region", { name: t.later }).getByTestId("uploaded-file")).toHaveText(t.uploaded);
      await expect(page.getByRole("region", { name: t.files }).getByText("hello.mp4")).toBeVisible();
      consoleClean();
    });

    test("after the deadline the details are read-only; after the event the link has expired (410)", async ({ page, request }) => {
      const booked = await bookedTrip(request, language.locale, uniqueEmail(`manage-late-${language.locale}`));
      // Null days before the event: open until the event starts; it starts today.
      await moveEvent(request, booked.eventUuid, 0);
      await page.goto(booked.managePath);
      const later = page.getByRole("region", { name: t.later });
      await expect(later.getByText(t.closed)).toBeVisible();
      await expect(later.getByRole("textbox")).toHaveCount(0);
      await expect(later.getByRole("button", { name: t.save })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `manage-closed-${language.locale}`);

      await moveEvent(request, booked.eventUuid, -5);
      const response = await page.goto(booked.managePath);
      expect(response?.status()).toBe(410);
      await expect(page.getByRole("heading", { level: 1, name: t.expired })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("a new link revokes the old one and comes by e-mail; a wrong link is a 404", async ({ page, request }) => {
      const email = uniqueEmail(`manage-renew-${language.locale}`);
      const booked = await bookedTrip(request, language.locale, email);
      const since = Date.now();
      await page.goto(booked.managePath);
      await hydrated(page);
      await page.getByRole("button", { name: t.newLink }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.revoked })).toBeVisible();
      await expect(page.getByText(t.sent)).toBeVisible();
      await expectNoAxeViolations(page);

      const mail = await latestMail(email, since - 1000);
      expect(mail.subject).toMatch(t.newLinkSubject);
      const newLink = linkIn(mail, /https?:\/\/\S+\/my-booking\/[0-9a-f-]{36}\.1\.[A-Za-z0-9_-]{43}/);
      await page.goto(newLink);
      await expect(page.getByTestId("status-text")).toHaveText(t.confirmed);

      const old = await page.goto(booked.managePath);
      expect(old?.status()).toBe(410);
      await expect(page.getByRole("heading", { level: 1, name: t.revoked })).toBeVisible();
      const wrong = await page.goto(`${booked.managePath.slice(0, -4)}AAAA`);
      expect(wrong?.status()).toBe(404);
    });

    test("the booking form marks the items that may be completed later", async ({ page, request }) => {
      const trip = await createEvent(request, "golfYogaTrip");
      await page.goto(`${language.prefix}/booking/${trip.formUuid}`);
      await fillMainParticipant(page, language.locale, {
        salutation: "mrs",
        forename: "Mara",
        surname: "Berg",
        street: "Hauptstraße 1",
        postcode: "80331",
        city: "München",
        phone: "+49 89 1234567",
        email: uniqueEmail(`manage-form-${language.locale}`),
      });
      await fillDate(page, /^(Date of birth|Geburtsdatum)( \*)?$/, { day: "17", month: "05", year: "1980" });
      await page.getByRole("button", { name: participantLabels[language.locale].next }).click();
      await expect(page).toHaveURL(/page=2/);
      const dietary = page.getByLabel(t.dietary);
      await expect(dietary).toHaveAccessibleDescription(t.laterNote);
      await expect(dietary).not.toHaveAttribute("required", "");
    });

    test("the dashboard links each booking to its manage page and lists the invoices of its bookings", async ({ page, request }) => {
      const customer = { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" };
      const upcoming = await bookedTrip(request, language.locale, uniqueEmail(`manage-owner-${language.locale}`), customer.email);
      const past = await bookedTrip(request, language.locale, uniqueEmail(`manage-past-${language.locale}`), customer.email);
      await moveEvent(request, past.eventUuid, -30);
      await logIn(page, language.prefix, customer);
      await page.goto(`${language.prefix}/dashboard`);
      const invoices = page.getByRole("region", { name: t.invoices });
      const pastInvoice = invoices.getByRole("listitem").filter({ hasText: past.code }).getByRole("link", { name: /PDF/ });
      await expect(pastInvoice).toBeVisible();
      await expect(invoices.getByRole("listitem").filter({ hasText: upcoming.code }).getByRole("link", { name: /PDF/ })).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, `manage-dashboard-${language.locale}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      const pdf = await pdfText(
        await (async () => {
          const waiting = page.waitForEvent("download");
          await pastInvoice.click();
          return downloaded(await waiting);
        })(),
      );
      expect(pdf).toContain(past.code);

      // The first item with the code is its card; the invoices section lists it again.
      const card = page.getByRole("listitem").filter({ hasText: upcoming.code }).first();
      await card.getByRole("link", { name: new RegExp(t.manage) }).click();
      await expect(page).toHaveURL(/\/my-booking\/[0-9a-f-]{36}\.0\./);
      await expect(page.getByText(upcoming.code, { exact: true })).toBeVisible();
    });
  });
}
