/**
 * What the staff desk's search box means (decision 028). Every reading is one an index can serve
 * at 100,000 bookings: the exact booking code, and the start (prefix) of a participant's lower-cased
 * e-mail, full name or surname, or of the digits of their phone number. No substring search: a
 * leading wildcard reads every row.
 */
export type BookingSearch = {
  /** The text as a booking code (`GC-7K4M2Q`; also typed without the dash or in lower case), or null. */
  code: string | null;
  /** Lower-cased, single-spaced: the start of an e-mail, a full name ("stefan hof") or a surname. */
  prefix: string;
  /** The digits of a phone number ("+49 89 4521" → "49894521"), when the text is one with at least four; else null. */
  phoneDigits: string | null;
};

const codePattern = /^([A-Za-z]{2})-?([2-9A-Za-z]{6})$/;
const phonePattern = /^\+?[0-9 ()/.-]+$/;
/** Fewer digits than this match too many numbers to mean one. */
export const minimumPhoneDigits = 4;

/** Null for a blank search (everything matches). */
export function bookingSearchOf(text: string | undefined): BookingSearch | null {
  const query = (text ?? "").trim().replace(/\s+/g, " ");
  if (!query) return null;
  const code = codePattern.exec(query);
  const digits = query.replace(/[^0-9]/g, "");
  return {
    code: code ? `${code[1]}-${code[2]}`.toUpperCase() : null,
    prefix: query.toLowerCase(),
    phoneDigits: phonePattern.test(query) && digits.length >= minimumPhoneDigits ? digits : null,
  };
}

/** A LIKE pattern matching values that start with `prefix` literally (its `%`, `_` and `\` escaped). */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
