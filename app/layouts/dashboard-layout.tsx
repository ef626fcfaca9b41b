import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { SiteChrome } from "../components/site-chrome";

/** Spec §2: the dashboard shows the progress indicator full (100 %). */
export const dashboardLayoutProgress = 100;

export default function DashboardLayout() {
  return (
    <SiteChrome progress={dashboardLayoutProgress}>
      <Outlet />
    </SiteChrome>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <SiteChrome progress={dashboardLayoutProgress}>
      <ErrorPage error={error} />
    </SiteChrome>
  );
}
