import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import type { PublicFormItem } from "../contracts/forms";

/**
 * Postcodes checked against the chosen country (issue 32: "!!!" was accepted). The formats come
 * from `postcode-validator` (a maintained list of each country's pattern, no dependencies); a
 * country it does not know takes 2 to 10 letters, digits, spaces and hyphens. Pure: the page's
 * zod schema runs it in the browser and on the server.
 */

/** Countries whose message names the format with an example (the countries customers book from most). */
export const postcodeExampleCountries = ["DE", "AT", "CH", "NL", "GB", "FR", "IT", "BE", "LU", "US"] as const;
export type PostcodeExampleCountry = (typeof postcodeExampleCountries)[number];

export type PostcodeProblem = "validation.postcode" | "validation.postcodeCharacters" | `validation.postcodeFor${PostcodeExampleCountry}`;

const anyCountry = /^[\p{L}\p{N}](?:[\p{L}\p{N} -]{0,8}[\p{L}\p{N}])?$/u;

/** The problem with a postcode for a country (ISO 3166-1 alpha-2; null or unknown: the general rule), or null. */
export function postcodeProblem(postcode: string, country: string | null): PostcodeProblem | null {
  const text = postcode.trim();
  const code = country?.trim().toUpperCase() ?? "";
  if (!/^[A-Z]{2}$/.test(code) || !postcodeValidatorExistsForCountry(code)) {
    return text.length >= 2 && anyCountry.test(text) ? null : "validation.postcodeCharacters";
  }
  if (postcodeValidator(text, code)) return null;
  return (postcodeExampleCountries as readonly string[]).includes(code) ? `validation.postcodeFor${code as PostcodeExampleCountry}` : "validation.postcode";
}

/**
 * A page's postcode items and the country item each is checked against: an input named `postcode`
 * (or `….postcode`, as `main.postcode` and `billing.postcode`) goes with the country select of the
 * same prefix (`main.country`). Forms name their address items so (server/db/factories/forms.ts).
 */
export function postcodeCountryItems<Item extends Pick<PublicFormItem, "uuid" | "kind" | "name">>(items: readonly Item[]): Map<string, string | null> {
  const pairs = new Map<string, string | null>();
  for (const item of items) {
    if (item.kind !== "input" || !/(^|\.)postcode$/.test(item.name)) continue;
    const prefix = item.name.slice(0, item.name.length - "postcode".length);
    const country = items.find((candidate) => candidate.kind === "country_select" && candidate.name === `${prefix}country`);
    pairs.set(item.uuid, country?.uuid ?? null);
  }
  return pairs;
}
