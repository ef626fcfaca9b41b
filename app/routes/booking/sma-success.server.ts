import { bookingKeyOfRequest } from "../../utils/booking-pages.server";
import { pageLocale } from "../../utils/auth.server";
import { notFound, orNotFound } from "../../utils/http-errors.server";
import type { Route } from "./+types/sma-success";
import { webContext } from "../../../server/load-context";

/** `/sma-success?booking={uuid}`: the request is sent; staff will call (spec §2). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const key = bookingKeyOfRequest(request, url);
  const { booking } = await orNotFound(web.services.bookings.open({ formId: key.formUuid, bookingToken: key.token, bookingUuid: key.bookingUuid, locale }));
  if (booking.status === "draft" || booking.payment_option !== "sma") notFound();
  return { locale, code: booking.code ?? "", status: booking.status };
}
