/**
 * What the staff desk's search box means (decision 028). Every reading is one an index can serve
 * at 100,000 bookings: the exact booking code or its six characters after the prefix, and the start
 * (prefix) of a participant's lower-cased e-mail, e-mail domain, full name either way round or
 * surname, or of the digits of their phone number. No substring search: a leading wildcard reads
 * every row.
 */
export type BookingSearch = {
  /** The text as a booking code, upper-cased (`gc-7k4m2q`, and `GC7K4M2Q` without its dash, read `GC-7K4M2Q`); null for text with a space. */
  code: string | null;
  /** Six characters of a code's alphabet (`nzfkag`), upper-cased: the code read out without its prefix; else null. */
  codeBody: string | null;
  /** Lower-cased, single-spaced: the start of an e-mail, a full name ("stefan hof") or a surname. */
  prefix: string;
  /** Two words or more, read surname first ("hofmann st", "Hofmann, St"); else null. */
  surnameFirst: string | null;
  /** The start of an address's domain (`example.com`, `@example`), lower-cased; null unless the text reads as one. */
  emailDomain: string | null;
  /**
   * The digits of a phone number ("+49 89 4521" → "49894521"), when the text is one with at least four;
   * else null. A number written nationally ("089 …") is also read with the operator's country code
   * ("4989…"), and one written with 00 without it, as numbers are stored in either form.
   */
  phoneDigits: string[] | null;
};

/** A code typed without its dash: two letters and the six characters of booking-code.ts. */
const codeWithoutDash = /^([A-Za-z]{2})([2-9A-Za-z]{6})$/;
/** The six characters after a code's prefix: booking-code.ts's alphabet (no 0, 1, I, L or O). */
const codeBodyPattern = /^[2-9A-HJKMNP-Za-hjkmnp-z]{6}$/;
const domainPattern = /^@?([a-z0-9-]+(?:\.[a-z0-9-]*)*)$/;
const phonePattern = /^\+?[0-9 ()/.-]+$/;
/** Fewer digits than this match too many numbers to mean one. */
export const minimumPhoneDigits = 4;
/** The operator is German: a number written nationally ("089 …") is a German one. */
const operatorCallingCode = "49";

function phoneDigitsOf(query: string): string[] | null {
  const digits = query.replace(/[^0-9]/g, "");
  if (!phonePattern.test(query) || digits.length < minimumPhoneDigits) return null;
  if (digits.startsWith("00")) return [digits, digits.slice(2)];
  if (digits.startsWith("0")) return [digits, `${operatorCallingCode}${digits.slice(1)}`];
  return [digits];
}

/** `example.com` or `@exam`: a domain's start, but not a word alone (that is a name) nor a whole address. */
function emailDomainOf(query: string): string | null {
  const lower = query.toLowerCase();
  const domain = domainPattern.exec(lower)?.[1];
  if (!domain) return null;
  return lower.startsWith("@") || domain.includes(".") ? domain : null;
}

/** Null for a blank search (everything matches). */
export function bookingSearchOf(text: string | undefined): BookingSearch | null {
  const query = (text ?? "").trim().replace(/\s+/g, " ");
  if (!query) return null;
  const undashed = codeWithoutDash.exec(query);
  const words = query.replace(/,/g, " ").trim().split(/\s+/);
  return {
    // Any word may be a code (older and test codes differ in shape): one lookup in the unique index.
    code: query.includes(" ") || query.length > 40 ? null : (undashed ? `${undashed[1]}-${undashed[2]}` : query).toUpperCase(),
    codeBody: codeBodyPattern.test(query) ? query.toUpperCase() : null,
    prefix: query.toLowerCase(),
    surnameFirst: words.length > 1 ? words.join(" ").toLowerCase() : null,
    emailDomain: emailDomainOf(query),
    phoneDigits: phoneDigitsOf(query),
  };
}

/** A LIKE pattern matching values that start with `prefix` literally (its `%`, `_` and `\` escaped). */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
