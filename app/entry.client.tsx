import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { defaultLocale, isLocale } from "../core/i18n/locales";
import { beforeHydration } from "./utils/before-hydration";
import { loadPageCatalogue } from "./utils/page-catalogue";

// React Router's default entry, except that the page's own locale (and only it, only the parts the
// page needs) is loaded first, so hydration renders the same words as the server did; so is the code
// a route loads only for some of its pages (utils/before-hydration.ts, decision 052).
const pageLocale = document.documentElement.lang;

void Promise.all([loadPageCatalogue(isLocale(pageLocale) ? pageLocale : defaultLocale, window.location.pathname), beforeHydration()]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
