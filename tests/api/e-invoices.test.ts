import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { renderEmail } from "../../server/email";
import { invoicePayloadSchema } from "../../server/deps/email-messages";
import { bookings, eventPrices, events, invoices, jobs, outboxEmails, participants, sites, vouchers } from "../../server/db/schema";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { submitBooking } from "../../server/bookings/submit-booking";
import { seedIds } from "../../server/db/seed";
import { eInvoiceAttachmentName } from "../../server/invoices/e-invoice";
import type { InvoiceData } from "../../server/invoices/render-invoice-pdf";
import { sandboxSignatureHeader, sandboxWebhookJob, signSandboxPayload } from "../../server/payments/sandbox-provider";
import { createSandboxTestApi } from "../support/api-client";
import { isValidCii, pdfAttachments, validateCii } from "../support/e-invoice";
import { createDraftBooking, createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * A business customer's invoice is an e-invoice (issue 28, decision 068): the download and the invoice
 * mail's attachment are the same Factur-X PDF whose `factur-x.xml` passes the EN 16931 rules; a
 * private customer's stays the plain PDF.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
const webhookSecret = "whsec_sandbox_test_secret_of_enough_length";

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, webhookSecret);
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
});
afterAll(async () => {
  await database.close();
});

/** Pays the deposit by card through the sandbox (its hosted page and webhook): the invoice is issued and mailed. */
async function payDepositByCard(booking: { bookingId: string; token: string }) {
  const created = await api.services.payments.create({ bookingId: booking.bookingId, access: { bookingToken: booking.token }, locale: "en" });
  const checkoutId = created.redirect_url.split("/").at(-1) ?? "";
  expect(await api.sandbox.finishCheckout(checkoutId, { status: "complete" })).toBeTruthy();
  const queued = await database.db.select().from(jobs).where(eq(jobs.kind, sandboxWebhookJob));
  const body = String(queued.find((job) => String(job.payload.body).includes(checkoutId))?.payload.body);
  const response = await api.app.request("/api/payment/webhook/sandbox", {
    method: "POST",
    headers: { "content-type": "application/json", [sandboxSignatureHeader]: signSandboxPayload(body, webhookSecret, Math.floor(Date.now() / 1000)) },
    body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A card booking whose main participant books for a company, with (or without) a VAT ID, its deposit paid. */
async function paidBooking(customer: { company: string | null; vatId: string | null }) {
  const booking = await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip);
  await database.db
    .update(participants)
    .set(customer)
    .where(and(eq(participants.bookingId, booking.bookingId), eq(participants.role, "main")));
  await payDepositByCard(booking);
  const [invoice] = await database.db.select().from(invoices).where(eq(invoices.bookingId, booking.bookingId));
  if (!invoice) throw new Error("no invoice issued");
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booking.bookingId));
  const mail = (await database.db.select().from(outboxEmails).where(eq(outboxEmails.template, "invoice"))).find(
    (candidate) => (candidate.payload as { code?: string }).code === row?.code,
  );
  if (!mail) throw new Error("no invoice mail");
  const { attachments = [] } = await renderEmail({ template: "invoice", payload: invoicePayloadSchema.parse(mail.payload) }, mail.locale);
  const download = await api.services.invoices.pdfFor({ bookingId: booking.bookingId, bookingToken: booking.token });
  if (!download) throw new Error("the invoice does not download");
  return { booking, invoice, download, attachment: attachments[0] };
}

describe("a business customer's invoice", () => {
  it("downloads and is mailed as a Factur-X PDF whose EN 16931 XML validates", async () => {
    const { invoice, download, attachment } = await paidBooking({ company: "Fairway Partners GmbH", vatId: "DE811569869" });
    expect((invoice.data as InvoiceData).customer).toMatchObject({ company: "Fairway Partners GmbH", vatId: "DE811569869" });

    const downloaded = await pdfAttachments(download.pdf);
    expect([...downloaded.keys()]).toEqual([eInvoiceAttachmentName]);
    const xml = downloaded.get(eInvoiceAttachmentName)?.toString("utf8") ?? "";
    expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
    expect(xml).toContain("DE811569869");
    // The seeded site keeps the travel agents' margin scheme: exempt, VATEX-EU-309.
    expect(xml).toContain("<ram:ExemptionReasonCode>VATEX-EU-309</ram:ExemptionReasonCode>");

    // The mail's attachment is the same e-invoice.
    expect(attachment?.filename).toBe(`${invoice.number}.pdf`);
    const mailed = await pdfAttachments(new Uint8Array(attachment?.content ?? Buffer.alloc(0)));
    expect(mailed.get(eInvoiceAttachmentName)?.toString("utf8")).toBe(xml);

    const [result] = await validateCii([{ name: invoice.number, xml }]);
    expect(result && isValidCii(result), result?.output).toBe(true);
  }, 120_000);

  it("a customer without a VAT ID gets the plain PDF, downloaded and mailed", async () => {
    const { download, attachment } = await paidBooking({ company: "Fairway Partners GmbH", vatId: null });
    expect((await pdfAttachments(download.pdf)).size).toBe(0);
    expect((await pdfAttachments(new Uint8Array(attachment?.content ?? Buffer.alloc(0)))).size).toBe(0);
  });
});

describe("an e-invoice with a discount code (decision 079)", () => {
  it("shows the discount as negative lines per VAT rate, keeps each rate's VAT right and validates", async () => {
    await database.db.update(sites).set({ vatTreatment: "per_line" });
    // The companion at the reduced rate: the discount is shared over 19 % and 7 %.
    await database.db
      .update(eventPrices)
      .set({ vatRateBasisPoints: 700 })
      .where(and(eq(eventPrices.eventId, seedIds.events.golfYogaTrip), eq(eventPrices.kind, "companion")));
    await database.db.insert(vouchers).values({ code: "EINVOICE15", discountKind: "percent", discountValue: 15 });
    const bookingId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip, ["non_playing"]);
    const token = newSecretToken();
    await database.db.update(bookings).set({ tokenHash: hashToken(token), paymentOption: "credit_card", voucherCode: "EINVOICE15" }).where(eq(bookings.id, bookingId));
    await database.db
      .update(participants)
      .set({ company: "Fairway Partners GmbH", vatId: "DE811569869" })
      .where(and(eq(participants.bookingId, bookingId), eq(participants.role, "main")));
    expect((await submitBooking(database.db, { bookingId, now: new Date() })).outcome).toBe("held");
    await payDepositByCard({ bookingId, token });
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.bookingId, bookingId));
    if (!invoice) throw new Error("no invoice issued");
    const data = invoice.data as InvoiceData;
    // 108.00 at 19 % and 88.00 at 7 %, 15 % off 196.00 = 29.40, shared 16.20 / 13.20.
    expect(data.lines.filter((line) => line.totalCents < 0).map((line) => [line.label, line.totalCents, line.vatRateBasisPoints])).toEqual([
      ["Voucher EINVOICE15", -1620, 1900],
      ["Voucher EINVOICE15", -1320, 700],
    ]);
    expect(data.totalCents).toBe(19600 - 2940);
    const download = await api.services.invoices.pdfFor({ bookingId, bookingToken: token });
    if (!download) throw new Error("the invoice does not download");
    const xml = (await pdfAttachments(download.pdf)).get(eInvoiceAttachmentName)?.toString("utf8") ?? "";
    expect(xml).toContain("<ram:GrandTotalAmount>166.60</ram:GrandTotalAmount>");
    const [result] = await validateCii([{ name: invoice.number, xml }]);
    expect(result && isValidCii(result), result?.output).toBe(true);
  }, 120_000);
});
