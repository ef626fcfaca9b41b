import { and, eq, like, or } from "drizzle-orm";
import { firstFreeSlug, slugify } from "../../../core/domain/slugs";
import { defaultLocale, locales, type Locale } from "../../../core/i18n/locales";
import type { Transaction } from "../client";
import { eventSlugs } from "../schema";
import type { Text } from "./common";

/**
 * Gives an event its page address in every language: the slug asked for, or one made from the
 * title (German spelled out: "Nürburgring" → "nuerburgring"; a language without a seeded title: the English one), numbered when another event has it
 * (a test's copy of a demo event gets "…-2"). Slugs are unique per language (event_slugs_slug_unique).
 */
export async function insertEventSlugs(tx: Transaction, eventId: string, title: Text, wanted?: Partial<Text>): Promise<Text> {
  const chosen: Partial<Text> = {};
  // Seeded titles are English and German: a further language of the list gets its address from the English one, as the back office's verb does.
  const titles: Partial<Record<Locale, string>> = title;
  for (const locale of locales) {
    const base = slugify(wanted?.[locale] ?? titles[locale] ?? title[defaultLocale]) || eventId;
    const taken = await tx
      .select({ slug: eventSlugs.slug })
      .from(eventSlugs)
      .where(and(eq(eventSlugs.locale, locale), or(eq(eventSlugs.slug, base), like(eventSlugs.slug, `${base}-%`))));
    const slug = firstFreeSlug(base, new Set(taken.map((row) => row.slug)));
    await tx.insert(eventSlugs).values({ eventId, locale, slug });
    chosen[locale] = slug;
  }
  return { en: chosen.en ?? eventId, de: chosen.de ?? eventId };
}
