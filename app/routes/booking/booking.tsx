import type { ShouldRevalidateFunction } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { BookingFormPage } from "../../components/booking/booking-form-page";
import { BookingPreviewPage } from "../../components/booking/booking-preview-page";
import { pageMeta } from "../../utils/meta";
import type { PageRequest, PageRouteFacts } from "../../../server/http/page-route-facts";
import type { Route } from "./+types/booking";

export { action, loader } from "./booking.server";
export type { BookingActionData } from "./booking.server";

/**
 * A post at the review step (`?page=review`, booking.server.ts `reviewStep`) books: when the process
 * is saturated it goes first, as the API's submit does; saving a page takes its turn (decision 064).
 */
export const handle = {
  caching: "personal",
  admission: ({ method, url }: PageRequest) => (method === "POST" && url.searchParams.get("page") === "review" ? "finishing" : "ordinary"),
} satisfies PageRouteFacts;

/**
 * A save refused because another window saved first (decision 021) answers 409 without new data;
 * the page must show the latest answers, so the loader runs again then too. A preview's post
 * (decision 039) carries all the page needs: nothing to load again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const answered = typeof actionResult === "object" && actionResult !== null;
  if (answered && "previewStep" in actionResult) return false;
  const stale = answered && "stale" in actionResult && actionResult.stale === true;
  return stale || defaultShouldRevalidate;
};

/** A preview says `no-store` itself (server/http/security-headers.ts adds it for any logged-in page too). */
export function headers({ parentHeaders, loaderHeaders, actionHeaders }: Route.HeadersArgs): Headers {
  const sent = new Headers(parentHeaders);
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (cacheControl) sent.set("Cache-Control", cacheControl);
  return sent;
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [];
  const t = translatorFor(loaderData.locale);
  if ("previewStep" in loaderData) {
    return [...pageMeta(loaderData.locale, t("bookingPreview.metaTitle", { event: loaderData.form.event.title })), { name: "robots", content: "noindex" }];
  }
  return pageMeta(loaderData.locale, t("booking.metaTitle", { event: loaderData.form.event.title }));
};

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  if ("previewStep" in loaderData) {
    const previewAnswer = actionData && "previewStep" in actionData ? actionData : null;
    return <BookingPreviewPage {...loaderData} step={previewAnswer?.previewStep ?? loaderData.previewStep} actionData={previewAnswer} />;
  }
  const bookingAnswer = actionData && !("previewStep" in actionData) ? actionData : null;
  return <BookingFormPage {...loaderData} actionData={bookingAnswer} />;
}
