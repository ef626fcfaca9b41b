import type { ShouldRevalidateFunction } from "react-router";
import { translatorFor } from "../../core/i18n/i18n";
import { BookingFormPage } from "../components/booking/booking-form-page";
import { pageMeta } from "../utils/meta";
import type { Route } from "./+types/booking";

export { action, loader } from "./booking.server";
export type { BookingActionData } from "./booking.server";

/**
 * A save refused because another window saved first (decision 021) answers 409 without new data;
 * the page must show the latest answers, so the loader runs again then too.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const stale = typeof actionResult === "object" && actionResult !== null && "stale" in actionResult && actionResult.stale === true;
  return stale || defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("booking.metaTitle", { event: loaderData.form.event.title })) : [];

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingFormPage {...loaderData} actionData={actionData ?? null} />;
}
