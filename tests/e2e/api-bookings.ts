import { expect, type APIRequestContext } from "@playwright/test";
import { createEvent } from "./test-data";

/** A customer of a booking made over the public API. */
export type ApiCustomer = {
  salutation: "mr" | "mrs";
  forename: string;
  surname: string;
  street: string;
  postcode: string;
  city: string;
  phone: string;
  email: string;
};

/**
 * A golf booking on a tournament of the test's own, made over the public booking API as the booking
 * pages' server side makes it (the same calls, services and mails: "Booking received", and for a card
 * the sandbox's payment with its confirmation), for specs whose subject is what staff do with it
 * afterwards. The booking pages themselves are walked by booking.spec.ts, payment-flows.spec.ts,
 * payments.spec.ts and flow-review.spec.ts; here a walk through them cost seconds of every test.
 * `card`: paid in full at once in the sandbox (the tournament starts within 30 days); `invoice`:
 * confirmed, to be paid by bank transfer. `companions` come with the page that asks for them.
 */
export async function golfBookingOverApi(
  request: APIRequestContext,
  locale: "en" | "de",
  customer: ApiCustomer,
  pay: "card" | "invoice",
  options: { companions?: { type: "golf_playing" | "non_playing"; forename: string; surname: string }[] } = {},
): Promise<{ bookingUuid: string; code: string; eventUuid: string }> {
  const headers = { "accept-language": locale };
  const { formUuid, eventUuid } = await createEvent(request, "golfCircleTournament");
  const form = (await (await request.get(`/api/form/public/${formUuid}`, { headers })).json()) as {
    data: { pages: { uuid: string; items: { uuid: string; name: string; kind: string }[] }[] };
  };
  // The browser makes a companion's uuid (update-draft-page.ts); they go with the page that asks for them.
  const companions = (options.companions ?? []).map((companion) => ({ uuid: crypto.randomUUID(), salutation: "mr" as const, ...companion }));
  const opened = await request.get(`/api/booking/public/${formUuid}`, { headers });
  expect(opened.status(), await opened.text()).toBe(200);
  const { data: draft, booking_token: bookingToken } = (await opened.json()) as { data: { uuid: string }; booking_token: string };
  const byName: Record<string, string | boolean> = {
    "main.salutation": customer.salutation,
    "main.forename": customer.forename,
    "main.surname": customer.surname,
    "main.street": customer.street,
    "main.postcode": customer.postcode,
    "main.city": customer.city,
    "main.country": "DE",
    "main.phone": customer.phone,
    "main.email": customer.email,
    "golf.handicap": "hcp_0_18",
    terms: true,
    payment_option: pay === "card" ? "credit_card" : "invoice",
  };
  for (const formPage of form.data.pages) {
    const answers = Object.fromEntries(formPage.items.filter((item) => item.name in byName).map((item) => [item.uuid, byName[item.name]]));
    const withCompanions = companions.length > 0 && formPage.items.some((item) => item.kind === "companion") ? { companions } : {};
    const saved = await request.put(`/api/booking/public/${draft.uuid}/update/${formPage.uuid}`, {
      headers,
      data: { booking_token: bookingToken, answers, ...withCompanions },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const submitted = await request.post(`/api/booking/public/${draft.uuid}/submit`, { headers, data: { booking_token: bookingToken } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const { code } = ((await submitted.json()) as { data: { code: string | null } }).data;
  if (!code) throw new Error("the submitted booking has no code");
  if (pay === "card") {
    const payment = await request.post(`/api/booking/payment/create/${draft.uuid}/${locale}`, { headers, data: { booking_token: bookingToken } });
    expect(payment.status(), await payment.text()).toBe(200);
    const checkout = new URL(((await payment.json()) as { data: { redirect_url: string } }).data.redirect_url).pathname;
    const paid = await request.post(`${checkout}/pay`, {
      form: { number: "4242424242424242", expiry: "12/34", cvc: "123", holder: `${customer.forename} ${customer.surname}` },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    // The return page asks the provider and confirms, as the browser's redirect would.
    const returned = await request.get(new URL(paid.headers().location ?? "").pathname);
    expect(returned.status()).toBe(200);
  }
  return { bookingUuid: draft.uuid, code, eventUuid };
}
