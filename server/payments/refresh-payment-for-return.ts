import type { Database } from "../db/client";
import { readBookingAccount } from "../bookings/booking-account";
import { providerNamed } from "../deps/payment-provider";
import { paymentByReturnToken, type PaymentDeps } from "./payment-access";
import { applyProviderOutcome } from "./apply-provider-outcome";

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
