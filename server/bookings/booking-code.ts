import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L: a code read out on the phone is never misheard or mistyped. */
const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** `GC-7K4M2Q`: a short prefix of the event's category and six unambiguous characters. */
export function newBookingCode(categorySlug: string, random: (max: number) => number = randomInt): string {
  const words = categorySlug
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);
  // "track-days" → TD, "golf-circle" → GC, "travel" → TR.
  const prefix = (words.length > 1 ? words.map((word) => word[0]).join("") : (words[0] ?? "BK")).slice(0, 2).padEnd(2, "K");
  let body = "";
  for (let index = 0; index < 6; index += 1) body += alphabet[random(alphabet.length)];
  return `${prefix}-${body}`;
}
