import type { ReactNode } from "react";
import { useTranslation } from "../utils/use-translation";
import { useRootData } from "../utils/locale";
import { Footer } from "./footer";
import { Header } from "./header";
import { ProgressBar } from "./progress-bar";

/** Header, main content and footer: the frame of the default, booking and dashboard layouts. */
export function SiteChrome({ children, progress }: { children: ReactNode; progress?: number }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-navy-900 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        {t("nav.skipToContent")}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {progress !== undefined && (
          <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
            <ProgressBar value={progress} />
          </div>
        )}
        {children}
      </main>
      {root && <Footer site={root.site} pages={root.menuPages} locale={root.locale} year={root.year} />}
    </div>
  );
}
