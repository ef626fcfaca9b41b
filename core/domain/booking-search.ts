/**
 * What the staff desk's search box means (decision 028). Every reading is one an index can serve
 * at 100,000 bookings: the exact booking code, and the start (prefix) of a participant's lower-cased
 * e-mail, full name or surname, or of the digits of their phone number. No substring search: a
 * leading wildcard reads every row.
 */
export type BookingSearch = {
  /** The text as a booking code, upper-cased (`gc-7k4m2q`, and `GC7K4M2Q` without its dash, read `GC-7K4M2Q`); null for text with a space. */
  code: string | null;
  /** Lower-cased, single-spaced: the start of an e-mail, a full name ("stefan hof") or a surname. */
  prefix: string;
  /** The digits of a phone number ("+49 89 4521" → "49894521"), when the text is one with at least four; else null. */
  phoneDigits: string | null;
};

/** A code typed without its dash: two letters and the six characters of booking-code.ts. */
const codeWithoutDash = /^([A-Za-z]{2})([2-9A-Za-z]{6})$/;
const phonePattern = /^\+?[0-9 ()/.-]+$/;
/** Fewer digits than this match too many numbers to mean one. */
export const minimumPhoneDigits = 4;

/** Null for a blank search (everything matches). */
export function bookingSearchOf(text: string | undefined): BookingSearch | null {
  const query = (text ?? "").trim().replace(/\s+/g, " ");
  if (!query) return null;
  const undashed = codeWithoutDash.exec(query);
  const digits = query.replace(/[^0-9]/g, "");
  return {
    // Any word may be a code (older and test codes differ in shape): one lookup in the unique index.
    code: query.includes(" ") || query.length > 40 ? null : (undashed ? `${undashed[1]}-${undashed[2]}` : query).toUpperCase(),
    prefix: query.toLowerCase(),
    phoneDigits: phonePattern.test(query) && digits.length >= minimumPhoneDigits ? digits : null,
  };
}

/** A LIKE pattern matching values that start with `prefix` literally (its `%`, `_` and `\` escaped). */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
