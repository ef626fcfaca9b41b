import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema } from "../../core/contracts/bookings";
import { publicFormResponseSchema } from "../../core/contracts/forms";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, events, outboxEmails, users } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { renderEmail, type EmailMessage } from "../../server/email";
import { parseManageLinkToken } from "../../server/bookings/manage-links";
import { bookingOfPayLink } from "../../server/payments/pay-links";
import { createSandboxTestApi } from "../support/api-client";
import { mainParticipantAnswers } from "../support/booking-answers";
import { createTestDatabase } from "../support/test-database";
import { balanceDueJob } from "../../server/payments/balance-due";

/**
 * Issue 12, the "pay" part, over the API: every mail about an unpaid booking carries its pay link,
 * every booking mail its "manage my booking" link (guests too), a request (SMA) is not "due now", and
 * "create a customer account" sends an activation mail whose link activates the account.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
const secret = "test-secret-of-at-least-thirty-two-characters";

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, "whsec_sandbox_test_secret_of_enough_length");
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.trackDayTwoDays));
});
afterAll(async () => {
  await database.close();
});

const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.app.request(path, { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** A two-day track booking through the public API, answered by item name; submitted. */
async function trackBooking(options: {
  email: string;
  paymentOption: "credit_card" | "invoice";
  sma?: boolean;
  createAccount?: boolean;
  locale?: "en" | "de";
}) {
  const headers = { "accept-language": options.locale === "de" ? "de-DE" : "en-GB" };
  const formId = seedIds.forms.trackDayTwoDays;
  const form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`, headers)).json()).data;
  const opened = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${formId}`, headers)).json());
  const byName: Record<string, string | boolean | string[]> = {
    ...mainParticipantAnswers(options.email),
    vehicles_per_day: ["1:own_car", "2:own_car"],
    "track.experience": "some",
    "track.driving_licence_number": "B072RRE2I55",
    terms: true,
    payment_option: options.paymentOption,
    ...(options.sma ? { sma: "requested" } : {}),
    ...(options.createAccount ? { create_account: true } : {}),
  };
  for (const page of form.pages) {
    const answers = Object.fromEntries(page.items.filter((item) => item.name in byName).map((item) => [item.uuid, byName[item.name]]));
    const saved = await json("PUT", `/api/booking/public/${opened.data.uuid}/update/${page.uuid}`, { booking_token: opened.booking_token, answers }, headers);
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  const submitted = await json("POST", `/api/booking/public/${opened.data.uuid}/submit`, { booking_token: opened.booking_token }, headers);
  expect(submitted.status, await submitted.clone().text()).toBe(200);
  return opened.data.uuid;
}

async function mailsTo(email: string) {
  return database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
}

async function mailOf(email: string, template: string) {
  const mail = (await mailsTo(email)).find((candidate) => candidate.template === template);
  if (!mail) throw new Error(`no ${template} mail to ${email}`);
  return mail;
}

const rendered = (mail: { template: string; payload: unknown }, locale: "en" | "de") => renderEmail(mail as EmailMessage, locale);

function expectManageLinkOf(url: unknown, bookingId: string) {
  const match = /\/my-booking\/([^/?#]+)$/.exec(String(url));
  expect(match, String(url)).not.toBeNull();
  expect(parseManageLinkToken(secret, match?.[1] ?? "")).toEqual({ bookingId, generation: 0 });
}

describe("the booking mail", () => {
  it("of a card booking: places held until a time with its zone, the pay link and the manage link, no 'View my bookings'", async () => {
    for (const locale of ["en", "de"] as const) {
      const email = uniqueEmail(`card-${locale}`);
      const bookingId = await trackBooking({ email, paymentOption: "credit_card", locale });
      const mail = await mailOf(email, "booking-received");
      const payload = mail.payload as { payUrl: string; manageUrl: string };
      expect(bookingOfPayLink(secret, payload.payUrl.split("/pay/")[1] ?? "")).toBe(bookingId);
      expect(payload.payUrl.startsWith(`http://site.test${locale === "de" ? "/de" : ""}/pay/`)).toBe(true);
      expectManageLinkOf(payload.manageUrl, bookingId);
      const text = (await rendered(mail, locale)).text;
      expect(text).toContain(payload.payUrl);
      expect(text).toContain(payload.manageUrl);
      expect(text).toMatch(locale === "en" ? /until \d+ \w+ \d{4} at \d\d:\d\d CES?T/ : /bis \d+\. \w+ \d{4} um \d\d:\d\d MES?Z/);
      expect(text).not.toMatch(/View my bookings|Meine Buchungen ansehen|\/events/);
      // The pay link works: it pays what is due on this booking.
      const payment = await api.services.payments.create({ bookingId, access: { payLink: payload.payUrl.split("/pay/")[1] ?? "" }, locale });
      expect(payment.amount_cents).toBeGreaterThan(0);
    }
  });

  it("of an invoice booking: the manage link (also in the invoice mail), no pay link", async () => {
    const email = uniqueEmail("invoice");
    const bookingId = await trackBooking({ email, paymentOption: "invoice" });
    const mail = await mailOf(email, "booking-received");
    expect(mail.payload).toMatchObject({ payUrl: null });
    expectManageLinkOf((mail.payload as { manageUrl: string }).manageUrl, bookingId);
    expectManageLinkOf((await mailOf(email, "invoice")).payload.bookingsUrl, bookingId);
    // The transfer is due by its date, not "now" (issue 28): the mail names the date the manage page shows.
    for (const locale of ["en", "de"] as const) {
      const { text } = await rendered(mail, locale);
      expect(text).not.toMatch(locale === "en" ? /Due now/ : /Jetzt fällig/);
      expect(text).toMatch(locale === "en" ? /due by \d{1,2} \w+ 20\d\d/ : /fällig bis \d{1,2}\. ?\S+ 20\d\d/);
    }
  });

  it("of a call-back request (SMA): nothing due now, what will be due after the call; verified, the pay link and the manage link", async () => {
    const email = uniqueEmail("sma");
    const bookingId = await trackBooking({ email, paymentOption: "credit_card", sma: true });
    const received = await mailOf(email, "booking-received");
    expect(received.payload).toMatchObject({ paymentOption: "sma", payUrl: null });
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    for (const locale of ["en", "de"] as const) {
      const text = (await rendered(received, locale)).text;
      expect(text).not.toMatch(/Due now|Jetzt fällig/);
      expect(text).toMatch(
        locale === "en"
          ? /Deposit of €[\d,.]+ due once we have verified your request/
          : /Anzahlung von [\d.,]+\s€ fällig, sobald wir Ihre Anfrage bestätigt haben/,
      );
      expect(text).toMatch(locale === "en" ? /Nothing is charged now\./ : /Jetzt wird nichts abgebucht\./);
    }
    expect(row?.status).toBe("in_review");

    const staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
    expect((await json("POST", `/api/staff/bookings/${bookingId}/sma/verify`, {}, { authorization: `Bearer ${staffToken}` })).status).toBe(200);
    const verified = await mailOf(email, "sma-verified");
    const payload = verified.payload as { payUrl: string; manageUrl: string };
    expect(bookingOfPayLink(secret, payload.payUrl.split("/pay/")[1] ?? "")).toBe(bookingId);
    expectManageLinkOf(payload.manageUrl, bookingId);
    const text = (await rendered(verified, "en")).text;
    expect(text).toContain(payload.payUrl);
    expect(text).toContain(`Manage my booking: ${payload.manageUrl}`);
  });

  it("balance due and its reminders carry the pay link, the deadline with its zone and the manage link", async () => {
    const email = uniqueEmail("balance");
    const bookingId = await trackBooking({ email, paymentOption: "invoice" });
    expect(await api.services.jobs[balanceDueJob]({ bookingId }, new Date())).toBe("sent");
    expect(await api.services.jobs[balanceDueJob]({ bookingId }, new Date())).toBe("sent");
    const mails = (await mailsTo(email)).filter((mail) => mail.template === "balance-due");
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const payload = mail.payload as { payUrl: string; manageUrl: string; reminder: boolean };
      expect(bookingOfPayLink(secret, payload.payUrl.split("/pay/")[1] ?? "")).toBe(bookingId);
      expectManageLinkOf(payload.manageUrl, bookingId);
      const text = (await rendered(mail, "en")).text;
      expect(text).toMatch(/Please pay by \d+ \w+ \d{4} at 23:59 CES?T\./);
      expect(text).toContain(payload.payUrl);
    }
    expect(mails.map((mail) => (mail.payload as { reminder: boolean }).reminder).sort()).toEqual([false, true]);
  });
});

describe("creating a customer account while booking", () => {
  it("sends 'Activate your account' (not a password reset) whose link sets the first password once, under the password policy", async () => {
    const email = uniqueEmail("activate");
    await trackBooking({ email, paymentOption: "invoice", createAccount: true, locale: "de" });
    const templates = (await mailsTo(email)).map((mail) => mail.template);
    expect(templates).toContain("account-activation");
    expect(templates).not.toContain("password-reset");
    const mail = await mailOf(email, "account-activation");
    expect(mail.payload).toMatchObject({ validDays: 7 });
    const url = String(mail.payload.activateUrl);
    expect(url).toMatch(/^http:\/\/site\.test\/de\/activate-account\/[A-Za-z0-9_-]{20,}$/);
    const de = await rendered(mail, "de");
    expect(de.subject).toBe("Aktivieren Sie Ihr Kundenkonto");
    expect(de.text).toContain("7 Tage gültig");
    expect(de.text).not.toMatch(/Minuten|zurücksetzen/);

    const token = url.split("/activate-account/")[1] ?? "";
    expect(await api.services.accounts.activationLinkIsValid(token)).toBe(true);
    await expect(api.services.accounts.activateAccount({ token, password: "short", locale: "en" })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    // A reset with the activation token is refused: the kinds do not mix.
    await expect(api.services.accounts.resetPassword({ token, password: "Fairway-activation-2031", locale: "en" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await api.services.accounts.activateAccount({ token, password: "Fairway-activation-2031", locale: "en" });
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toBeTruthy();
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await api.services.accounts.activationLinkIsValid(token)).toBe(false);
    await expect(api.services.accounts.activateAccount({ token, password: "Fairway-activation-2032", locale: "en" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await api.logIn(email, "Fairway-activation-2031")).access_token).toBeTruthy();
  });
});
