import { createInstance, type i18n as I18n, type TFunction } from "i18next";
// Type-only: the shapes come from the English files, the texts are loaded per locale (below).
import type common from "./locales/en/common.json";
import type email from "./locales/en/email.json";
import type invoice from "./locales/en/invoice.json";
import type payments from "./locales/en/payments.json";
import { defaultLocale, type Locale } from "./locales";

/**
 * One catalogue file per locale and namespace: `core/i18n/locales/<locale>/<namespace>.json`.
 * `common` is what pages say; `email`, `invoice` and `payments` (the sandbox provider's hosted test
 * page) are rendered on the server only and never reach a browser (docs/decisions/015-one-i18n-system.md).
 */
export const namespaces = ["common", "email", "invoice", "payments"] as const;
export type Namespace = (typeof namespaces)[number];
/** The namespaces a page needs in the browser. */
export const pageNamespaces = ["common"] as const satisfies readonly Namespace[];

export type Catalogue = { common: typeof common; email: typeof email; invoice: typeof invoice; payments: typeof payments };

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: Catalogue;
  }
}

/** The operator's name, available to every text as `{{brand}}`; a brand, so never translated. */
export const operatorBrand = "Trackside & Fairway Events";

const catalogues = new Map<Locale, Partial<Catalogue>>();
const instances = new Map<Locale, I18n>();

/** Gives a locale its texts; the browser calls it with the page namespaces of the current locale only. */
export function addCatalogue(locale: Locale, resources: Partial<Catalogue>): void {
  catalogues.set(locale, { ...catalogues.get(locale), ...resources });
  instances.delete(locale);
}

export function hasCatalogue(locale: Locale): boolean {
  return catalogues.has(locale) || isServer();
}

function isServer(): boolean {
  return typeof window === "undefined";
}

/**
 * The catalogue directory as seen from this module, which is either its source file (tsx, Vitest,
 * the Vite dev server) or the server build in build/server: both sit below the project root, where
 * core/i18n/locales is. No Node import at the top, so the browser bundle stays free of node:fs.
 */
function catalogueDirectory(): string {
  const path = process.getBuiltinModule("node:path");
  const fs = process.getBuiltinModule("node:fs");
  const { fileURLToPath } = process.getBuiltinModule("node:url");
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(directory, "core", "i18n", "locales");
    if (fs.existsSync(path.join(candidate, defaultLocale))) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error("core/i18n/locales not found above " + fileURLToPath(import.meta.url));
    directory = parent;
  }
}

/** On the server every locale is read from its files, synchronously, the first time it is used. */
function readCatalogueFiles(locale: Locale): Partial<Catalogue> {
  const path = process.getBuiltinModule("node:path");
  const fs = process.getBuiltinModule("node:fs");
  const directory = catalogueDirectory();
  const resources: Record<string, unknown> = {};
  for (const namespace of namespaces) {
    const file = path.join(directory, locale, `${namespace}.json`);
    if (fs.existsSync(file)) resources[namespace] = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
  }
  return resources as Partial<Catalogue>;
}

export function catalogueOf(locale: Locale): Partial<Catalogue> {
  let resources = catalogues.get(locale);
  if (!resources) {
    if (!isServer()) throw new Error(`The "${locale}" catalogue has not been loaded in this browser.`);
    resources = readCatalogueFiles(locale);
    catalogues.set(locale, resources);
  }
  return resources;
}

/**
 * One ready i18next instance per locale, shared by every request of that locale. It holds that
 * locale's namespaces (and, on the server, English as the fallback); nothing loads asynchronously
 * once the catalogue is there, so server and browser render the same text.
 */
export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    const resources: Partial<Record<Locale, Partial<Catalogue>>> = { [locale]: catalogueOf(locale) };
    if (locale !== defaultLocale && isServer()) resources[defaultLocale] = catalogueOf(defaultLocale);
    void instance.init({
      lng: locale,
      fallbackLng: defaultLocale,
      ns: [...namespaces],
      defaultNS: "common",
      resources,
      interpolation: { escapeValue: false, defaultVariables: { brand: operatorBrand } },
      initAsync: false,
      returnNull: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

/**
 * The page texts' `t` (namespace `common`): the locale's instance's own `t` (an instance never
 * changes language). Not `getFixedT`, whose wrapper made each look-up ≈ 2.5× slower here (≈ 18 µs
 * instead of ≈ 7 µs a call), which an uncached page's few hundred texts feel.
 */
export function translatorFor(locale: Locale): TFunction {
  const instance = i18nFor(locale);
  return instance.t.bind(instance);
}

/** The `t` of a server-side namespace: e-mails and invoices in the recipient's language. */
export function namespaceTranslatorFor<N extends Namespace>(locale: Locale, namespace: N): TFunction<N> {
  return i18nFor(locale).getFixedT(locale, namespace);
}
