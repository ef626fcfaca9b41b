import type { Locale } from "../../core/i18n/locales";
import { AppError } from "../errors";
import { findPayLinkBooking } from "../payments/find-pay-link-booking";
import { applyProviderOutcome } from "../payments/apply-provider-outcome";
import { createPayment } from "../payments/create-payment";
import { paymentCaller, type PaymentAccess } from "../payments/payment-access";
import { manageLinkOfBooking } from "../bookings/manage-link-of-booking";
import { refreshPaymentForReturn } from "../payments/refresh-payment-for-return";
import { providerNamed, type PaymentProviderName } from "../deps/payment-provider";
import { invalidateAvailability, invalidatingAvailability } from "../deps/cached-read";
import type { Deps } from "../deps/deps";

/** Card payments through the enabled providers (decisions 007, 071). */
export function bindPayments(deps: Deps) {
  const { db, now } = deps;
  const paymentDeps = {
    providers: deps.paymentProviders,
    publicOrigin: deps.publicOrigin,
    enqueueMail: deps.enqueueMail,
    payLinkSecret: deps.payLinkSecret,
    manageLinkSecret: deps.manageLinkSecret,
  };
  return {
    /** The enabled card providers, the operator's default first. */
    providerNames: [...deps.paymentProviders.keys()],
    /** A card payment through `provider` (one the operator enabled), or the operator's default. */
    create: async ({ access, ...input }: { bookingId: string; access: PaymentAccess; locale: Locale; provider?: PaymentProviderName | undefined }) => {
      const payment = { ...paymentDeps, db, now };
      const actor = await paymentCaller(deps, access);
      return invalidatingAvailability(deps, () => createPayment(payment, actor, { ...input, givenUpReturnToken: access.returnToken }));
    },
    /** A provider's signed webhook, at its own address: a provider not enabled has no endpoint (404). */
    applyWebhook: async (providerName: string, rawBody: string, headers: Headers) => {
      const provider = providerNamed(deps.paymentProviders, providerName);
      if (!provider) throw new AppError("NOT_FOUND", "noEndpoint");
      const outcome = await provider.parseWebhook(rawBody, headers);
      return invalidatingAvailability(deps, () => applyProviderOutcome(db, { ...paymentDeps, provider }, outcome, { now: now(), source: "webhook" }));
    },
    /** The booking a "pay now" e-mail link stands for, with what is due on it; null for a wrong link. */
    payLinkBooking: (token: string) => findPayLinkBooking(deps, { token }),
    /** The return pages: the payment of the token, asking the provider while it is still open. */
    // A payment applied here may have taken places again: the event cards must not show a stale state.
    forReturn: (token: string) => refreshPaymentForReturn(db, paymentDeps, token, now(), () => invalidateAvailability(deps)),
    /** The booking's own page and calendar file for whoever may pay it (the pages after booking and paying; issue 32). */
    manageLinkOf: async ({ access, bookingId }: { bookingId: string; access: PaymentAccess }) =>
      manageLinkOfBooking(deps, await paymentCaller(deps, access), { bookingId }),
  };
}
