import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import type { PaymentResult } from "../../core/contracts/payments";
import { pickLocale } from "../../core/contracts/localized-text";
import { bookingEventAllowed, paymentEventAllowed } from "../../core/domain/booking-state-machine";
import { sendPaymentMails } from "./payment-mails";
import { operatorToday } from "../../core/domain/dates";
import { paymentDue } from "../../core/domain/payment-due";
import { translatorFor } from "../../core/i18n/i18n";
import { defaultLocale, localizePath, type Locale } from "../../core/i18n/locales";
import { hashToken, newSecretToken } from "../auth/secrets";
import type { Database, Queryable } from "../db/client";
import { bookings, events, jobs, participants, payments, resourceReservations, sites } from "../db/schema";
import type { EmailToSend } from "../deps/enqueue-email";
import { AppError } from "../errors";
import { mainParticipantOf } from "../bookings/main-participant";
import { authorizedBooking } from "../bookings/authorized-booking";
import { anonymousActor, type Actor } from "../../core/domain/permissions";
import { withBookingToken } from "../auth/authorize";
import { holdPlaces, reserveResource } from "../bookings/places";
import { recordPaymentTransition, recordTransition, type PaymentChange } from "../bookings/record-transition";
import { accountOf, readBookingAccount, readLedger, rowFiguresOf, writeAccountFigures } from "../bookings/booking-account";
import { defaultProviderOf, providerNamed, type PaymentProvider, type PaymentProviderName, type PaymentProviders, type ProviderOutcome } from "../deps/payment-provider";
import { bookingOfPayLink } from "./pay-links";
import type { Deps } from "../deps/deps";

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export type PaymentDeps = {
  /** The enabled card providers, the operator's default first (decision 071). */
  providers: PaymentProviders;
  /** Absolute origin of the site, for the return URLs and e-mail links. */
  publicOrigin: string;
  /** Stores a mail in the caller's transaction (the e-mail outbox). */
  enqueueMail: (tx: Queryable, mail: EmailToSend) => Promise<unknown>;
  /** Signs the "pay now" links of e-mails (pay-links.ts). */
  payLinkSecret: string;
  /** Signs the "manage my booking" link every booking e-mail carries (server/bookings/manage-links.ts). */
  manageLinkSecret: string;
};

/**
 * Who asks to pay: the browser holding the booking's token, the logged-in owner, or the holder of an
 * earlier payment's return token (the retry button of `/payment/failed/{token}`).
 */
export type PaymentAccess = {
  bookingToken?: string | undefined;
  userId?: string | null | undefined;
  returnToken?: string | undefined;
  /** The token of an e-mail's pay link (`/pay/{token}`). */
  payLink?: string | undefined;
};

/**
 * The actor of a payment call, from what `access` presents: the pay link verified, the return token
 * looked up (reads only). A presented booking token is the only key then held: a wrong one is "not
 * found", whatever else came with it. Whether it may pay is createPayment's question ("booking.pay").
 */
export async function paymentCaller(deps: Pick<Deps, "db" | "payLinkSecret">, access: PaymentAccess): Promise<Actor> {
  if (access.bookingToken) return withBookingToken(anonymousActor, access.bookingToken);
  const returned = access.returnToken ? await paymentByReturnToken(deps.db, access.returnToken) : null;
  return {
    // Only the id matters to "booking.pay": an owner's role and session are the caller's concern.
    user: access.userId ? { userId: access.userId, role: "customer", sessionId: "" } : null,
    payLinkBookingId: access.payLink ? (bookingOfPayLink(deps.payLinkSecret, access.payLink) ?? undefined) : undefined,
    returnTokenBookingId: returned?.booking.id,
  };
}

const refusalMessage = { hold_expired: "paymentHoldExpired", nothing_due: "paymentNothingDue", in_review: "paymentInReview" } as const;

/** `/payment/success/{token}` and `/payment/failed/{token}` in the booking's language. */
export function returnUrls(origin: string, locale: Locale, token: string) {
  return {
    successUrl: `${origin}${localizePath(`/payment/success/${token}`, locale)}`,
    cancelUrl: `${origin}${localizePath(`/payment/failed/${token}`, locale)}`,
  };
}

/** Payment statuses whose checkout may still be paid at the provider. */
const checkoutOpenStatuses = ["pending", "requires_action"] as const;

/**
 * A checkout handed out this recently is not replaced by another creation: parallel creations (a
 * double click, several tabs, a retrying client) would otherwise each get a URL that the next one
 * closes a moment later. Ten seconds covers such a burst; a customer who comes back later (an
 * abandoned tab, the booking page again) gets a fresh checkout as before.
 */
const recentCheckoutWindowMs = 10_000;
/**
 * A payment without a provider reference is still waiting for its checkout (the provider call runs
 * after the commit). For this long it counts as in progress; a process that died in between leaves such
 * a payment behind, which must not block the booking for longer.
 */
const checkoutCreationLimitMs = 2 * 60_000;

function checkoutInProgress(payment: PaymentRow, now: Date): boolean {
  const age = now.getTime() - payment.createdAt.getTime();
  return age < recentCheckoutWindowMs || (payment.providerReference === null && age < checkoutCreationLimitMs);
}

/**
 * Creates a payment for what is due now (amounts from the booking's stored prices, never from the
 * browser) and the provider's hosted checkout for it. A booking has at most one open checkout:
 *
 * 1. One transaction, authorization first (a refused caller changes nothing), then the booking row's
 *    lock, so that creations for the same booking take turns. A payment still open whose checkout is
 *    being made or was made seconds ago answers a 409 `payment_in_progress` (decision 008). Otherwise
 *    the payments still open are closed (each with its audit row, and a durable job that closes their
 *    checkouts at the provider), and the new payment is written with its own audit row.
 * 2. After the commit the provider is told to close those older checkouts, then asked for the new
 *    checkout (the payment's id is the idempotency key, so a retry cannot charge twice).
 * 3. The checkout's reference is stored only while the payment is still pending. When a creation that
 *    started later closed it meanwhile, the checkout just made is closed at the provider before anyone
 *    saw its URL, and the caller gets a 409: the later creation's checkout is the one to pay.
 */
export async function createPayment(
  deps: PaymentDeps & Pick<Deps, "db" | "now">,
  actor: Actor,
  input: {
    bookingId: string;
    locale: Locale;
    /** The return token of the failed payment whose retry button the caller pressed (that checkout is given up). */
    givenUpReturnToken?: string | undefined;
    /** The card provider the customer chose among the enabled ones; the operator's default when not given. */
    provider?: PaymentProviderName | undefined;
  },
): Promise<PaymentResult> {
  const { db } = deps;
  // Before anything is written: a provider the operator did not enable is refused with no side effect.
  const provider = chosenProvider(deps.providers, input.provider);
  const now = deps.now();
  const token = newSecretToken();
  const created = await db.transaction(async (tx) => {
    const found = await authorizedBooking(tx, actor, "booking.pay", { bookingId: input.bookingId });
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, found.id)).for("update").limit(1);
    if (!booking) throw new AppError("NOT_FOUND", "bookingNotFound");
    const { account } = await readBookingAccount(tx, booking, now);
    const due = paymentDue(booking, account, now);
    if ("refused" in due) throw new AppError("CONFLICT", refusalMessage[due.refused], { reason: due.refused });
    const open = await lockOpenPayments(tx, booking.id);
    // The payment whose failed page the caller comes from (its retry button) is known to be given up.
    const givenUp = input.givenUpReturnToken ? hashToken(input.givenUpReturnToken) : null;
    if (open.some((candidate) => candidate.returnTokenHash !== givenUp && checkoutInProgress(candidate, now))) {
      throw new AppError("CONFLICT", "paymentInProgress", { reason: "payment_in_progress" });
    }
    const replaced = await closeOpenPayments(tx, booking.id, open, now);
    const [payment] = await tx
      .insert(payments)
      .values({
        bookingId: booking.id,
        provider: provider.name,
        kind: due.kind,
        amountCents: due.amountCents,
        returnTokenHash: hashToken(token),
        // The same clock as `checkoutInProgress` reads it with.
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!payment) throw new Error("payment insert returned nothing");
    await recordPaymentTransition(tx, {
      payment: { ...payment, status: "new" },
      event: "created",
      cause: `payment created (${due.kind}) with ${provider.name}`,
      details: { amountCents: due.amountCents },
      now,
    });
    if (bookingEventAllowed(booking.status, "card_payment_started")) {
      await recordTransition(tx, { booking, event: "card_payment_started", cause: "customer went to the card payment", paymentId: payment.id, now });
    }
    const [event] = await tx.select().from(events).where(eq(events.id, booking.eventId)).limit(1);
    const main = await mainParticipantOf(tx, booking.id);
    return { booking, payment, replaced, eventTitle: event ? pickLocale(event.title, input.locale) : "", email: main?.email ?? null };
  });

  const { booking, payment } = created;
  const t = translatorFor(input.locale);
  let checkout: { providerReference: string; redirectUrl: string };
  // Closed at the provider before the new checkout exists: an abandoned tab cannot be paid next to it.
  // A failure does not stop this payment: the checkout's job (written with its closing) retries.
  for (const replaced of created.replaced) await expireReplacedCheckout(db, deps.providers, replaced, now);
  try {
    checkout = await provider.createCheckout({
      paymentId: payment.id,
      bookingId: booking.id,
      bookingCode: booking.code ?? "",
      amountCents: payment.amountCents,
      currency: "EUR",
      description: t(`payment.description.${payment.kind}`, { event: created.eventTitle, code: booking.code ?? "" }),
      locale: input.locale,
      customerEmail: created.email,
      ...returnUrls(deps.publicOrigin, input.locale, token),
      idempotencyKey: `payment-${payment.id}`,
      // A balance has no hold; the provider's own limit applies.
      expiresAt: booking.holdExpiresAt ?? new Date(now.getTime() + 24 * 3600_000),
    });
  } catch (error) {
    // Not locked: a newer creation may have closed it meanwhile, and then this writes nothing.
    await db.transaction((tx) =>
      recordPaymentTransition(tx, {
        payment: { ...payment, status: "pending" },
        event: "checkout_not_created",
        cause: "the payment provider could not create the checkout",
        details: { error: error instanceof Error ? error.message : String(error) },
        set: { failureReason: "provider unreachable" },
        now,
      }),
    );
    throw new AppError("BAD_GATEWAY", "paymentProviderFailed");
  }

  const [stored] = await db
    .update(payments)
    .set({ providerReference: checkout.providerReference, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
    .returning({ id: payments.id });
  if (!stored) {
    // A newer creation closed this payment while its checkout was being made (and could not close the
    // checkout, whose reference it did not know yet): close it here, before its URL is handed out.
    // Recorded first, so that anything the provider still says about it finds its payment.
    const job = await db.transaction(async (tx) => {
      await tx.update(payments).set({ providerReference: checkout.providerReference }).where(eq(payments.id, payment.id));
      return scheduleCheckoutExpiry(tx, { provider: provider.name, providerReference: checkout.providerReference }, now);
    });
    await expireReplacedCheckout(db, deps.providers, { provider: provider.name, providerReference: checkout.providerReference, jobId: job.id }, now);
    throw new AppError("CONFLICT", "paymentReplaced");
  }
  return {
    uuid: payment.id,
    kind: payment.kind,
    amount_cents: payment.amountCents,
    currency: "EUR",
    provider: provider.name,
    redirect_url: checkout.redirectUrl,
    token,
  };
}

/**
 * The provider a new payment goes to: the one the caller chose, when the operator enabled it, else the
 * operator's default (the first enabled). A name not enabled is refused (422); none enabled is a 502.
 */
function chosenProvider(providers: PaymentProviders, chosen: PaymentProviderName | undefined): PaymentProvider {
  const provider = chosen === undefined ? defaultProviderOf(providers) : (providers.get(chosen) ?? null);
  if (provider) return provider;
  if (chosen === undefined) throw new AppError("BAD_GATEWAY", "paymentProviderFailed");
  throw new AppError("VALIDATION_FAILED", "paymentProviderNotOffered", { params: { provider: chosen, offered: [...providers.keys()].join(", ") } });
}

/** The booking's payments whose checkout may still be paid, locked (read again under the booking's lock). */
function lockOpenPayments(tx: Queryable, bookingId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, [...checkoutOpenStatuses])))
    .for("update");
}

/**
 * In the creating transaction, under the booking's lock: the booking's payments still open are
 * closed with their audit rows, so the customer cannot pay the same deposit twice (one paid at the
 * provider meanwhile is still honoured or refunded). Each checkout to close at the provider gets a
 * durable job in the same transaction: the caller closes it at once and marks the job done; when
 * that fails (the provider unreachable) the job worker retries, so no replaced checkout stays payable.
 */
async function closeOpenPayments(tx: Queryable, bookingId: string, open: PaymentRow[], now: Date): Promise<ReplacedCheckout[]> {
  const replaced: ReplacedCheckout[] = [];
  for (const payment of open) {
    await recordPaymentTransition(tx, {
      payment: { ...payment, bookingId },
      event: "replaced",
      cause: "closed because the customer started a new payment",
      set: { failureReason: "replaced by a newer payment" },
      now,
    });
    if (payment.providerReference) {
      const job = await scheduleCheckoutExpiry(tx, { provider: payment.provider, providerReference: payment.providerReference }, now);
      replaced.push({ provider: payment.provider, providerReference: payment.providerReference, jobId: job.id });
    }
  }
  return replaced;
}

/** A closed payment's checkout, at the provider that made it (an older payment may be another provider's). */
type ReplacedCheckout = { provider: string; providerReference: string; jobId: string };

export const expireCheckoutJob = "payment.expire-checkout";
/**
 * The job is a fallback: the creation closes the checkout itself right after its commit and marks the
 * job done. The worker only gets it once this has passed, i.e. when that first try failed.
 */
const checkoutExpiryRetryAfterMs = 60_000;
const checkoutExpiryPayloadSchema = z.object({ provider: z.string().min(1), providerReference: z.string().min(1) });

async function scheduleCheckoutExpiry(tx: Queryable, payload: z.infer<typeof checkoutExpiryPayloadSchema>, now: Date) {
  const [job] = await tx
    .insert(jobs)
    .values({ kind: expireCheckoutJob, payload, runAt: new Date(now.getTime() + checkoutExpiryRetryAfterMs) })
    .returning({ id: jobs.id });
  if (!job) throw new Error("job insert returned nothing");
  return job;
}

/** Closes a replaced checkout at once; when the provider fails (or is no longer enabled), its job stays for the worker. */
async function expireReplacedCheckout(db: Database, providers: PaymentProviders, checkout: ReplacedCheckout, now: Date): Promise<boolean> {
  const provider = providerNamed(providers, checkout.provider);
  if (!provider) return false;
  try {
    await provider.expireCheckout(checkout.providerReference);
  } catch {
    return false;
  }
  await db
    .update(jobs)
    .set({ doneAt: now, lockedUntil: null })
    .where(and(eq(jobs.id, checkout.jobId), isNull(jobs.doneAt)));
  return true;
}

/**
 * The durable job: close a replaced checkout at the provider. A failure throws, so the worker runs it
 * again later (a checkout already paid or expired counts as closed; the provider adapter knows how).
 */
export async function runCheckoutExpiry(providers: PaymentProviders, payload: Record<string, unknown>): Promise<"closed" | "other provider"> {
  const { provider: name, providerReference } = checkoutExpiryPayloadSchema.parse(payload);
  const provider = providerNamed(providers, name);
  // A checkout of a provider no longer enabled cannot be reached from here (nor paid through our site).
  if (!provider) return "other provider";
  await provider.expireCheckout(providerReference);
  return "closed";
}

export type AppliedOutcome = "applied" | "unchanged" | "unknown";

/**
 * Applies what the provider says about a checkout: the one place where a payment succeeds. Webhook
 * and return page may arrive in any order, twice or at the same time; the payment row's lock makes
 * them take turns and only the first success changes anything (one confirmation, one receipt).
 * A payment that cannot be kept (the places are gone, or it would pay more than the total) is
 * marked `refund_pending` and staff are told — never silently kept.
 */
export async function applyProviderOutcome(
  db: Database,
  deps: Omit<PaymentDeps, "providers" | "payLinkSecret"> & { provider: Pick<PaymentProvider, "name"> },
  outcome: ProviderOutcome,
  context: { now: Date; source: "webhook" | "return page" },
): Promise<AppliedOutcome> {
  if (outcome.type === "ignored" || outcome.type === "pending") return "unchanged";
  const { now } = context;
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, deps.provider.name), eq(payments.providerReference, outcome.providerReference)))
      .for("update")
      .limit(1);
    if (!payment) return "unknown";
    const paymentChange = (
      event: "refused_by_provider" | "checkout_expired" | "succeeded" | "kept_for_refund",
      cause: string,
      set: PaymentChange,
      details: Record<string, unknown> = {},
    ) => recordPaymentTransition(tx, { payment, event, cause, details: { source: context.source, ...details }, set, now });

    if (outcome.type === "failed" || outcome.type === "expired") {
      const event = outcome.type === "failed" ? "refused_by_provider" : "checkout_expired";
      if (!paymentEventAllowed(payment.status, event)) return "unchanged";
      const reason = outcome.type === "failed" ? outcome.reason : "checkout expired";
      await paymentChange(event, outcome.type === "failed" ? `the provider refused the payment: ${reason}` : "the checkout expired unpaid", {
        failureReason: reason,
      });
      return "applied";
    }

    // succeeded: also after a failure or expiry (the transition table), as the money is real.
    if (!paymentEventAllowed(payment.status, "succeeded")) return "unchanged";
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for("update").limit(1);
    if (!booking) return "unknown";
    const amount = outcome.amountCents ?? payment.amountCents;
    const refund = async (reason: string) => {
      await paymentChange(
        "kept_for_refund",
        `payment received but cannot be kept: ${reason}`,
        { failureReason: reason, succeededAt: now },
        { amountCents: amount },
      );
      await notifyStaffOfRefund(tx, deps, { booking, payment, amountCents: amount, reason });
      // The money is on the account until it is given back: the booking shows it as credit (decision 067).
      await writeAccountFigures(tx, booking.id, now, `payment kept for refund: ${reason}`);
      return "applied" as const;
    };
    if (amount !== payment.amountCents) return refund(`the provider reports ${amount} cents instead of ${payment.amountCents}`);
    if (!bookingEventAllowed(booking.status, "paid_in_part")) return refund(`the booking is ${booking.status}`);
    // The account as it would stand with the places taken (an expired booking owes nothing until it is held again).
    const standing = { ...booking, status: "confirmed" as const };
    const before = accountOf(standing, await readLedger(tx, booking.id), now);
    if (amount > before.outstandingCents) return refund("it would pay more than the booking owes (a second payment)");
    if (payment.kind !== "balance" && before.netPaidCents >= booking.depositCents) return refund("the deposit was already paid (a second payment)");

    if (booking.status === "expired") {
      const reheld = await holdAgain(tx, booking);
      if (!reheld) return refund("the hold ran out and the places are no longer free");
    }
    await paymentChange("succeeded", `payment received (${payment.kind})`, { succeededAt: now, receivedOn: operatorToday(now) }, { amountCents: amount });
    const account = accountOf(standing, await readLedger(tx, booking.id), now);
    // A remaining balance gets its balance-due mail scheduled by the transition (bookingFollowUps).
    const status = await recordTransition(tx, {
      booking,
      event: account.outstandingCents === 0 ? "paid_in_full" : "paid_in_part",
      cause:
        booking.status === "expired"
          ? `${payment.kind} paid after the hold ran out; the places were still free`
          : `${payment.kind} paid by card (${context.source})`,
      details: { amountCents: amount, netPaidCents: account.netPaidCents, outstandingCents: account.outstandingCents },
      paymentId: payment.id,
      set: { ...rowFiguresOf(account), holdExpiresAt: null },
      now,
    });
    await sendPaymentMails(tx, deps, { booking: { ...booking, ...rowFiguresOf(account), status }, account, amountCents: amount, now });
    return "applied";
  });
}

/** Takes the places and resources of an expired booking again, all or nothing (a savepoint). */
async function holdAgain(tx: Database | Queryable, booking: BookingRow): Promise<boolean> {
  const people = await tx.select({ id: participants.id }).from(participants).where(eq(participants.bookingId, booking.id));
  const places = Math.max(1, people.length);
  const released = await tx
    .select()
    .from(resourceReservations)
    .where(and(eq(resourceReservations.bookingId, booking.id), isNotNull(resourceReservations.releasedAt)));
  class Unavailable extends Error {}
  try {
    await (tx as Database).transaction(async (savepoint) => {
      if (!(await holdPlaces(savepoint, booking.eventId, places))) throw new Unavailable();
      for (const reservation of released) {
        if (!(await reserveResource(savepoint, reservation.resourceId, reservation.quantity))) throw new Unavailable();
      }
      await savepoint.update(resourceReservations).set({ releasedAt: null }).where(eq(resourceReservations.bookingId, booking.id));
      await savepoint.update(bookings).set({ placesHeld: places }).where(eq(bookings.id, booking.id));
    });
    return true;
  } catch (error) {
    if (error instanceof Unavailable) return false;
    throw error;
  }
}

async function notifyStaffOfRefund(
  tx: Queryable,
  deps: Omit<PaymentDeps, "providers" | "payLinkSecret">,
  input: { booking: BookingRow; payment: PaymentRow; amountCents: number; reason: string },
) {
  const [site] = await tx.select({ email: sites.email }).from(sites).limit(1);
  if (!site?.email) return;
  await deps.enqueueMail(tx, {
    template: "payment-refund-needed",
    locale: defaultLocale,
    to: site.email,
    payload: {
      code: input.booking.code ?? input.booking.id,
      paymentId: input.payment.id,
      provider: input.payment.provider,
      providerReference: input.payment.providerReference ?? "—",
      amountCents: input.amountCents,
      reason: input.reason,
    },
  });
}

/** The payment a return page's token stands for, with its booking; null for an unknown token. */
export async function paymentByReturnToken(db: Queryable, token: string) {
  const [row] = await db
    .select({ payment: payments, booking: bookings })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.returnTokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/**
 * The return page's view of a payment: while it is still open, the provider is asked (the browser
 * may come back before the webhook) and its answer applied exactly as a webhook's would be.
 */
export async function refreshPaymentForReturn(db: Database, deps: PaymentDeps, token: string, now: Date, onApplied?: () => void) {
  const found = await refreshedPayment(db, deps, token, now, onApplied);
  // The booking's account after this payment (decision 067): what the page says is still due.
  return found ? { ...found, account: (await readBookingAccount(db, found.booking, now)).account } : null;
}

async function refreshedPayment(db: Database, deps: PaymentDeps, token: string, now: Date, onApplied?: () => void) {
  const found = await paymentByReturnToken(db, token);
  if (!found) return null;
  // Asked of the provider that took this payment; one no longer enabled cannot be asked (the page says it is being confirmed).
  const provider = providerNamed(deps.providers, found.payment.provider);
  if ((found.payment.status === "pending" || found.payment.status === "requires_action") && found.payment.providerReference && provider) {
    try {
      const outcome = await provider.retrieve(found.payment.providerReference);
      if (outcome.type !== "pending" && (await applyProviderOutcome(db, { ...deps, provider }, outcome, { now, source: "return page" })) === "applied") onApplied?.();
    } catch {
      // The provider is unreachable: the page shows the payment as still being confirmed; the webhook will settle it.
    }
    return paymentByReturnToken(db, token);
  }
  return found;
}
