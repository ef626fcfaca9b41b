import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { SiteChrome } from "../components/site-chrome";
import type { Route } from "./+types/default-layout";

/** Header and footer around the page. */
export default function DefaultLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteChrome>
      <ErrorPage error={error} />
    </SiteChrome>
  );
}
