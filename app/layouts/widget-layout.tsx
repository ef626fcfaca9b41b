import { useEffect } from "react";
import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import type { Route } from "./+types/widget-layout";

export const widgetResizeMessageType = "event-widget:resize";

/** Tells the embedding page (public/event-widget.js) how tall the content is, whenever it changes. */
function useReportHeightToParent() {
  useEffect(() => {
    if (window.parent === window) return undefined;
    const report = () => window.parent.postMessage({ type: widgetResizeMessageType, height: Math.ceil(document.documentElement.scrollHeight) }, "*");
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, []);
}

/** Bare layout for the embeddable widget: no header, no footer. */
export default function WidgetLayout() {
  useReportHeightToParent();
  return (
    <main id="main" className="bg-white p-3 sm:p-4">
      <Outlet />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="bg-white">
      <ErrorPage error={error} />
    </main>
  );
}
