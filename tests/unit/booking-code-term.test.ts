import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every text of a catalogue file, with its key path. */
function textsOf(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, inner]) => textsOf(inner, at ? `${at}.${key}` : key));
  return [];
}

/**
 * Issue 32: the German texts called the booking's code "Buchungsnummer" in one place and "Buchungscode"
 * in the others. The spec's term is the booking code: pages, mails and PDFs say "Buchungscode".
 */
describe("one term for the booking code", () => {
  const folder = path.resolve(import.meta.dirname, "../../core/i18n/locales/de");
  const texts = readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => textsOf(JSON.parse(readFileSync(path.join(folder, file), "utf8"))).map(([key, text]) => [`${file}:${key}`, text] as const));

  it("German says Buchungscode everywhere, never Buchungsnummer", () => {
    expect(texts.filter(([, text]) => /Buchungsnummer/i.test(text)).map(([key]) => key)).toEqual([]);
    expect(texts.filter(([, text]) => /Buchungscode/.test(text)).length).toBeGreaterThan(5);
  });
});
