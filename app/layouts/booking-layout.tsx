import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { SiteChrome } from "../components/site-chrome";

/** Spec §2: the booking pages show the progress indicator at 15 % under the header. */
export const bookingLayoutProgress = 15;

export default function BookingLayout() {
  return (
    <SiteChrome progress={bookingLayoutProgress}>
      <Outlet />
    </SiteChrome>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <SiteChrome progress={bookingLayoutProgress}>
      <ErrorPage error={error} />
    </SiteChrome>
  );
}
