import { expect, type APIRequestContext } from "@playwright/test";
import { createEvent } from "./test-data";

/**
 * Bookings for the back-office tests, made over the public JSON API as a customer's browser would
 * make them page by page (quicker than the pages, and the pages have their own tests): a two-day
 * track day of the test's own, the main participant with a rental street GT on day 1 and a rental
 * race car on day 2, and a co-driver. `invoice` is confirmed at once; `sma` is a booking request
 * waiting for staff (the call-back queue).
 */
export type TrackBooking = { eventUuid: string; bookingUuid: string; code: string; totalCents: number; depositCents: number };

export const trackPeople = {
  main: { forename: "Jana", surname: "Krüger", phone: "+49 2691 302000", phoneE164: "+492691302000" },
  coDriver: { forename: "Mia", surname: "Berger" },
};

export async function bookTrackDay(
  request: APIRequestContext,
  options: { locale: "en" | "de"; email: string; payment: "invoice" | "sma"; eventUuid?: string; formUuid?: string },
): Promise<TrackBooking> {
  const headers = { "accept-language": options.locale };
  const made =
    options.eventUuid && options.formUuid ? { eventUuid: options.eventUuid, formUuid: options.formUuid } : await createEvent(request, "trackDayTwoDays");
  const form = (await (await request.get(`/api/form/public/${made.formUuid}`, { headers })).json()) as {
    data: { pages: { uuid: string; items: { uuid: string; name: string }[] }[] };
  };
  const opened = (await (await request.get(`/api/booking/public/${made.formUuid}`, { headers })).json()) as { data: { uuid: string }; booking_token: string };
  const byName: Record<string, string | boolean | string[]> = {
    "main.salutation": "mrs",
    "main.forename": trackPeople.main.forename,
    "main.surname": trackPeople.main.surname,
    "main.street": "Ringstraße 2",
    "main.postcode": "53520",
    "main.city": "Nürburg",
    "main.country": "DE",
    "main.phone": trackPeople.main.phone,
    "main.email": options.email,
    vehicles_per_day: ["1:street_gt", "2:race_car"],
    "track.experience": "some",
    "track.driving_licence_number": "B072RRE2I55",
    terms: true,
    ...(options.payment === "sma" ? { sma: "requested" } : { payment_option: "invoice" }),
  };
  for (const [index, formPage] of form.data.pages.entries()) {
    const answers = Object.fromEntries(formPage.items.filter((item) => item.name in byName).map((item) => [item.uuid, byName[item.name]]));
    // The extras page (the second) carries the companions.
    const companions =
      index === 1
        ? [
            {
              uuid: crypto.randomUUID(),
              type: "co_driver",
              salutation: "mrs",
              forename: trackPeople.coDriver.forename,
              surname: trackPeople.coDriver.surname,
              date_of_birth: "1990-03-04",
            },
          ]
        : undefined;
    const saved = await request.put(`/api/booking/public/${opened.data.uuid}/update/${formPage.uuid}`, {
      headers,
      data: { booking_token: opened.booking_token, answers, ...(companions ? { companions } : {}) },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const submitted = await request.post(`/api/booking/public/${opened.data.uuid}/submit`, { headers, data: { booking_token: opened.booking_token } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const booking = ((await submitted.json()) as { data: { code: string | null; status: string; total_cents: number; deposit_cents: number } }).data;
  expect(booking.status).toBe(options.payment === "sma" ? "in_review" : "confirmed");
  return {
    eventUuid: made.eventUuid,
    bookingUuid: opened.data.uuid,
    code: booking.code ?? "",
    totalCents: booking.total_cents,
    depositCents: booking.deposit_cents,
  };
}
