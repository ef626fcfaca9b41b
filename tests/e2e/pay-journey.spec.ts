import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { payOnSandbox } from "./booking-steps";
import { expectNoAxeViolations, failOnConsoleErrors, hydrated, journeyLanguages, mailMatching, shootPhoneAndDesktop, uniqueEmail } from "./support";
import { createEvent } from "./test-data";

/**
 * Issue 12, the "pay" part: after the binding click a card booking is not "thank you" but "your
 * places are held — pay now", with a live countdown of the hold on every page it can land on while
 * unpaid (success page, the mail's pay link, the payment-failed page); every booking mail carries the
 * manage link, every mail about an unpaid booking the pay link; a call-back request charges nothing
 * now; "create a customer account" sends an activation mail and its page activates the account.
 */

const text = {
  en: {
    held: "Your places are held — pay now to complete your booking",
    thanks: /Thank you/,
    until: /We hold your places until \d{1,2} \w+ \d{4} at \d\d:\d\d CES?T\./,
    timeLeft: "Time left to pay:",
    payButton: /^Pay .+ by card$/,
    cardSubject: /^Pay by .+ CES?T to complete your booking TD-/,
    payLinkLabel: /Pay €[\d.,]+ now/,
    manageLabel: "Manage my booking: ",
    viewMyBookings: "View my bookings",
    failed: "Payment not completed",
    retry: "Try again",
    supportHours: "Support hours: Mon–Fri 8:00–18:00 German time",
    tenMinutes: "10 minutes left to pay.",
    expired: "Your places are no longer held",
    smaSubject: /^Booking request received: TD-/,
    dueNow: "Due now",
    dueLater: /€[\d.,]+ due once we have verified your request/,
    nothingCharged: "Nothing is charged now.",
    thanksInvoice: "Thank you for your booking!",
    activationSent: "We sent you an e-mail to activate your account",
    activationSubject: /^Activate your customer account$/,
    activationValid: "The link is valid for 7 days",
    activationTitle: "Activate your customer account",
    password: /^Password( \*)?$/,
    confirmation: /^Confirm password( \*)?$/,
    activate: "Activate my account",
    active: "Your account is active. You can log in now.",
    linkUsed: "This activation link has been used already or has expired.",
    newLink: "Get a new link",
  },
  de: {
    held: "Ihre Plätze sind reserviert – bezahlen Sie jetzt, um Ihre Buchung abzuschließen",
    thanks: /Vielen Dank/,
    until: /Wir halten Ihre Plätze bis \d{1,2}\. \S+ \d{4} um \d\d:\d\d MES?Z für Sie frei\./,
    timeLeft: "Verbleibende Zeit zum Bezahlen:",
    payButton: /^.+ mit Karte bezahlen$/,
    cardSubject: /^Bitte bis .+ MES?Z bezahlen, um Ihre Buchung TD-\w+ abzuschließen$/,
    payLinkLabel: /[\d.,]+\s€ jetzt bezahlen/,
    manageLabel: "Meine Buchung verwalten: ",
    viewMyBookings: "Meine Buchungen ansehen",
    failed: "Zahlung nicht abgeschlossen",
    retry: "Erneut versuchen",
    supportHours: "Servicezeiten: Mo–Fr 8:00–18:00 Uhr deutscher Zeit",
    tenMinutes: "Noch 10 Minuten zum Bezahlen.",
    expired: "Ihre Plätze sind nicht mehr reserviert",
    smaSubject: /^Buchungsanfrage eingegangen: TD-/,
    dueNow: "Jetzt fällig",
    dueLater: /[\d.,]+\s€ fällig, sobald wir Ihre Anfrage bestätigt haben/,
    nothingCharged: "Jetzt wird nichts abgebucht.",
    thanksInvoice: "Vielen Dank für Ihre Buchung!",
    activationSent: "Wir haben Ihnen eine E-Mail zur Aktivierung Ihres Kontos geschickt",
    activationSubject: /^Aktivieren Sie Ihr Kundenkonto$/,
    activationValid: "Der Link ist 7 Tage gültig",
    activationTitle: "Kundenkonto aktivieren",
    password: /^Passwort( \*)?$/,
    confirmation: /^Passwort bestätigen( \*)?$/,
    activate: "Mein Konto aktivieren",
    active: "Ihr Konto ist aktiv. Sie können sich jetzt anmelden.",
    linkUsed: "Dieser Aktivierungslink wurde bereits verwendet oder ist abgelaufen.",
    newLink: "Neuen Link anfordern",
  },
} as const;

type Options = { paymentOption: "credit_card" | "invoice"; sma?: boolean; createAccount?: boolean };

/**
 * A submitted two-day track booking of the test's own event, filled over the public API as the form
 * would (the form's own steps belong to other specs), with this browser holding its key: the
 * booking cookie the form sets, so the success page opens for it.
 */
async function bookOverApi(request: APIRequestContext, context: BrowserContext, baseURL: string, locale: "en" | "de", email: string, options: Options) {
  const headers = { "accept-language": locale === "de" ? "de-DE" : "en-GB" };
  const { formUuid } = await createEvent(request, "trackDayTwoDays");
  const form = (await (await request.get(`/api/form/public/${formUuid}`, { headers })).json()) as {
    data: { pages: { uuid: string; items: { uuid: string; name: string }[] }[] };
  };
  const opened = (await (await request.get(`/api/booking/public/${formUuid}`, { headers })).json()) as { data: { uuid: string }; booking_token: string };
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
    payment_option: options.paymentOption,
    ...(options.sma ? { sma: "requested" } : {}),
    ...(options.createAccount ? { create_account: true } : {}),
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
  await context.addCookies([{ name: "booking_token", value: `${formUuid}:${opened.data.uuid}:${opened.booking_token}`, url: baseURL }]);
  return opened.data.uuid;
}

/** The path of the first link in a mail's text whose path matches. */
function pathIn(mailText: string, path: RegExp): string {
  const match = new RegExp(`https?://[^\\s/]+(${path.source})`).exec(mailText);
  if (!match?.[1]) throw new Error(`no link ${path} in:\n${mailText}`);
  return match[1];
}

async function expectLiveCountdown(page: Page, t: (typeof text)["en" | "de"]) {
  await expect(page.getByText(t.until)).toBeVisible();
  await expect(page.getByText(t.timeLeft)).toBeVisible();
  const timer = page.getByRole("timer", { name: t.timeLeft });
  // A timer is silent for screen readers; the polite region beside it speaks only at a few minute marks.
  await expect(timer).toHaveAttribute("aria-live", "off");
  await expect(timer).toHaveText(/^\d\d:\d\d$/);
  const first = await timer.innerText();
  await expect.poll(() => timer.innerText(), { timeout: 5_000 }).not.toBe(first);
}

for (const language of journeyLanguages("de")) {
  const t = text[language.locale];
  const prefix = language.prefix;
  test.describe(`pay part in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("a card booking's pages say the places are held, with a live countdown and the pay button; the mail carries the pay and manage links; the failed page's support address is a mailto link", async ({
      page,
      context,
      baseURL,
    }) => {
      const consoleErrors = failOnConsoleErrors(page);
      const email = uniqueEmail(`pay-held-${language.locale}`);
      const bookingUuid = await bookOverApi(page.request, context, baseURL ?? "", language.locale, email, { paymentOption: "credit_card" });

      await page.goto(`${prefix}/booking-success?booking=${bookingUuid}`);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: t.held })).toBeVisible();
      await expect(page.getByText(t.thanks)).toHaveCount(0);
      await expectLiveCountdown(page, t);
      await expect(page.getByRole("button", { name: t.payButton })).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, "booking-success-held");

      const mail = await mailMatching(email, t.cardSubject);
      expect(mail.text).toMatch(t.payLinkLabel);
      expect(mail.text).toContain(t.manageLabel);
      expect(mail.text).not.toContain(t.viewMyBookings);
      const manage = pathIn(mail.text, /(?:\/de)?\/my-booking\/[A-Za-z0-9._-]+/);
      expect(manage.startsWith(`${prefix}/my-booking/${bookingUuid}.`)).toBe(true);

      await page.goto(pathIn(mail.text, /(?:\/de)?\/pay\/[A-Za-z0-9._-]+/));
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: t.held })).toBeVisible();
      await expectLiveCountdown(page, t);
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, "pay-link-held");

      await page.getByRole("button", { name: t.payButton }).click();
      await payOnSandbox(page, language.locale, "4000 0000 0000 0002", "Jana Krüger");
      await expect(page).toHaveURL(new RegExp(`${prefix}/payment/failed/[A-Za-z0-9_-]+$`));
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: t.failed })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: t.held })).toBeVisible();
      await expectLiveCountdown(page, t);
      await expect(page.getByRole("button", { name: t.retry })).toBeVisible();
      // (The footer names the support address and hours too; this is the page's own line.)
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "support@trackside-fairway.de" })).toHaveAttribute("href", "mailto:support@trackside-fairway.de");
      await expect(main.getByText(t.supportHours)).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, "payment-failed-held");
      consoleErrors();
    });

    test("without scripts the held page shows the deadline, the time left and the pay button", async ({ browser, baseURL, request }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });
      const page = await context.newPage();
      const bookingUuid = await bookOverApi(request, context, baseURL ?? "", language.locale, uniqueEmail(`pay-nojs-${language.locale}`), {
        paymentOption: "credit_card",
      });
      await page.goto(`${prefix}/booking-success?booking=${bookingUuid}`);
      await expect(page.getByRole("heading", { level: 1, name: t.held })).toBeVisible();
      await expect(page.getByText(t.until)).toBeVisible();
      await expect(page.getByRole("timer")).toHaveText(/^(29|30):\d\d$/);
      await expect(page.getByRole("button", { name: t.payButton })).toBeVisible();
      await context.close();
    });

    test("the countdown speaks at ten minutes left, and when the hold runs out the page says so", async ({ page, context, baseURL }) => {
      const bookingUuid = await bookOverApi(page.request, context, baseURL ?? "", language.locale, uniqueEmail(`pay-expiry-${language.locale}`), {
        paymentOption: "credit_card",
      });
      await page.clock.install();
      await page.goto(`${prefix}/booking-success?booking=${bookingUuid}`);
      await hydrated(page);
      const announcer = page.getByTestId("hold-countdown").locator('[aria-live="polite"]');
      await expect(announcer).toHaveText("");
      // The count starts from the moment its effect runs: wait for a tick, or on a busy machine the
      // fast-forward below can land before the effect and the count would start afresh after it.
      const clock = page.getByTestId("hold-clock");
      const rendered = await clock.textContent();
      await expect(clock).not.toHaveText(rendered ?? "");
      // On a busy machine seconds pass between booking and page: go from what the clock shows to 9:30 left.
      const shown = (await clock.textContent()) ?? "";
      const [minutes, seconds] = shown.split(":").map(Number);
      const secondsShown = (minutes ?? 0) * 60 + (seconds ?? 0);
      expect(secondsShown).toBeGreaterThan(600);
      await page.clock.fastForward((secondsShown - 570) * 1000);
      await page.clock.runFor(1000);
      await expect(announcer).toHaveText(t.tenMinutes);
      // The server lets the hold run out, and the browser's clock reaches the end of it.
      const expired = await page.request.post(`/__test/bookings/${bookingUuid}/expire-hold`);
      expect(expired.status()).toBe(200);
      await page.clock.fastForward("10:00");
      await page.clock.runFor(1000);
      await expect(page.getByRole("heading", { level: 1, name: t.expired })).toBeVisible();
      await expect(page.getByRole("button", { name: t.payButton })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: t.expired })).toBeVisible();
    });

    test("a call-back request's mail charges nothing now and says what will be due after the call", async ({ page, context, baseURL }) => {
      const email = uniqueEmail(`pay-sma-${language.locale}`);
      await bookOverApi(page.request, context, baseURL ?? "", language.locale, email, { paymentOption: "credit_card", sma: true });
      const mail = await mailMatching(email, t.smaSubject);
      expect(mail.text).not.toContain(t.dueNow);
      expect(mail.text).toMatch(t.dueLater);
      expect(mail.text).toContain(t.nothingCharged);
      expect(mail.text).toContain(t.manageLabel);
      expect(mail.text).not.toMatch(/\/pay\//);
    });

    test("'create a customer account' sends an activation mail, the success page says so, and its page activates the account once", async ({
      page,
      context,
      baseURL,
    }) => {
      const consoleErrors = failOnConsoleErrors(page);
      const email = uniqueEmail(`pay-activate-${language.locale}`);
      const bookingUuid = await bookOverApi(page.request, context, baseURL ?? "", language.locale, email, { paymentOption: "invoice", createAccount: true });
      await page.goto(`${prefix}/booking-success?booking=${bookingUuid}`);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: t.thanksInvoice })).toBeVisible();
      await expect(page.getByText(t.activationSent)).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, "booking-success-activation");

      const mail = await mailMatching(email, t.activationSubject);
      expect(mail.text).toContain(t.activationValid);
      expect(mail.text).not.toMatch(/minutes|Minuten|reset|zurücksetzen/i);
      const link = pathIn(mail.text, /(?:\/de)?\/activate-account\/[A-Za-z0-9_-]+/);
      expect(link.startsWith(`${prefix}/activate-account/`)).toBe(true);

      await page.goto(link);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: t.activationTitle })).toBeVisible();
      await expectNoAxeViolations(page);
      await shootPhoneAndDesktop(page, "activate-account");
      await page.getByLabel(t.password).fill("Trackday-activate-2031");
      await page.getByLabel(t.confirmation).fill("Trackday-activate-2031");
      await page.getByRole("button", { name: t.activate }).click();
      await expect(page.getByText(t.active)).toBeVisible();
      await expectNoAxeViolations(page);
      const login = await page.request.post("/api/auth/public/login", { data: { email, password: "Trackday-activate-2031" } });
      expect(login.status()).toBe(200);

      await page.goto(link);
      await expect(page.getByText(t.linkUsed)).toBeVisible();
      await expect(page.getByRole("link", { name: t.newLink })).toHaveAttribute("href", `${prefix}/reset-password`);
      await expectNoAxeViolations(page);
      consoleErrors();
    });
  });
}
