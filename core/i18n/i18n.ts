import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import de from "./locales/de.json";
import en from "./locales/en.json";
import type { Locale } from "./locales";

export const catalogues = { en, de } as const;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}

const instances = new Map<Locale, I18n>();

/**
 * One ready i18next instance per locale, shared by every request of that locale: both catalogues are
 * bundled, so nothing loads asynchronously and server and browser render the same text.
 */
export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: "en",
      resources: { en: { translation: catalogues.en }, de: { translation: catalogues.de } },
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

export function translatorFor(locale: Locale): TFunction {
  return i18nFor(locale).t;
}
