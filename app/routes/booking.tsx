import { translatorFor } from "../../core/i18n/i18n";
import { BookingFormPage } from "../components/booking/booking-form-page";
import { pageMeta } from "../utils/meta";
import type { Route } from "./+types/booking";

export { action, loader } from "./booking.server";
export type { BookingActionData } from "./booking.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("booking.metaTitle", { event: loaderData.form.event.title })) : [];

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingFormPage {...loaderData} actionData={actionData ?? null} />;
}
