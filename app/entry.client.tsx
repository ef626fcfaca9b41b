import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { defaultLocale, isLocale } from "../core/i18n/locales";
import { loadPageCatalogue } from "./utils/page-catalogue";

// React Router's default entry, except that the page's own locale (and only it, only the parts the
// page needs) is loaded first, so hydration renders the same words as the server did.
const pageLocale = document.documentElement.lang;

void loadPageCatalogue(isLocale(pageLocale) ? pageLocale : defaultLocale, window.location.pathname).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
