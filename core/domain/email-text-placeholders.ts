/**
 * Placeholders in the e-mail texts staff edit (decision 037): `{booking.code}`, `{customer.first_name}`.
 * Pure, shared by the server (save, render) and the browser (the editor's list). A placeholder is a
 * dotted lower-case name in single braces; any other brace is plain text and stays as written.
 */

const placeholderPattern = /\{([a-z][a-z_]*(?:\.[a-z][a-z_]*)+)\}/g;

/** The placeholder names a text uses, in order of first use, without repeats. */
export function placeholdersIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(placeholderPattern)) {
    const name = match[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The placeholders of `text` that are not in `allowed` (refused on save with a field error). */
export function unknownPlaceholders(text: string, allowed: readonly string[]): string[] {
  return placeholdersIn(text).filter((name) => !allowed.includes(name));
}

/**
 * Fills the placeholders with their values. A placeholder without a value (or no longer known to
 * the template) becomes empty: a customer never reads `{…}`, and an override never breaks a mail.
 */
export function resolvePlaceholders(text: string, values: Readonly<Record<string, string | null | undefined>>): string {
  return text.replace(placeholderPattern, (_whole, name: string) => values[name] ?? "");
}

/** How a placeholder is written in a text. */
export function placeholderToken(name: string): string {
  return `{${name}}`;
}
