import { useEffect, useRef, type RefObject } from "react";
import { Outlet, useLocation } from "react-router";
import { defaultLocale, localeFromPath } from "../../core/i18n/locales";
import { useRootData } from "../utils/locale";
import { WidgetNotice } from "../components/widget-notice";

export const widgetResizeMessageType = "event-widget:resize";

/**
 * Tells the embedding page (public/event-widget.js) how tall the content is, whenever it changes,
 * both ways. It measures the content element: the document's scrollHeight never drops below the
 * iframe's own height, so an iframe sized by it could grow but never shrink back (details closed,
 * a phone turned to landscape).
 */
function useReportHeightToParent(content: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = content.current;
    if (window.parent === window || !element) return undefined;
    let last = -1;
    const report = () => {
      const style = getComputedStyle(element);
      const height = Math.ceil(element.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: widgetResizeMessageType, height }, "*");
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [content]);
}

function WidgetMain({ children }: { children: React.ReactNode }) {
  const main = useRef<HTMLElement>(null);
  useReportHeightToParent(main);
  return (
    <main id="main" ref={main} className="bg-white p-3 sm:p-4">
      {children}
    </main>
  );
}

/** Bare layout for the embeddable widget: no header, no footer. */
export default function WidgetLayout() {
  return (
    <WidgetMain>
      <Outlet />
    </WidgetMain>
  );
}

/** Any error in the widget: the compact notice, not the site's full error page inside a partner's page. */
export function ErrorBoundary() {
  const root = useRootData();
  const { pathname } = useLocation();
  return (
    <WidgetMain>
      <WidgetNotice origin={root?.origin ?? ""} locale={root?.locale ?? localeFromPath(pathname) ?? defaultLocale} />
    </WidgetMain>
  );
}
