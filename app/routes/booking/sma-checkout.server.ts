import { data, redirect } from "react-router";
import type { BookingView } from "../../../core/contracts/bookings";
import type { PublicForm } from "../../../core/contracts/forms";
import { formatDateRange } from "../../../core/domain/dates";
import { localizePath, type Locale } from "../../../core/i18n/locales";
import { AppError } from "../../../server/errors";
import { readWaitlistOffer } from "../../../server/http/booking-cookies";
import { bookingKeyOfRequest } from "../../utils/booking-pages.server";
import { pageLocale } from "../../utils/auth.server";
import { bookingPriceView } from "../../utils/booking-view";
import type { Route } from "./+types/sma-checkout";
import { webContext } from "../../../server/load-context";

function answerOf(form: PublicForm, booking: BookingView, name: string): string {
  const item = form.pages.flatMap((page) => page.items).find((candidate) => candidate.name === name);
  const value = item ? booking.answers[item.uuid] : undefined;
  return typeof value === "string" ? value : "";
}

/**
 * `/sma-checkout?booking={uuid}`: the review screen of a booking request (spec §2). It shows what
 * will be sent and that staff will call to verify it; sending submits the booking, which then holds
 * its places in review (PRODUCT.md "SMA").
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const key = bookingKeyOfRequest(request, url);
  const { booking } = await web.services.bookings.open({ formId: key.formUuid, bookingToken: key.token, bookingUuid: key.bookingUuid, locale });
  if (booking.status !== "draft") throw redirect(`${localizePath("/sma-success", locale)}?booking=${booking.uuid}`);
  const form = await web.services.getPublicForm(locale, booking.form_uuid, false);
  const price = bookingPriceView(form, booking, locale);
  const name = [answerOf(form, booking, "main.forename"), answerOf(form, booking, "main.surname")].filter(Boolean).join(" ");
  return {
    locale,
    view: {
      formUuid: form.uuid,
      lastPage: form.pages.length,
      event: form.event.title,
      dates: formatDateRange(form.event.starts_on, form.event.ends_on, locale),
      name,
      email: answerOf(form, booking, "main.email"),
      phone: answerOf(form, booking, "main.phone"),
      companions: booking.companions.map((companion) => [companion.forename, companion.surname].filter(Boolean).join(" ")),
      total: price.total,
      dueNow: price.dueNow,
    },
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale: Locale = pageLocale(url);
  const key = bookingKeyOfRequest(request, url);
  try {
    // A party invited from the waitlist may send a request too: the offer's places go with it.
    const offer = readWaitlistOffer(request.headers.get("cookie"), key.formUuid);
    await web.services.bookings.submit({ bookingId: key.bookingUuid, bookingToken: key.token, locale, waitlistOfferToken: offer ?? undefined });
  } catch (error) {
    if (!AppError.is(error)) throw error;
    // Sent twice: the request went out with the first post.
    if (error.reason === "already_submitted") throw redirect(`${localizePath("/sma-success", locale)}?booking=${key.bookingUuid}`);
    if (error.reason === "fully_booked") throw redirect(`${localizePath("/booking-no-available-spots", locale)}`);
    return data({ message: error.toResponse(locale).message }, error.status);
  }
  throw redirect(`${localizePath("/sma-success", locale)}?booking=${key.bookingUuid}`);
}
