import { Outlet } from "react-router";
import { ErrorPage } from "./error-page";
import { SiteChrome } from "./site-chrome";

/** Header, progress indicator, page, footer: the frame of the booking and dashboard layouts. */
export function ProgressLayout({ progress }: { progress: number }) {
  return (
    <SiteChrome progress={progress}>
      <Outlet />
    </SiteChrome>
  );
}

export function ProgressLayoutError({ progress, error }: { progress: number; error: unknown }) {
  return (
    <SiteChrome progress={progress}>
      <ErrorPage error={error} />
    </SiteChrome>
  );
}
