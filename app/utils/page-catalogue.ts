import { use } from "react";
import type { i18n as I18n } from "i18next";
import { addCatalogue, hasCatalogue, i18nFor, type Catalogue } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";

/**
 * The browser downloads only the current locale's page texts: Vite turns each
 * core/i18n/locales/<locale>/common.json into its own chunk, loaded on demand. E-mail and invoice
 * namespaces are not matched here, so they never reach a browser.
 */
const pageCatalogues = import.meta.glob<Catalogue["common"]>("../../core/i18n/locales/*/common.json", { import: "default" });

const loading = new Map<Locale, Promise<void>>();

export function loadPageCatalogue(locale: Locale): Promise<void> {
  if (hasCatalogue(locale)) return Promise.resolve();
  let promise = loading.get(locale);
  if (!promise) {
    const load = pageCatalogues[`../../core/i18n/locales/${locale}/common.json`];
    if (!load) return Promise.reject(new Error(`No page catalogue for "${locale}".`));
    promise = load().then((common) => addCatalogue(locale, { common }));
    loading.set(locale, promise);
  }
  return promise;
}

/**
 * The i18next instance of `locale` for rendering. The first locale is loaded before hydration
 * (entry.client.tsx); switching language in the browser suspends the navigation until the other
 * locale's texts have arrived, so no page ever renders with keys instead of words.
 */
export function usePageI18n(locale: Locale): I18n {
  if (!hasCatalogue(locale)) use(loadPageCatalogue(locale));
  return i18nFor(locale);
}
