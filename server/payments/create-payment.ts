import { and, eq, inArray } from "drizzle-orm";
import type { PaymentResult } from "../../core/contracts/payments";
import { pickLocale } from "../../core/contracts/localized-text";
import { bookingEventAllowed } from "../../core/domain/booking-state-machine";
import { paymentDue } from "../../core/domain/payment-due";
import { translatorFor } from "../../core/i18n/i18n";
import { localizePath, type Locale } from "../../core/i18n/locales";
import { hashToken, newSecretToken } from "../auth/secrets";
import type { Queryable } from "../db/client";
import { bookings, events, payments } from "../db/schema";
import { AppError } from "../errors";
import { mainParticipantOf } from "../bookings/main-participant";
import { authorizedBooking } from "../bookings/authorized-booking";
import { type Actor } from "../../core/domain/permissions";
import { recordPaymentTransition, recordTransition } from "../bookings/record-transition";
import { readBookingAccount } from "../bookings/booking-account";
import { defaultProviderOf, type PaymentProvider, type PaymentProviderName, type PaymentProviders } from "../deps/payment-provider";
import type { Deps } from "../deps/deps";
import type { PaymentDeps } from "./payment-access";
import { expireReplacedCheckout, scheduleCheckoutExpiry, type ReplacedCheckout } from "./checkout-expiry";

type PaymentRow = typeof payments.$inferSelect;

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
