import { render } from "@react-email/render";
import { describe, expect, it } from "vitest";
import { locales } from "../../core/i18n/locales";
import { formatDateRange } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import { formatDeadline, type EmailTextKey } from "../../server/email/email-catalogue";
import { emailTemplateOf, renderEmailHtml } from "../../server/email/render-email";
import { emailMessageSchema, emailText, renderEmail, type BookingReceivedPayload, type EmailMessage } from "../../server/email";

const link = "https://booking.example.test/register/tok_4f8a2c";
const manageUrl = "https://booking.example.test/my-booking/0b0c9a52-3f44-4a8e-9a55-6e8f3f2b9d11.0.mac_of_forty_three_characters_abcdefghijklm";
const bookingReceived: BookingReceivedPayload = {
  name: "Ada Lovelace",
  code: "TR-7K4M2Q",
  eventTitle: "Golf & yoga on Koh Samui",
  startsOn: "2026-11-02",
  endsOn: "2026-11-05",
  location: "Koh Samui, Thailand",
  people: [
    { name: "Ada Lovelace", role: "main" },
    { name: "Charles Babbage", role: "companion", companionType: "golf_playing" },
    { name: "Mary Somerville", role: "companion", companionType: "non_playing" },
  ],
  lines: [
    { label: "Main participant", amountCents: 10800 },
    { label: "Golf-playing companion", amountCents: 10800 },
    { label: "Non-playing companion", amountCents: 8800 },
  ],
  totalCents: 30400,
  depositCents: 7600,
  remainderCents: 22800,
  remainderDueOn: "2026-10-03",
  paymentOption: "credit_card",
  holdExpiresAt: "2026-03-15T13:30:00.000Z",
  manageUrl,
  payUrl: link,
};
const waitlistOffer = {
  name: "Ada Lovelace",
  eventTitle: "Golf circle final",
  startsOn: "2026-09-12",
  partySize: 2,
  offerUrl: link,
  expiresAt: "2026-03-17T13:30:00.000Z",
};
const messages: EmailMessage[] = [
  { template: "verify-email", payload: { name: "Ada Lovelace", verifyUrl: link } },
  { template: "password-reset", payload: { name: "Ada Lovelace", resetUrl: link, expiresInMinutes: 60 } },
  { template: "account-deleted", payload: { name: "Ada Lovelace" } },
  { template: "account-activation", payload: { name: "Ada Lovelace", activateUrl: link, validDays: 7 } },
  { template: "booking-received", payload: bookingReceived },
  { template: "waitlist-offer", payload: waitlistOffer },
  {
    template: "payment-received",
    payload: {
      name: "Ada Lovelace",
      code: "TR-7K4M2Q",
      eventTitle: "Golf circle final",
      startsOn: "2026-09-12",
      amountCents: 7600,
      paidCents: 7600,
      totalCents: 30400,
      remainderDueOn: "2026-08-13",
      manageUrl: link,
    },
  },
  {
    template: "payment-refund-needed",
    payload: {
      code: "TR-7K4M2Q",
      paymentId: "0b0c9a52-3f44-4a8e-9a55-6e8f3f2b9d11",
      provider: "sandbox",
      providerReference: "sbx_123",
      amountCents: 7600,
      reason: "the places are no longer free",
    },
  },
  {
    template: "sma-verified",
    payload: { name: "Ada Lovelace", code: "TR-7K4M2Q", eventTitle: "Golf circle final", amountCents: 7600, payUrl: link, manageUrl },
  },
  {
    template: "sma-requested",
    payload: {
      code: "TR-7K4M2Q",
      bookingId: "0b0c9a52-3f44-4a8e-9a55-6e8f3f2b9d11",
      eventTitle: "Golf circle final",
      name: "Ada Lovelace",
      phone: "+49 89 4521 7730",
      email: "ada@example.com",
      people: 2,
      totalCents: 30400,
      customerLocale: "en",
      backOfficeUrl: link,
    },
  },
  { template: "sma-rejected", payload: { name: "Ada Lovelace", code: "TR-7K4M2Q", eventTitle: "Golf circle final", eventsUrl: link, manageUrl } },
  { template: "manage-link", payload: { name: "Ada Lovelace", code: "TR-7K4M2Q", eventTitle: "Golf circle final", manageUrl: link } },
  { template: "staff-invitation", payload: { name: "Ada Lovelace", inviterName: "Jonas Reiter", role: "admin", acceptUrl: link, validDays: 7 } },
  {
    template: "booking-cancelled",
    payload: { name: "Ada Lovelace", code: "TR-7K4M2Q", eventTitle: "Golf circle final", reason: "Weather", refundCents: 7600, manageUrl: link },
  },
  {
    template: "refund-issued",
    payload: { name: "Ada Lovelace", code: "TR-7K4M2Q", eventTitle: "Golf circle final", amountCents: 7600, reason: null, manageUrl: link },
  },
  {
    template: "transfer-received",
    payload: {
      name: "Ada Lovelace",
      code: "TR-7K4M2Q",
      eventTitle: "Golf circle final",
      amountCents: 7600,
      receivedOn: "2026-03-20",
      paidCents: 7600,
      totalCents: 30400,
      manageUrl: link,
    },
  },
  {
    template: "staff-message",
    payload: {
      name: "Ada Lovelace",
      code: "TR-7K4M2Q",
      eventTitle: "Golf circle final",
      subject: "Your tee time",
      body: "Hello Ada,\n\nyour tee time is 9:00.\nSee you!",
      manageUrl: link,
    },
  },
  {
    template: "waiver-reminder",
    payload: {
      name: "Ada Lovelace",
      code: "TR-7K4M2Q",
      eventTitle: "Golf circle final",
      startsOn: "2026-09-12",
      people: [{ name: "Ada Lovelace", url: `${link}/waiver` }],
      manageUrl: link,
    },
  },
  {
    template: "booking-details-changed",
    payload: {
      name: "Ada Lovelace",
      code: "TR-7K4M2Q",
      eventTitle: "Golf circle final",
      changes: [{ label: "Companion 1: First name", from: "Max", to: "Maximilian" }],
      totalCents: 30400,
      paidCents: 7600,
      manageUrl: link,
    },
  },
  {
    template: "companion-removed",
    payload: {
      name: "Ada Lovelace",
      code: "TR-7K4M2Q",
      eventTitle: "Golf circle final",
      companionName: "Charles Babbage",
      feeCents: 2160,
      cardRefundCents: 0,
      queuedRefundCents: 0,
      totalCents: 21760,
      invoiceCorrected: true,
      manageUrl: link,
      account: {
        totalCents: 21760,
        owedCents: 21760,
        paidCents: 7600,
        refundedCents: 0,
        netPaidCents: 7600,
        outstandingCents: 14160,
        creditCents: 0,
        dueNowCents: 0,
        dues: [{ kind: "balance", amountCents: 14160, outstandingCents: 14160, dueOn: "2026-08-13", fallenDue: false }],
      },
    },
  },
  {
    template: "cancellation-reversed",
    payload: {
      name: "Ada Lovelace",
      code: "TR-7K4M2Q",
      eventTitle: "Golf circle final",
      manageUrl: link,
      account: {
        totalCents: 30400,
        owedCents: 30400,
        paidCents: 7600,
        refundedCents: 0,
        netPaidCents: 7600,
        outstandingCents: 22800,
        creditCents: 0,
        dueNowCents: 0,
        dues: [{ kind: "balance", amountCents: 22800, outstandingCents: 22800, dueOn: "2026-08-13", fallenDue: false }],
      },
    },
  },
  {
    template: "balance-due",
    payload: {
      name: "Ada Lovelace",
      code: "TR-7K4M2Q",
      eventTitle: "Golf circle final",
      startsOn: "2026-09-12",
      amountCents: 22800,
      dueOn: "2026-08-13",
      reminder: false,
      payUrl: link,
      manageUrl,
    },
  },
  {
    template: "invoice",
    payload: {
      name: "Ada Lovelace",
      code: "TR-7K4M2Q",
      eventTitle: "Golf circle final",
      invoiceNumber: "INV-2026-001000",
      totalCents: 30400,
      depositCents: 7600,
      remainderCents: 22800,
      remainderDueOn: "2026-08-13",
      bookingsUrl: link,
      invoice: {
        locale: "en",
        invoiceNumber: "INV-2026-001000",
        issuedOn: "2026-03-15",
        bookingCode: "TR-7K4M2Q",
        operator: {
          company: "Trackside & Fairway Events GmbH",
          street: "Leopoldstraße 10",
          zip: "80802",
          city: "München",
          country: "DE",
          email: "info@example.com",
        },
        bank: { accountHolder: "Trackside & Fairway Events GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX", bankName: "Commerzbank" },
        customer: { name: "Ada Lovelace", street: "Leopoldstraße 7", postcode: "80802", city: "München", country: "DE" },
        event: { title: "Golf circle final", startsOn: "2026-09-12", endsOn: "2026-09-12", location: "Bad Griesbach" },
        lines: [{ label: "Main participant", quantity: 1, unitCents: 30400, totalCents: 30400 }],
        totalCents: 30400,
        depositCents: 7600,
        depositDueOn: "2026-03-15",
        remainderCents: 22800,
        remainderDueOn: "2026-08-13",
        paidCents: 0,
      },
    },
  },
];

describe("renderEmail", () => {
  for (const message of messages) {
    for (const locale of locales) {
      it(`renders ${message.template} in ${locale} with subject, HTML and plain text`, async () => {
        const email = await renderEmail(message, locale);
        // A card booking's subject names the payment deadline instead (checked below).
        const subjectKey = message.template === "booking-received" ? "bookingReceived.subjectPayNow" : `${catalogueKey(message)}.subject`;
        // A staff member's message has the subject they wrote.
        expect(email.subject).toBe(
          message.template === "staff-message"
            ? message.payload.subject
            : emailText(locale)(subjectKey as EmailTextKey, {
                code: "TR-7K4M2Q",
                eventTitle: "Golf circle final",
                invoiceNumber: "INV-2026-001000",
                time: formatDeadline(bookingReceived.holdExpiresAt, locale),
              }),
        );
        expect(email.html).toContain(`lang="${locale}"`);
        // Staff notices have no customer to greet; customer mails greet them by name.
        const greeted = message.template === "payment-refund-needed" ? "TR-7K4M2Q" : "Ada Lovelace";
        expect(email.html).toContain(greeted);
        expect(email.html).toContain("#0b1630");
        expect(email.text).toContain(greeted);
        expect(email.text).toContain("Trackside & Fairway Events");
        expect(email.text).not.toMatch(/<[a-z]/i);
        if (message.template !== "account-deleted" && message.template !== "payment-refund-needed") {
          expect(email.html).toContain(`href="${link}"`);
          expect(email.text).toContain(link);
        }
      });
    }
  }

  it("still sends a staff SMA notice queued before it carried the back-office link, without the button", async () => {
    const queued = messages.find((message) => message.template === "sma-requested")!;
    const { backOfficeUrl: _dropped, ...older } = queued.payload as Record<string, unknown>;
    const parsed = emailMessageSchema.parse({ template: "sma-requested", payload: older });
    const email = await renderEmail(parsed, "de");
    expect(email.text).toContain("TR-7K4M2Q");
    expect(email.html).not.toContain(`href="${link}"`);
  });

  it("writes the HTML React Email's render would, for every template and language, without its stream's markers", async () => {
    // Comments React's streamed render leaves for its own bookkeeping (Suspense boundary, document parts).
    const streamMarkers = /<!--(?:\$|\/\$|html|head|body)-->/g;
    for (const message of messages)
      for (const locale of locales) {
        const { element } = emailTemplateOf(message, locale);
        const html = renderEmailHtml(element);
        expect(html, `${message.template} in ${locale}`).toBe((await render(element)).replace(streamMarkers, ""));
        expect(html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"/);
      }
  });

  it("speaks the recipient's language and says what each mail must say", async () => {
    const verify = { en: await renderEmail(messages[0]!, "en"), de: await renderEmail(messages[0]!, "de") };
    expect(verify.en.subject).toBe("Confirm your e-mail address");
    expect(verify.de.subject).toBe("Bitte bestätigen Sie Ihre E-Mail-Adresse");
    expect(verify.en.text).toContain("48 hours");
    expect(verify.de.text).toContain("48 Stunden");

    const reset = await renderEmail(messages[1]!, "de");
    expect(reset.text).toContain("60 Minuten");
    expect(reset.text).toMatch(/ignorieren/);
    const oneMinute = await renderEmail({ template: "password-reset", payload: { name: "A", resetUrl: link, expiresInMinutes: 1 } }, "en");
    expect(oneMinute.text).toContain("valid for 1 minute and");
    expect((await renderEmail(messages[1]!, "en")).text).toMatch(/did not ask for this, you can ignore/);

    const deleted = await renderEmail(messages[2]!, "en");
    expect(deleted.text).toMatch(/cannot be undone/);
    expect((await renderEmail(messages[2]!, "de")).text).toMatch(/nicht rückgängig/);
  });

  it("tells the booking code, the price, what is due when and the next step of each payment option", async () => {
    const en = await renderEmail({ template: "booking-received", payload: bookingReceived }, "en");
    expect(en.subject).toBe("Pay by 15 March 2026 at 14:30 CET to complete your booking TR-7K4M2Q");
    expect(en.text).toContain("Your places are held — pay now to complete your booking");
    expect(en.text).not.toContain("Thank you");
    expect(en.text).toContain(`Pay €76.00 now ${link}`);
    expect(en.text).toContain(`Manage my booking: ${manageUrl}`);
    expect(en.html).toMatch(/font-size:26px[^>]*>TR-7K4M2Q</);
    expect(en.text).toContain("Your booking code\n\nTR-7K4M2Q");
    expect(en.text).toContain(`Date: ${formatDateRange("2026-11-02", "2026-11-05", "en")}`);
    expect(formatDateRange("2026-11-02", "2026-11-05", "en")).toMatch(/^2\s–\s5 Nov 2026$/);
    expect(en.text).toContain("Location: Koh Samui, Thailand");
    expect(en.text).toContain("Charles Babbage (golf-playing companion)");
    expect(en.text).toContain("Mary Somerville (non-playing companion)");
    expect(en.text).toMatch(/Non-playing companion +€88\.00/);
    expect(en.text).toMatch(/Total +€304\.00/);
    expect(en.text).toContain("Due now: €76.00");
    expect(en.text).toContain("Remainder: €228.00, due by 3 October 2026");
    expect(en.text).toContain("We hold your places until 15 March 2026 at 14:30 CET");

    const de = await renderEmail({ template: "booking-received", payload: bookingReceived }, "de");
    expect(de.subject).toBe("Bitte bis 15. März 2026 um 14:30 MEZ bezahlen, um Ihre Buchung TR-7K4M2Q abzuschließen");
    expect(de.text).toContain("Ihre Plätze sind reserviert – bezahlen Sie jetzt");
    expect(de.text).toContain(`76,00\u00a0€ jetzt bezahlen ${link}`);
    expect(de.text).toContain(`Meine Buchung verwalten: ${manageUrl}`);
    expect(de.text).toContain("TR-7K4M2Q");
    expect(de.text).toContain(formatMoney(10800, "de"));
    expect(formatMoney(10800, "de")).toBe("108,00\u00a0€");
    expect(de.text).toMatch(/Gesamtbetrag +304,00\u00a0€/);
    expect(de.text).toContain("Jetzt fällig: 76,00\u00a0€");
    expect(de.text).toContain("Restbetrag: 228,00\u00a0€, fällig am 3. Oktober 2026");
    expect(de.text).toContain("Plätze bis 15. März 2026 um 14:30 MEZ");
    expect(de.text).toContain("Charles Babbage (golfspielende Begleitperson)");

    const invoice = await renderEmail({ template: "booking-received", payload: { ...bookingReceived, paymentOption: "invoice", payUrl: null } }, "en");
    expect(invoice.subject).toBe("Booking received: TR-7K4M2Q");
    expect(invoice.text).toContain("Thank you for your booking");
    expect(invoice.text).toContain("Your invoice follows by e-mail");
    expect(invoice.text).toContain(`Manage my booking: ${manageUrl}`);
    expect(invoice.text).not.toContain("14:30");
    expect(invoice.text).not.toContain(link);
    const sma = await renderEmail({ template: "booking-received", payload: { ...bookingReceived, paymentOption: "sma", payUrl: null } }, "de");
    expect(sma.text).toContain("Servicezeiten (Mo–Fr 8:00–18:00 Uhr deutscher Zeit)");
    const smaEn = await renderEmail({ template: "booking-received", payload: { ...bookingReceived, paymentOption: "sma", payUrl: null } }, "en");
    expect(smaEn.text).toContain("support hours (Mon–Fri 8:00–18:00 German time)");
    // Nothing is charged for a request: no "Due now", what will be due after the call, and no pay link.
    expect(smaEn.subject).toBe("Booking request received: TR-7K4M2Q");
    expect(smaEn.text).not.toContain("Due now");
    expect(smaEn.text).toContain("Due once we have verified your request: €76.00");
    expect(smaEn.text).toContain("Nothing is charged now.");
    expect(smaEn.text).toContain(`Manage my booking: ${manageUrl}`);
    expect(sma.text).not.toContain("Jetzt fällig");
    expect(sma.text).toContain("Fällig, sobald wir Ihre Anfrage bestätigt haben: 76,00\u00a0€");
    expect(sma.text).toContain("Jetzt wird nichts abgebucht.");

    // Within 30 days of the start the whole total is due at once: no remainder line.
    const inFull = { ...bookingReceived, depositCents: 30400, remainderCents: 0, remainderDueOn: null };
    const full = await renderEmail({ template: "booking-received", payload: inFull }, "en");
    expect(full.text).toContain("Due now: €304.00 (the full amount)");
    expect(full.text).not.toContain("Remainder");
  });

  it("puts the pay link and the deadline with its zone in every mail about money due, and the manage link in every booking mail", async () => {
    const balance = messages.find((message) => message.template === "balance-due");
    if (!balance) throw new Error("no balance mail");
    const en = await renderEmail(balance, "en");
    expect(en.text).toContain(`Pay €228.00 now ${link}`);
    // 13 August is summer time in Germany: the zone is CEST.
    expect(en.text).toContain("Please pay by 13 August 2026 at 23:59 CEST.");
    expect(en.text).toContain(`Manage my booking: ${manageUrl}`);
    const winter = await renderEmail({ ...balance, payload: { ...balance.payload, dueOn: "2026-12-01", reminder: true } } as EmailMessage, "de");
    expect(winter.subject).toBe("Erinnerung: Restzahlung für die Buchung TR-7K4M2Q");
    expect(winter.text).toContain("Bitte bezahlen Sie bis 1. Dezember 2026 um 23:59 MEZ.");
    expect(winter.text).toContain(`Meine Buchung verwalten: ${manageUrl}`);
    for (const template of ["sma-verified", "sma-rejected", "payment-received"] as const) {
      const message = messages.find((candidate) => candidate.template === template);
      if (!message) throw new Error(`no ${template} mail`);
      const withManage = { ...message, payload: { ...message.payload, manageUrl } } as EmailMessage;
      expect((await renderEmail(withManage, "en")).text).toContain(`Manage my booking: ${manageUrl}`);
      expect((await renderEmail(withManage, "de")).text).toContain(`Meine Buchung verwalten: ${manageUrl}`);
      expect((await renderEmail(withManage, "en")).text).not.toContain("View my bookings");
    }
    const verified = await renderEmail(messages.find((message) => message.template === "sma-verified") as EmailMessage, "en");
    expect(verified.text).toContain(`Continue to payment ${link}`);
  });

  it("activates an account made while booking with its own mail, its validity in days", async () => {
    const activation: EmailMessage = { template: "account-activation", payload: { name: "Ada Lovelace", activateUrl: link, validDays: 7 } };
    const en = await renderEmail(activation, "en");
    expect(en.subject).toBe("Activate your customer account");
    expect(en.text).toContain(`Set my password and activate ${link}`);
    expect(en.text).toContain("valid for 7 days");
    expect(en.text).not.toMatch(/reset|minutes|did not ask/i);
    const de = await renderEmail(activation, "de");
    expect(de.subject).toBe("Aktivieren Sie Ihr Kundenkonto");
    expect(de.text).toContain("7 Tage gültig");
    expect(de.text).not.toMatch(/zurücksetzen|Minuten/);
    expect((await renderEmail({ ...activation, payload: { ...activation.payload, validDays: 1 } }, "en")).text).toContain("valid for 1 day and");
  });

  it("offers freed places from the waitlist until the offer runs out", async () => {
    const en = await renderEmail({ template: "waitlist-offer", payload: waitlistOffer }, "en");
    expect(en.subject).toBe("Places are free for you: Golf circle final");
    expect(en.text).toContain("2 places have become free for Golf circle final on 12 September 2026");
    expect(en.text).toContain("until 17 March 2026 at 14:30 CET (48 hours)");
    expect(en.text).toContain(`Book now ${link}`);
    const de = await renderEmail({ template: "waitlist-offer", payload: waitlistOffer }, "de");
    expect(de.subject).toBe("Plätze für Sie frei: Golf circle final");
    expect(de.text).toContain("sind 2 Plätze frei geworden");
    expect(de.text).toContain("bis 17. März 2026 um 14:30 MEZ (48 Stunden)");
    expect(de.text).toContain(`Jetzt buchen ${link}`);
    const one = await renderEmail({ template: "waitlist-offer", payload: { ...waitlistOffer, partySize: 1 } }, "en");
    expect(one.text).toContain("A place has become free");
    expect(one.text).toContain("We are holding it for you");
  });

  it("tells staff of a booking request with the party counted in words and a link to its back-office page (issue 32)", async () => {
    const smaRequested = messages.find((message) => message.template === "sma-requested");
    if (smaRequested?.template !== "sma-requested") throw new Error("no sma-requested sample");
    const one = { template: "sma-requested" as const, payload: { ...smaRequested.payload, people: 1 } };
    const en = await renderEmail(one, "en");
    expect(en.text).toContain("(1 person, €304.00)");
    expect(en.text).not.toContain("people");
    expect(en.text).not.toContain("/api/");
    expect(en.text).toContain(`Open the booking in the back office ${link}`);
    expect((await renderEmail(smaRequested, "en")).text).toContain("(2 people, €304.00)");
    const de = await renderEmail(one, "de");
    expect(de.text).toContain("(1 Person, 304,00");
    expect(de.text).not.toContain("/api/");
    expect(de.text).toContain(`Buchung im Backoffice öffnen ${link}`);
    expect((await renderEmail(smaRequested, "de")).text).toContain("(2 Personen, 304,00");
  });

  it("attaches the invoice as a PDF named by its number", async () => {
    const invoice = messages.find((message) => message.template === "invoice");
    if (!invoice) throw new Error("no invoice message");
    const email = await renderEmail(invoice, "de");
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments?.[0]).toMatchObject({ filename: "INV-2026-001000.pdf", contentType: "application/pdf" });
    expect(email.attachments?.[0]?.content.subarray(0, 5).toString()).toBe("%PDF-");
    expect(email.text.replace(/\u00a0/g, " ")).toContain("76,00 €");
    const plain = await renderEmail(messages[0] as EmailMessage, "en");
    expect(plain.attachments).toBeUndefined();
  });

  it("escapes a staff member's message and keeps its paragraphs and line breaks", async () => {
    const message = messages.find((candidate) => candidate.template === "staff-message");
    if (message?.template !== "staff-message") throw new Error("no staff message");
    const email = await renderEmail({ ...message, payload: { ...message.payload, body: `<b>Ada</b>\n\n${message.payload.body}` } }, "de");
    expect(email.html).not.toContain("<b>Ada</b>");
    expect(email.html).toContain("&lt;b&gt;Ada&lt;/b&gt;");
    expect(email.html).toContain("<br/>");
    expect(email.text).toContain("your tee time is 9:00.\nSee you!");
    expect(email.text).toContain("Diese Nachricht betrifft Ihre Buchung TR-7K4M2Q");
    expect(email.text).toContain(link);
  });

  it("escapes names in HTML", async () => {
    const email = await renderEmail({ template: "account-deleted", payload: { name: "<script>alert(1)</script>" } }, "en");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });

  it("rejects payloads that do not fit the template", () => {
    expect(emailMessageSchema.safeParse({ template: "verify-email", payload: { name: "A", verifyUrl: "javascript:alert(1)" } }).success).toBe(false);
    expect(emailMessageSchema.safeParse({ template: "password-reset", payload: { name: "A", resetUrl: link } }).success).toBe(false);
    expect(emailMessageSchema.safeParse({ template: "newsletter", payload: {} }).success).toBe(false);
    const booking = (payload: Partial<Record<keyof BookingReceivedPayload, unknown>>) =>
      emailMessageSchema.safeParse({ template: "booking-received", payload: { ...bookingReceived, ...payload } }).success;
    expect(booking({})).toBe(true);
    expect(booking({ manageUrl: "javascript:alert(1)" })).toBe(false);
    expect(booking({ manageUrl: undefined })).toBe(false);
    // A card booking's mail without its pay link is refused; the other options carry none.
    expect(booking({ payUrl: null })).toBe(false);
    expect(booking({ paymentOption: "sma", payUrl: null })).toBe(true);
    expect(emailMessageSchema.safeParse({ template: "account-activation", payload: { name: "A", activateUrl: link, validDays: 0 } }).success).toBe(false);
    expect(booking({ depositCents: 7500 })).toBe(false);
    expect(booking({ remainderDueOn: null })).toBe(false);
    expect(booking({ startsOn: "2 Nov 2026" })).toBe(false);
    expect(booking({ holdExpiresAt: "tomorrow" })).toBe(false);
    expect(booking({ paymentOption: "cash" })).toBe(false);
    expect(booking({ people: [{ name: "A", role: "companion", companionType: "caddie" }] })).toBe(false);
    expect(booking({ lines: [{ label: "Main participant", amountCents: 108.5 }] })).toBe(false);
    const offer = (payload: Record<string, unknown>) =>
      emailMessageSchema.safeParse({ template: "waitlist-offer", payload: { ...waitlistOffer, ...payload } }).success;
    expect(offer({})).toBe(true);
    expect(offer({ offerUrl: "javascript:alert(1)" })).toBe(false);
    expect(offer({ partySize: 0 })).toBe(false);
    expect(offer({ expiresAt: "2026-03-17" })).toBe(false);
  });
});

/** The catalogue section of a template (core/i18n/locales/<locale>/email.json). */
function catalogueKey(message: EmailMessage): string {
  switch (message.template) {
    case "verify-email":
      return "verifyEmail";
    case "password-reset":
      return "passwordReset";
    case "account-activation":
      return "accountActivation";
    case "account-deleted":
      return "accountDeleted";
    case "password-changed":
      return "passwordChanged";
    case "booking-received":
      return "bookingReceived";
    case "waitlist-offer":
      return "waitlistOffer";
    case "waitlist-joined":
      return "waitlistJoined";
    case "payment-received":
      return "paymentReceived";
    case "payment-refund-needed":
      return "paymentRefundNeeded";
    case "invoice":
      return "invoice";
    case "invoice-corrected":
      return "invoiceCorrected";
    case "balance-due":
      return "balanceDue";
    case "sma-verified":
      return "smaVerified";
    case "sma-rejected":
      return "smaRejected";
    case "sma-requested":
      return "smaRequested";
    case "manage-link":
      return "newManageLink";
    case "bookings-open":
      return "bookingsOpen";
    case "staff-invitation":
      return "staffInvitation";
    case "booking-cancelled":
      return "bookingCancelled";
    case "refund-issued":
      return "refundIssued";
    case "transfer-received":
      return "transferReceived";
    case "staff-message":
      return "staffMessage";
    case "booking-details-changed":
      return "bookingDetailsChanged";
    case "companion-removed":
      return "companionRemoved";
    case "cancellation-reversed":
      return "cancellationReversed";
    case "waiver-reminder":
      return "waiverReminder";
  }
}
