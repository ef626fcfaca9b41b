import type { HeadersArgs } from "react-router";
import { ProgressLayout, ProgressLayoutError } from "../components/progress-layout";

/** Spec §2: the booking pages show the progress indicator at 15 % under the header. */
export const bookingLayoutProgress = 15;

/**
 * This layout's error boundary renders what the booking pages throw; React Router keeps only the
 * cookies of those error headers unless the boundary's route passes more on. A limit's 429 (too
 * many drafts) keeps its Retry-After, so that clients and proxies know when to come back.
 */
export function headers({ parentHeaders, errorHeaders }: HeadersArgs): Headers {
  const sent = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After");
  if (retryAfter) sent.set("Retry-After", retryAfter);
  return sent;
}

export default function BookingLayout() {
  return <ProgressLayout progress={bookingLayoutProgress} />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ProgressLayoutError progress={bookingLayoutProgress} error={error} />;
}
