import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountView } from "../../core/contracts/booking-account";
import { userBookingsResponseSchema } from "../../core/contracts/auth";
import { manageBookingResponseSchema } from "../../core/contracts/manage-booking";
import { createPaymentResponseSchema } from "../../core/contracts/payments";
import { staffBookingDetailResponseSchema, staffBookingsResponseSchema } from "../../core/contracts/staff-bookings";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { manageLinkToken } from "../../server/bookings/manage-links";
import { submitBooking } from "../../server/bookings/submit-booking";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, events, invoices, jobs, outboxEmails, users } from "../../server/db/schema";
import { issueInvoice } from "../../server/invoices/issue-invoice";
import { renderInvoicePdf, type InvoiceData } from "../../server/invoices/render-invoice-pdf";
import type { InvoiceSummary } from "../../core/contracts/invoices";
import { formatMoney } from "../../core/domain/money";
import { pdfText } from "../support/pdf-text";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { emailAccountSchema, parseEmailMessage } from "../../server/deps/email-messages";
import { renderEmail } from "../../server/email";
import { sandboxSignatureHeader, sandboxWebhookJob, signSandboxPayload } from "../../server/payments/sandbox-provider";
import { createSandboxTestApi } from "../support/api-client";
import { createDraftBooking, createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * One account per booking (issue 28, decision 067), on PGlite and on PostgreSQL: the journeys of the
 * issue, and after every step the same figures on every surface — the manage page's API, the
 * customer's dashboard, the staff detail and list, and the last mail's account.
 */

const webhookSecret = "whsec_sandbox_test_secret_of_enough_length";
const manageSecret = "test-secret-of-at-least-thirty-two-characters";
let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let staffToken: string;
let customerToken: string;
let customerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, webhookSecret);
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  customerToken = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
  const [customer] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demoAccounts.customer.email));
  customerId = customer?.id ?? "";
});
afterAll(async () => {
  await database.close();
});

const request = (method: "GET" | "POST" | "PUT", path: string, body?: unknown, token: string | null = staffToken) =>
  api.app.request(path, {
    method,
    headers: { "content-type": "application/json", "accept-language": "en", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function ok(response: Response): Promise<unknown> {
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

const invoiced = (documents: readonly InvoiceSummary[]) =>
  documents.reduce((sum, document) => sum + (document.kind === "invoice" ? document.total_cents : -document.total_cents), 0);

/** The documents of a booking by kind and total, oldest first, and what each cancels. */
const documentsOf = (documents: readonly InvoiceSummary[]) => documents.map((document) => [document.kind, document.total_cents, document.cancels !== null]);

async function row(id: string) {
  const [found] = await database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!found) throw new Error("no booking");
  return found;
}

/** A card payment of what the booking asks for, paid at the sandbox and confirmed by its webhook. */
async function payByCard(booking: { bookingId: string; token: string }) {
  const created = createPaymentResponseSchema.parse(
    await ok(await request("POST", `/api/booking/payment/create/${booking.bookingId}/en`, { booking_token: booking.token }, null)),
  ).data;
  const checkoutId = created.redirect_url.split("/").at(-1) ?? "";
  await api.sandbox.finishCheckout(checkoutId, { status: "complete" });
  const queued = await database.db.select().from(jobs).where(eq(jobs.kind, sandboxWebhookJob));
  const body = String(queued.find((job) => String(job.payload.body).includes(checkoutId))?.payload.body);
  const delivered = await api.app.request("/api/payment/webhook/sandbox", {
    method: "POST",
    headers: { "content-type": "application/json", [sandboxSignatureHeader]: signSandboxPayload(body, webhookSecret, Math.floor(Date.now() / 1000)) },
    body,
  });
  expect(delivered.status).toBe(200);
  return created;
}

/** Every surface's account of the booking, checked to be one and the same; answered for the step's own checks. */
async function surfaces(bookingId: string, options: { owner: boolean }) {
  const booking = await row(bookingId);
  const manage = manageBookingResponseSchema.parse(
    await ok(await request("GET", `/api/booking/manage/${manageLinkToken(manageSecret, booking)}`, undefined, null)),
  ).data;
  const detail = staffBookingDetailResponseSchema.parse(await ok(await request("GET", `/api/staff/bookings/${bookingId}`))).data;
  const accounts: AccountView[] = [manage.money.account, detail.money.account];
  if (options.owner) {
    const mine = userBookingsResponseSchema.parse(await ok(await request("GET", "/api/booking/public", undefined, customerToken))).data;
    const card = [...mine.future, ...mine.expired].find((entry) => entry.uuid === bookingId);
    expect(card).toBeDefined();
    if (card) accounts.push(card.account);
  }
  for (const account of accounts) expect(account).toEqual(manage.money.account);
  const account = manage.money.account;
  // The same documents on the manage page, the staff detail and the dashboard; once invoiced, the
  // invoices less the cancellation invoices are what the booking owes (GoBD: no invoice is changed).
  expect(detail.invoices).toEqual(manage.invoices);
  if (options.owner) {
    const mine = userBookingsResponseSchema.parse(await ok(await request("GET", "/api/booking/public", undefined, customerToken))).data;
    expect([...mine.future, ...mine.expired].find((entry) => entry.uuid === bookingId)?.invoices).toEqual(manage.invoices);
  }
  if (manage.invoices.length > 0) expect(invoiced(manage.invoices)).toBe(account.owed_cents);
  for (const document of manage.invoices) {
    const [stored] = await database.db.select().from(invoices).where(eq(invoices.id, document.uuid));
    const text = await pdfText(await renderInvoicePdf(stored?.data as unknown as InvoiceData));
    expect(text).toContain(document.number);
    expect(text).toContain(formatMoney(document.kind === "cancellation" ? -document.total_cents : document.total_cents, "en"));
    if (document.cancels) expect(text).toContain(document.cancels);
  }
  // The staff list and the row's cached figures say the same.
  const listed = staffBookingsResponseSchema.parse(await ok(await request("GET", `/api/staff/bookings?q=${booking.code ?? ""}`))).data;
  expect(listed.find((entry) => entry.uuid === bookingId)).toMatchObject({ paid_cents: account.net_paid_cents, payment_state: account.payment_state });
  expect(detail.money.payment_state).toBe(account.payment_state);
  expect(booking).toMatchObject({ paidCents: account.net_paid_cents, paymentState: account.payment_state });
  // The latest money mail carries the same account (the figures of the day it was written).
  const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.bookingId, bookingId)).orderBy(asc(outboxEmails.createdAt));
  const lastWithAccount = mails.filter((mail) => "account" in (mail.payload as object)).at(-1);
  if (lastWithAccount) {
    const mailed = emailAccountSchema.parse((lastWithAccount.payload as { account: unknown }).account);
    expect(mailed).toMatchObject({
      totalCents: account.total_cents,
      owedCents: account.owed_cents,
      netPaidCents: account.net_paid_cents,
      refundedCents: account.refunded_cents,
      outstandingCents: account.outstanding_cents,
    });
  }
  return { account, manage, detail, booking };
}

describe("a card booking's account through deposit, early balance, a raised price, a refund and a cancellation with a fee", () => {
  it("shows the same figures everywhere after every step", async () => {
    const held = await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip, { companions: ["non_playing"], userId: customerId });
    const start = await surfaces(held.bookingId, { owner: true });
    expect(start.account).toMatchObject({ payment_state: "unpaid", net_paid_cents: 0 });
    expect(start.account.due_now_cents).toBe(start.booking.depositCents);

    // The deposit by card: nothing is due now any more; the balance waits for its date and may be paid early (issue 28, finding 1).
    await payByCard(held);
    const afterDeposit = await surfaces(held.bookingId, { owner: true });
    const total = afterDeposit.booking.totalCents;
    const deposit = afterDeposit.booking.depositCents;
    expect(afterDeposit.booking.status).toBe("confirmed");
    expect(documentsOf(afterDeposit.manage.invoices)).toEqual([["invoice", total, false]]);
    expect(afterDeposit.account).toMatchObject({ net_paid_cents: deposit, outstanding_cents: total - deposit, due_now_cents: 0, payment_state: "partial" });
    expect(afterDeposit.manage.money.due).toEqual({ kind: "balance", amount_cents: total - deposit, early: true });
    expect(afterDeposit.account.dues.find((due) => due.kind === "balance")).toMatchObject({ due_on: afterDeposit.booking.remainderDueOn, fallen_due: false });

    // The balance early: paid in full.
    const balance = await payByCard(held);
    expect(balance).toMatchObject({ kind: "balance", amount_cents: total - deposit });
    const paid = await surfaces(held.bookingId, { owner: true });
    expect(paid.booking.status).toBe("paid");
    expect(paid.account).toMatchObject({ net_paid_cents: total, outstanding_cents: 0, payment_state: "paid", payable: null });

    // Staff add a companion: the price rises, the paid booking owes again and is confirmed with a balance.
    const edit = await ok(await request("GET", `/api/staff/bookings/${held.bookingId}/answers`));
    const version = (edit as { data: { version: number } }).data.version;
    await ok(await request("POST", `/api/staff/bookings/${held.bookingId}/companions`, { version, type: "golf_playing", forename: "Max", surname: "Muster" }));
    const raised = await surfaces(held.bookingId, { owner: true });
    expect(raised.booking.totalCents).toBeGreaterThan(total);
    expect(raised.booking.status).toBe("confirmed");
    expect(raised.account).toMatchObject({ net_paid_cents: total, outstanding_cents: raised.booking.totalCents - total, payment_state: "partial" });
    // The invoice is cancelled by a cancellation invoice and a new one issued for the new price; both mailed (finding 6).
    expect(documentsOf(raised.manage.invoices)).toEqual([
      ["invoice", total, false],
      ["cancellation", total, true],
      ["invoice", raised.booking.totalCents, false],
    ]);
    const corrected = await database.db.select().from(outboxEmails).where(eq(outboxEmails.bookingId, held.bookingId));
    const correction = corrected.filter((mail) => mail.template === "invoice-corrected");
    expect(correction).toHaveLength(1);
    const rendered = await renderEmail(parseEmailMessage({ template: "invoice-corrected", payload: correction[0]?.payload }), "en");
    expect(rendered.attachments?.map((attachment) => attachment.filename)).toEqual(
      raised.manage.invoices.slice(1).map((document) => `${document.number}.pdf`),
    );

    // A partial refund by card: the refund shows on the payment, in the audit, and lowers what is paid (issue 28, finding 5).
    await ok(await request("POST", `/api/staff/bookings/${held.bookingId}/refund`, { amount_cents: 20_00, idempotency_key: `refund-${held.bookingId}` }));
    const refunded = await surfaces(held.bookingId, { owner: true });
    expect(refunded.account).toMatchObject({ paid_cents: total, refunded_cents: 20_00, net_paid_cents: total - 20_00 });
    expect(refunded.detail.payments.flatMap((payment) => payment.refunds)).toEqual([expect.objectContaining({ amount_cents: 20_00, channel: "provider" })]);
    // Given back while money is still owed: a reduction the operator grants, so the invoice is corrected to it.
    expect(refunded.account.owed_cents).toBe(raised.booking.totalCents - 20_00);
    expect(documentsOf(refunded.manage.invoices).slice(3)).toEqual([
      ["cancellation", raised.booking.totalCents, true],
      ["invoice", raised.booking.totalCents - 20_00, false],
    ]);

    // Cancelled, keeping a fee: everything but the fee goes back; nothing is outstanding; the fee is what the booking owes.
    const fee = 50_00;
    const netBefore = refunded.account.net_paid_cents;
    const cancelled = await ok(
      await request("POST", `/api/staff/bookings/${held.bookingId}/cancel`, { refund: { amount_cents: netBefore - fee }, notify: true }),
    );
    expect(cancelled).toMatchObject({ data: { status: "cancelled", refund: { refunded_cents: netBefore - fee } } });
    const end = await surfaces(held.bookingId, { owner: true });
    expect(end.booking.cancellationFeeCents).toBe(fee);
    // The cancellation's refund mail already shows the fee kept, not a credit still to come back.
    const refundMails = await database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.bookingId, held.bookingId))
      .orderBy(asc(outboxEmails.createdAt));
    const cancellationRefund = refundMails.filter((mail) => mail.template === "refund-issued").at(-1);
    expect(emailAccountSchema.parse((cancellationRefund?.payload as { account: unknown }).account)).toMatchObject({ owedCents: fee, creditCents: 0 });
    expect(end.account).toMatchObject({ owed_cents: fee, net_paid_cents: fee, outstanding_cents: 0, credit_cents: 0, payment_state: "paid", payable: null });
    expect(end.manage.money.due).toBeNull();
    // The standing invoice is cancelled and the kept fee invoiced.
    expect(documentsOf(end.manage.invoices).slice(5)).toEqual([
      ["cancellation", raised.booking.totalCents - 20_00, true],
      ["invoice", fee, false],
    ]);

    // A later refund of part of the fee lowers the fee: the fee invoice is corrected, nothing is asked again.
    await ok(await request("POST", `/api/staff/bookings/${held.bookingId}/refund`, { amount_cents: 10_00, idempotency_key: `fee-${held.bookingId}` }));
    const lowered = await surfaces(held.bookingId, { owner: true });
    expect(lowered.account).toMatchObject({ owed_cents: fee - 10_00, outstanding_cents: 0, payment_state: "paid" });
    expect(documentsOf(lowered.manage.invoices).slice(7)).toEqual([
      ["cancellation", fee, true],
      ["invoice", fee - 10_00, false],
    ]);
  });
});

describe("a bank-transfer booking's account", () => {
  async function invoiceBooking() {
    const bookingId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip, ["non_playing"]);
    const token = newSecretToken();
    await database.db
      .update(bookings)
      .set({ tokenHash: hashToken(token), paymentOption: "invoice" })
      .where(eq(bookings.id, bookingId));
    const held = await submitBooking(database.db, { bookingId, now: new Date() });
    if (held.outcome !== "held") throw new Error(held.outcome);
    // As the booking form's submit does (submit-draft.ts): an invoice booking is binding, its invoice issued.
    await issueInvoice(database.db, await row(bookingId), new Date());
    return bookingId;
  }

  it("owes its deposit by the transfer's date, not at once (issue 28, finding 2)", async () => {
    const bookingId = await invoiceBooking();
    const { account, booking } = await surfaces(bookingId, { owner: false });
    expect(booking.depositDueOn).not.toBeNull();
    expect(booking.depositDueOn && booking.submittedAt && booking.depositDueOn > booking.submittedAt.toISOString().slice(0, 10)).toBe(true);
    expect(account.due_now_cents).toBe(0);
    expect(account.dues[0]).toMatchObject({ kind: "deposit", due_on: booking.depositDueOn, fallen_due: false });
  });

  it("records the transfer, then a cancellation with a refund recorded as paid out (issue 28, finding 7)", async () => {
    const bookingId = await invoiceBooking();
    const total = (await row(bookingId)).totalCents;
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/payments`, { amount_cents: total, received_on: "2026-11-20", reference: "Statement 42" }));
    const paid = await surfaces(bookingId, { owner: false });
    expect(paid.booking.status).toBe("paid");
    expect(paid.account).toMatchObject({ net_paid_cents: total, payment_state: "paid" });
    expect(paid.account.refundable).toEqual([expect.objectContaining({ method: "bank_transfer", channel: "recorded", refundable_cents: total })]);

    const cancelled = await ok(
      await request("POST", `/api/staff/bookings/${bookingId}/cancel`, { refund: "full", notify: true, reason: "Customer asked by phone" }),
    );
    expect(cancelled).toMatchObject({
      data: { status: "cancelled", refund: { refunded_cents: total, refunds: [{ channel: "recorded", provider_reference: null }] } },
    });
    const end = await surfaces(bookingId, { owner: false });
    // No longer "paid": everything went back and nothing is owed.
    expect(end.account).toMatchObject({ refunded_cents: total, net_paid_cents: 0, owed_cents: 0, payment_state: "nothing_due" });
    expect(end.detail.money.payment_state).toBe("nothing_due");
    // Its invoice is cancelled in full; nothing is owed, so no new invoice.
    expect(documentsOf(end.manage.invoices)).toEqual([
      ["invoice", total, false],
      ["cancellation", total, true],
    ]);
  });

  it("records cash on a card booking and refuses a refund beyond what was paid, changing nothing", async () => {
    const held = await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip, { companions: ["non_playing"] });
    await payByCard(held);
    await ok(await request("POST", `/api/staff/bookings/${held.bookingId}/payments`, { amount_cents: 10_00, method: "cash", received_on: "2026-11-27" }));
    const before = await surfaces(held.bookingId, { owner: false });
    expect(before.account.refundable.map((part) => part.method).sort()).toEqual(["card", "cash"]);
    const refused = await request("POST", `/api/staff/bookings/${held.bookingId}/refund`, {
      amount_cents: before.account.net_paid_cents + 1,
      idempotency_key: `too-much-${held.bookingId}`,
    });
    expect(refused.status).toBe(409);
    const after = await surfaces(held.bookingId, { owner: false });
    expect(after.account).toEqual(before.account);
  });
});
