/**
 * IBANs as the site settings take them (bank details on invoices and the bank-transfer mail): written
 * with or without spaces, checked by ISO 13616's mod-97 checksum so that a typo is caught when it is
 * typed, not when a customer's transfer bounces.
 */

/** Upper case, no spaces: the form it is stored and checked in. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** Country code, two check digits, 11 to 30 letters or digits; the remainder of the rearranged number mod 97 is 1. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  // Letters become two digits (A = 10 … Z = 35); the number is too long for a float, so fold it digit by digit.
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Groups of four, as printed on invoices: `DE89 3704 0044 0532 0130 00`. */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}
