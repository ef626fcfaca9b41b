import { ProgressLayout, ProgressLayoutError } from "../components/progress-layout";

/** Spec §2: the booking pages show the progress indicator at 15 % under the header. */
export const bookingLayoutProgress = 15;

export default function BookingLayout() {
  return <ProgressLayout progress={bookingLayoutProgress} />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ProgressLayoutError progress={bookingLayoutProgress} error={error} />;
}
