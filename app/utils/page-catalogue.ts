import { use } from "react";
import type { i18n as I18n } from "i18next";
import { addCatalogue, hasCatalogue, i18nFor, type Catalogue } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { cataloguePartsFor, type CataloguePart } from "./catalogue-parts";

type Texts = Partial<Catalogue["common"]>;

/**
 * The browser downloads only the current locale's page texts, and of them only the parts the page
 * needs (./catalogue-parts.ts): Vite turns each core/i18n/locales/<locale>/common.json?part=… into
 * its own chunk, loaded on demand. E-mail and invoice namespaces are not matched here, so they never
 * reach a browser.
 */
const partLoaders: Record<CataloguePart, Record<string, () => Promise<Texts>>> = {
  site: import.meta.glob<Texts>("../../core/i18n/locales/*/common.json", { import: "default", query: { part: "site" } }),
  service: import.meta.glob<Texts>("../../core/i18n/locales/*/common.json", { import: "default", query: { part: "service" } }),
  admin: import.meta.glob<Texts>("../../core/i18n/locales/*/common.json", { import: "default", query: { part: "admin" } }),
};

/** Per locale: the parts asked for (and when they arrive), and the texts they have brought so far. */
const loading = new Map<string, Promise<void>>();
const arrived = new Set<string>();
const texts = new Map<Locale, Texts>();

function loadPart(locale: Locale, part: CataloguePart): Promise<void> {
  const key = `${locale}/${part}`;
  let promise = loading.get(key);
  if (!promise) {
    const load = partLoaders[part][`../../core/i18n/locales/${locale}/common.json`];
    if (!load) return Promise.reject(new Error(`No page catalogue for "${locale}".`));
    promise = load().then((part) => {
      const common = { ...texts.get(locale), ...part };
      texts.set(locale, common);
      // The whole namespace each time: addCatalogue replaces a namespace, and renews the i18next instance.
      addCatalogue(locale, { common: common as Catalogue["common"] });
      arrived.add(key);
    });
    loading.set(key, promise);
  }
  return promise;
}

function isLoaded(locale: Locale, pathname: string): boolean {
  // On the server hasCatalogue is always true: every catalogue is read from its files there.
  if (typeof window === "undefined") return hasCatalogue(locale);
  return cataloguePartsFor(pathname).every((part) => arrived.has(`${locale}/${part}`));
}

/** Loads what a page at `pathname` in `locale` needs; entry.client.tsx waits for it before hydrating. */
export function loadPageCatalogue(locale: Locale, pathname: string): Promise<void> {
  if (isLoaded(locale, pathname)) return Promise.resolve();
  return Promise.all(cataloguePartsFor(pathname).map((part) => loadPart(locale, part))).then(() => undefined);
}

/**
 * The i18next instance of `locale` for rendering the page at `pathname`. The first page's texts are
 * loaded before hydration (entry.client.tsx); switching language, or going into the back office,
 * suspends the navigation until the texts have arrived, so no page ever renders with keys instead
 * of words.
 */
export function usePageI18n(locale: Locale, pathname: string): I18n {
  if (!isLoaded(locale, pathname)) use(loadPageCatalogue(locale, pathname));
  return i18nFor(locale);
}
