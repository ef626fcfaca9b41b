import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The third language the tests add (decision 072): `xx`, its texts the English ones transformed so
 * that each is recognisable on a page, in an e-mail or a PDF, and still fills in.
 */
export const thirdLocaleDefinition = { intlTag: "en-GB", nativeName: "Pseudo" } as const;

const accented: Record<string, string> = { a: "á", e: "é", i: "í", o: "ö", u: "ü", A: "Á", E: "É", I: "Í", O: "Ö", U: "Ü" };

/** `Hello {{name}},` → `[Héllö {{name}},]`: placeholders and tags untouched, so the text still fills in. */
export function pseudo(text: string): string {
  const parts = text.split(/(\{\{\s*[\w.]+\s*\}\}|<[^>]+>)/);
  return `[${parts.map((part, index) => (index % 2 === 1 ? part : part.replace(/[aeiouAEIOU]/g, (vowel) => accented[vowel] ?? vowel))).join("")}]`;
}

/** Every text of a catalogue (nested objects of strings) through `pseudo`. */
export function pseudoCatalogue(value: unknown): unknown {
  if (typeof value === "string") return pseudo(value);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, pseudoCatalogue(child)]));
}

export const englishCatalogueFolder = path.join(import.meta.dirname, "../../core/i18n/locales/en");

/** One English catalogue file (`common`, `email`, …) as read from disk. */
export function englishCatalogue(namespace: string): Record<string, Record<string, string>> {
  return JSON.parse(readFileSync(path.join(englishCatalogueFolder, `${namespace}.json`), "utf8")) as Record<string, Record<string, string>>;
}
