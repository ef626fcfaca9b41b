/** German letters written out as German readers expect them in an address (ä → ae, not a). */
const spelledOut: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };

/** Longest slug we make; long titles are cut at a word boundary. */
export const maximumSlugLength = 80;

/**
 * A URL slug of a title: lower case, German umlauts and ß spelled out, other accents dropped
 * (é → e), everything else between words becomes one hyphen. The same rules as migration 0006's
 * backfill, so slugs made later look like the ones it made.
 */
export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => spelledOut[letter] ?? letter)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= maximumSlugLength) return slug;
  const cut = slug.slice(0, maximumSlugLength + 1);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > 20 ? cut.slice(0, lastHyphen) : cut.slice(0, maximumSlugLength)).replace(/-+$/, "");
}

/** The first of `base`, `base-2`, `base-3` … that `taken` does not hold. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let number = 2; ; number += 1) {
    const candidate = `${base}-${number}`;
    if (!taken.has(candidate)) return candidate;
  }
}
