/**
 * An amount in euros as staff type it into a form (`120`, `120.5`, `120,50`: a point or a comma
 * before at most two decimals, no thousands separators, which the two languages write the other way
 * round) as positive cents; null for anything else, so the form answers at the field instead of
 * guessing what `1.234` meant.
 */
const eurosPattern = /^\d{1,6}(?:[.,]\d{1,2})?$/;

export function centsOfEuros(text: string): number | null {
  const trimmed = text.trim();
  if (!eurosPattern.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(/[.,]/);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents > 0 ? cents : null;
}
