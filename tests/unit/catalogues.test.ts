import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { namespaces } from "../../core/i18n/i18n";
import { defaultLocale, intlLocaleTags, locales } from "../../core/i18n/locales";

/**
 * The one completeness check of every catalogue (core/i18n/locales/<locale>/<namespace>.json): each
 * locale of the locale list has every namespace, the same keys as English, the same placeholders,
 * every plural form its language needs, and no empty text.
 */
const directory = path.join(import.meta.dirname, "../../core/i18n/locales");
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function read(locale: string, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(directory, locale, `${namespace}.json`), "utf8")) as unknown;
}

function entriesOf(value: unknown, prefix = ""): [string, unknown][] {
  if (typeof value !== "object" || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => entriesOf(child, prefix ? `${prefix}.${key}` : key));
}

type Shape = Map<string, { variables: Set<string>; forms: Set<string> }>;

/** Keys with their plural suffix taken off, each with the placeholders of all its forms. */
function shapeOf(catalogue: unknown): Shape {
  const shape: Shape = new Map();
  for (const [key, text] of entriesOf(catalogue)) {
    const base = key.replace(pluralSuffix, "");
    const entry = shape.get(base) ?? { variables: new Set<string>(), forms: new Set<string>() };
    entry.forms.add(pluralSuffix.exec(key)?.[1] ?? "");
    for (const match of String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)) if (match[1] !== "count") entry.variables.add(match[1]!);
    shape.set(base, entry);
  }
  return shape;
}

describe("catalogues", () => {
  for (const locale of locales) {
    for (const namespace of namespaces) {
      describe(`${locale}/${namespace}`, () => {
        it("exists, with no empty text", () => {
          expect(existsSync(path.join(directory, locale, `${namespace}.json`))).toBe(true);
          for (const [key, text] of entriesOf(read(locale, namespace))) {
            expect(typeof text === "string" && text.trim().length > 0, key).toBe(true);
          }
        });

        it("has the keys and placeholders of the English catalogue, and every plural form of its language", () => {
          const english = shapeOf(read(defaultLocale, namespace));
          const own = shapeOf(read(locale, namespace));
          expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
          const needed = new Intl.PluralRules(intlLocaleTags[locale]).resolvedOptions().pluralCategories;
          for (const [key, { variables, forms }] of own) {
            expect([...variables].sort(), key).toEqual([...english.get(key)!.variables].sort());
            if (forms.has("")) continue;
            // i18next picks `key_<category>` by Intl.PluralRules; every category the language uses must be there.
            for (const category of needed) expect(forms.has(category), `${key}_${category}`).toBe(true);
          }
        });
      });
    }
  }
});
