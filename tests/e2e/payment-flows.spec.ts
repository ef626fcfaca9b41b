import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Download, type Locator } from "@playwright/test";
import { fillGolfBookingUpToPayment, logIn, payOnSandbox, reviewAndBook } from "./booking-steps";
import { downloadBy, expectNoAxeViolations, journeyLanguages, latestMail, linkIn, mailPolling, pdfText, uniqueEmail } from "./support";
import { createEvent } from "./test-data";
import { logInAsStaff, newStaffMember, staffApiToken } from "./staff-support";

const demoCustomer = { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" };

const text = {
  en: {
    invoice: "Invoice (bank transfer)",
    sma: "Send my booking as a request and call me to verify it",
    thanks: "Thank you for your booking!",
    downloadInvoice: "Download the invoice (PDF)",
    invoiceWords: ["Invoice", "Total"],
    smaReview: "Review my booking request",
    smaTitle: "Check and send your booking request",
    smaSend: "Send booking request",
    smaSent: "Your booking request has been sent",
    smaVerifiedSubject: /is confirmed/,
    smaRejectedSubject: /could not be confirmed/,
    payTitle: "Pay for your booking",
    payButton: /^Pay .+ by card$/,
    received: "Payment received",
    paidInFull: "Your booking is confirmed and paid in full.",
    balanceSubject: /Balance due for booking TD-/,
    paidLabel: "Paid:",
    paid: "Paid",
    outstanding: "Outstanding",
    manage: "Manage booking",
    paidByCard: "Paid by card",
  },
  de: {
    invoice: "Rechnung (Überweisung)",
    sma: "Buchung als Anfrage senden und mich zur Bestätigung anrufen",
    thanks: "Vielen Dank für Ihre Buchung!",
    downloadInvoice: "Rechnung herunterladen (PDF)",
    invoiceWords: ["Rechnung", "Gesamt"],
    smaReview: "Buchungsanfrage prüfen",
    smaTitle: "Buchungsanfrage prüfen und senden",
    smaSend: "Buchungsanfrage senden",
    smaSent: "Ihre Buchungsanfrage wurde gesendet",
    smaVerifiedSubject: /ist bestätigt/,
    smaRejectedSubject: /nicht bestätigt werden/,
    payTitle: "Ihre Buchung bezahlen",
    payButton: /^.+ mit Karte bezahlen$/,
    received: "Zahlung erhalten",
    paidInFull: "Ihre Buchung ist bestätigt und vollständig bezahlt.",
    balanceSubject: /Restzahlung für die Buchung TD-/,
    paidLabel: "Bezahlt:",
    paid: "Bezahlt",
    outstanding: "Offen",
    manage: "Buchung verwalten",
    paidByCard: "Per Karte bezahlt",
  },
} as const;

const greta = (email: string) =>
  ({
    salutation: "mrs",
    forename: "Greta",
    surname: "Schäfer",
    street: "Lindenstraße 9",
    postcode: "93047",
    city: "Regensburg",
    phone: "+49 941 123456",
    email,
  }) as const;

async function downloaded(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

/** A two-day track booking by card over the JSON API, its deposit paid on the sandbox: the quick way to a booking with a balance. */
async function trackBookingWithDepositPaid(request: APIRequestContext, locale: "en" | "de", email: string, accessToken?: string) {
  const headers: Record<string, string> = { "accept-language": locale, ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) };
  const { formUuid: trackDayForm } = await createEvent(request, "trackDayTwoDays");
  const form = (await (await request.get(`/api/form/public/${trackDayForm}`, { headers })).json()) as {
    data: { pages: { uuid: string; items: { uuid: string; name: string }[] }[] };
  };
  const opened = (await (await request.get(`/api/booking/public/${trackDayForm}`, { headers })).json()) as {
    data: { uuid: string };
    booking_token: string;
  };
  const byName: Record<string, string | boolean | string[]> = {
    "main.salutation": "mrs",
    "main.forename": "Jana",
    "main.surname": "Krüger",
    "main.street": "Ringstraße 2",
    "main.postcode": "53520",
    "main.city": "Nürburg",
    "main.country": "DE",
    "main.phone": "+49 2691 302000",
    "main.email": email,
    vehicles_per_day: ["1:own_car", "2:own_car"],
    "track.experience": "some",
    "track.driving_licence_number": "B072RRE2I55",
    terms: true,
    payment_option: "credit_card",
  };
  for (const formPage of form.data.pages) {
    const answers = Object.fromEntries(formPage.items.filter((item) => item.name in byName).map((item) => [item.uuid, byName[item.name]]));
    const saved = await request.put(`/api/booking/public/${opened.data.uuid}/update/${formPage.uuid}`, {
      headers,
      data: { booking_token: opened.booking_token, answers },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const submitted = await request.post(`/api/booking/public/${opened.data.uuid}/submit`, { headers, data: { booking_token: opened.booking_token } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const payment = (await (
    await request.post(`/api/booking/payment/create/${opened.data.uuid}/${locale}`, { headers, data: { booking_token: opened.booking_token } })
  ).json()) as { data: { redirect_url: string } };
  const checkout = new URL(payment.data.redirect_url).pathname;
  const paid = await request.post(`${checkout}/pay`, {
    form: { number: "4242424242424242", expiry: "12/34", cvc: "123", holder: "Jana Krüger" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  // The return page asks the provider and confirms, as the browser's redirect would.
  const returned = await request.get(new URL(paid.headers().location ?? "").pathname);
  expect(returned.status()).toBe(200);
  return opened.data.uuid;
}

/** The figure a `<dl>` gives for a label ("Paid" or the dashboard card's "Paid:"), as shown. */
const figure = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`).innerText();

for (const language of journeyLanguages("en")) {
  const t = text[language.locale];
  test.describe(`payment flows in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("invoice: confirmed at once, the PDF invoice downloads with the booking's numbers and comes by e-mail", async ({ page }) => {
      const email = uniqueEmail(`invoice-${language.locale}`);
      await fillGolfBookingUpToPayment(page, language.locale, language.prefix, greta(email));
      await page.getByRole("radio", { name: t.invoice }).check();
      await reviewAndBook(page, language.locale);
      await expect(page.getByRole("heading", { level: 1, name: t.thanks })).toBeVisible();
      const code = (await page.getByTestId("booking-code").innerText()).trim();
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: t.downloadInvoice }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
      const pdf = await pdfText(await downloaded(download));
      for (const word of [...t.invoiceWords, code, "Greta Schäfer", "Lindenstraße 9", "DE69 7015 0000 1004 5893 21"]) expect(pdf).toContain(word);
      await expect.poll(async () => (await latestMail(email)).subject, mailPolling).toContain(download.suggestedFilename().replace(".pdf", ""));
      const mail = (await latestMail(email)) as Awaited<ReturnType<typeof latestMail>> & { attachments?: { filename: string }[] };
      expect(mail.attachments?.map((attachment) => attachment.filename)).toEqual([download.suggestedFilename()]);
    });

    test("SMA: review, send, staff verify by phone, the e-mail link continues to the payment", async ({ page, request }) => {
      const email = uniqueEmail(`sma-${language.locale}`);
      await fillGolfBookingUpToPayment(page, language.locale, language.prefix, greta(email));
      await page.getByRole("checkbox", { name: t.sma }).check();
      // A request costs nothing now: the button says it leads to the review, not to a payment.
      await page.getByRole("button", { name: t.smaReview }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.smaTitle })).toBeVisible();
      await expect(page.getByText("Greta Schäfer")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: t.smaSend }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.smaSent })).toBeVisible();
      await expectNoAxeViolations(page);
      const bookingUuid = new URL(page.url()).searchParams.get("booking") ?? "";

      const token = await staffApiToken(request);
      const verified = await request.post(`/api/staff/bookings/${bookingUuid}/sma/verify`, { headers: { authorization: `Bearer ${token}` }, data: {} });
      expect(verified.status()).toBe(200);

      await expect.poll(async () => (await latestMail(email)).subject, mailPolling).toMatch(t.smaVerifiedSubject);
      const payLink = linkIn(await latestMail(email), /https?:\/\/\S+\/pay\/[0-9a-f-]{36}\.[A-Za-z0-9_-]+/);
      await page.goto(payLink);
      await expect(page.getByRole("heading", { level: 1, name: t.payTitle })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: t.payButton }).click();
      await payOnSandbox(page, language.locale, "4242 4242 4242 4242", "Test Customer");
      await expect(page.getByRole("heading", { level: 1, name: t.received })).toBeVisible();
      await expect(page.getByText(t.paidInFull)).toBeVisible();
    });

    test("SMA rejected: the customer is told by e-mail", async ({ page, request }) => {
      const email = uniqueEmail(`sma-no-${language.locale}`);
      await fillGolfBookingUpToPayment(page, language.locale, language.prefix, greta(email));
      await page.getByRole("checkbox", { name: t.sma }).check();
      // A request costs nothing now: the button says it leads to the review, not to a payment.
      await page.getByRole("button", { name: t.smaReview }).click();
      await page.getByRole("button", { name: t.smaSend }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.smaSent })).toBeVisible();
      const bookingUuid = new URL(page.url()).searchParams.get("booking") ?? "";
      const token = await staffApiToken(request);
      expect((await request.post(`/api/staff/bookings/${bookingUuid}/sma/reject`, { headers: { authorization: `Bearer ${token}` }, data: {} })).status()).toBe(
        200,
      );
      await expect.poll(async () => (await latestMail(email)).subject, mailPolling).toMatch(t.smaRejectedSubject);
    });

    test("the balance: the due e-mail's link pays the remainder", async ({ page, request }) => {
      const email = uniqueEmail(`balance-${language.locale}`);
      const bookingUuid = await trackBookingWithDepositPaid(request, language.locale, email);
      const due = await request.post(`/__test/bookings/${bookingUuid}/balance-due`);
      expect(due.status()).toBe(200);
      await expect.poll(async () => (await latestMail(email)).subject, mailPolling).toMatch(t.balanceSubject);
      const payLink = linkIn(await latestMail(email), /https?:\/\/\S+\/pay\/[0-9a-f-]{36}\.[A-Za-z0-9_-]+/);
      await page.goto(payLink);
      await expect(page.getByRole("heading", { level: 1, name: t.payTitle })).toBeVisible();
      await page.getByRole("button", { name: t.payButton }).click();
      await payOnSandbox(page, language.locale, "4242 4242 4242 4242", "Test Customer");
      await expect(page.getByRole("heading", { level: 1, name: t.received })).toBeVisible();
      await expect(page.getByText(t.paidInFull)).toBeVisible();
    });

    test("the dashboard shows what is paid and due with a pay button, and downloads the invoice; the balance paid early, every surface says the same", async ({
      page,
      request,
      browser,
    }) => {
      test.slow();
      // A card booking of the demo customer with its deposit paid, made over the API with their login.
      const login = await request.post("/api/auth/public/login", { data: demoCustomer });
      const { access_token: accessToken } = (await login.json()) as { access_token: string };
      const bookingUuid = await trackBookingWithDepositPaid(request, language.locale, demoCustomer.email, accessToken);
      await logIn(page, language.prefix, demoCustomer);
      await page.goto(`${language.prefix}/dashboard`);
      // The first item with the code is its card; the invoices section lists it again.
      const card = page.getByRole("listitem").filter({ hasText: "GC-7K4M2Q" }).first();
      await expect(card).toBeVisible();
      await expectNoAxeViolations(page);
      const downloading = page.waitForEvent("download");
      await card.getByRole("link", { name: t.downloadInvoice }).click();
      const pdf = await pdfText(await downloaded(await downloading));
      for (const word of ["GC-7K4M2Q", "Stefan Hofmann", "Maximilianstraße 12", "Rechnung"]) expect(pdf).toContain(word);

      const cardBooking = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: t.payButton }) });
      await expect(cardBooking.getByText(t.paidLabel)).toHaveCount(await cardBooking.count());
      const codes = await cardBooking.allInnerTexts();
      expect(codes.some((entry) => /TD-/.test(entry))).toBe(true);
      // The deposit paid: the card and the manage page say the same paid and outstanding (issue 28).
      const ours = page.getByRole("listitem").filter({ has: page.locator(`input[name="booking"][value="${bookingUuid}"]`) });
      const code = (await ours.innerText()).match(/TD-[A-Z0-9]+/)?.[0] ?? "";
      expect(code).not.toBe("");
      const cardPaid = await figure(ours, `${t.paid}:`);
      const cardOutstanding = await figure(ours, `${t.outstanding}:`);
      const manageHref = await ours.getByRole("link", { name: new RegExp(t.manage) }).getAttribute("href");
      await page.goto(manageHref ?? "");
      const manageAccount = page.getByTestId("account-summary");
      expect(await figure(manageAccount, t.paid)).toBe(cardPaid);
      expect(await figure(manageAccount, t.outstanding)).toBe(cardOutstanding);

      // The balance early from the dashboard.
      await page.goto(`${language.prefix}/dashboard`);
      await page.locator(`form:has(input[name="booking"][value="${bookingUuid}"])`).getByRole("button", { name: t.payButton }).click();
      await payOnSandbox(page, language.locale, "4242 4242 4242 4242", "Test Customer");
      await expect(page.getByRole("heading", { level: 1, name: t.received })).toBeVisible();
      await expect(page.getByText(t.paidInFull)).toBeVisible();

      // Paid in full everywhere: the card, the manage page, its invoice and the staff detail.
      await page.goto(`${language.prefix}/dashboard`);
      const paidCard = page.getByRole("listitem").filter({ hasText: code }).first();
      const paidInFull = await figure(paidCard, `${t.paid}:`);
      await expect(paidCard.locator(`dt:text-is("${t.outstanding}:")`)).toHaveCount(0);
      await page.goto(manageHref ?? "");
      expect(await figure(page.getByTestId("account-summary"), t.paid)).toBe(paidInFull);
      expect(await figure(page.getByTestId("account-summary"), t.outstanding)).toMatch(/^(€0\.00|0,00\s€)$/);
      const invoice = await pdfText(await downloadBy(page.getByRole("region", { name: /^(Invoices|Rechnungen)$/ }).getByRole("link", { name: /PDF/ }).first()));
      expect(invoice).toContain(t.paidByCard);
      const staff = await browser.newContext({ locale: language.locale === "de" ? "de-DE" : "en-GB" });
      try {
        const desk = await staff.newPage();
        await logInAsStaff(desk, await newStaffMember(request, { locale: language.locale }), {
          locale: language.locale,
          redirectTo: `${language.prefix}/admin/bookings/${bookingUuid}`,
        });
        expect(await figure(desk.getByTestId("account-summary"), t.paid)).toBe(paidInFull);
      } finally {
        await staff.close();
      }
    });
  });
}
