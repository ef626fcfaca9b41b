import { data, redirectDocument } from "react-router";
import { notFound } from "./http-errors.server";
import type { Locale } from "../../core/i18n/locales";
import { AppError } from "../../server/errors";
import { readBookingKeys, type BookingKey } from "../../server/http/booking-cookies";
import type { WebContext } from "../../server/load-context";
import type { PaymentAccess } from "../../server/payments/payment-access";

/**
 * The key of the booking named by `?booking=` of `url` (the loader's normalized one, decision 063)
 * that this browser holds (its httpOnly booking cookie). Pages about one booking (success, request
 * sent, …) answer anyone else with a 404.
 */
export function bookingKeyOfRequest(request: Request, url: URL): BookingKey {
  const bookingUuid = url.searchParams.get("booking") ?? "";
  const key = readBookingKeys(request.headers.get("cookie")).find((candidate) => candidate.bookingUuid === bookingUuid);
  return key ?? notFound();
}

/**
 * The pay buttons' action: a payment for what is due, then off to the provider's page; a refusal
 * (places no longer held, nothing due, …) comes back as the page's message.
 */
export async function startCardPayment(context: WebContext, input: { bookingId: string; access: PaymentAccess; locale: Locale }) {
  try {
    const payment = await context.services.payments.create(input);
    // A document navigation: the provider's page is not a route of this app, even when it is served on this origin (sandbox).
    throw redirectDocument(payment.redirect_url);
  } catch (error) {
    if (!AppError.is(error)) throw error;
    // Which booking it was about, for pages that list several (the dashboard).
    return data({ bookingId: input.bookingId, message: error.toResponse(input.locale).message }, error.status);
  }
}
