import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/**
 * A stored phone number in E.164 (`+498945217730`) for a `tel:` link, or null when it cannot be read
 * as a valid number. Numbers are stored as the customer typed them (the `international_phone` kind
 * takes the international form or the national form of the item's default country), so a national
 * number is read in `defaultCountry` (the form item's option), then in `fallbackCountry` (the
 * participant's country), as the form itself accepted it.
 */
export function telNumberOf(stored: string | null | undefined, defaultCountry?: string | null, fallbackCountry?: string | null): string | null {
  const text = stored?.trim();
  if (!text || text.length > 40) return null;
  const countries = [defaultCountry, fallbackCountry, undefined].filter((country, index, all) => all.indexOf(country) === index);
  for (const country of countries) {
    const parsed = parsePhoneNumberFromString(text, asCountryCode(country));
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
}

function asCountryCode(country: string | null | undefined): CountryCode | undefined {
  return country && isSupportedCountry(country) ? country : undefined;
}
