import type { PublicEventDetail } from "../../core/contracts/events";
import type { Site } from "../../core/contracts/site";
import { dateTimeFormat, formatDateTime } from "../../core/domain/dates";
import type { EventState } from "../../core/domain/event-state";
import { formatMoney } from "../../core/domain/money";
import { intlLocaleTags, localizePath, type Locale } from "../../core/i18n/locales";

/** `/events/{category}/{slug}` of the event in `locale` (with its prefix). */
export function eventPagePathIn(event: Pick<PublicEventDetail, "pages">, locale: Locale): string {
  const page = event.pages.find((entry) => entry.locale === locale) ?? event.pages[0];
  return localizePath(`/events/${page?.category_slug ?? ""}/${page?.slug ?? ""}`, locale);
}

/** `Friday, 12 June – Sunday, 14 June 2026` / `Freitag, 12. Juni – Sonntag, 14. Juni 2026`: the weekday matters to someone planning a trip. */
export function formatDatesWithWeekday(start: string, end: string, locale: Locale): string {
  const format = dateTimeFormat(intlLocaleTags[locale], { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const asDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
  return start === end ? format.format(asDate(start)) : format.formatRange(asDate(start), asDate(end));
}

export type PriceRow = { key: string; label: string; amount: string; perDay: boolean; free: boolean };

/**
 * The event page's data with every text formatted on the server (as app/utils/event-view.ts does for
 * the cards: browser and Node ICU differ, and hydration must see the same text).
 */
export function toEventPageView(event: PublicEventDetail, locale: Locale) {
  return {
    ...event,
    display: {
      dates: formatDatesWithWeekday(event.starts_on, event.ends_on, locale),
      days: Math.round((Date.parse(event.ends_on) - Date.parse(event.starts_on)) / 86_400_000) + 1,
      registrationDeadline: event.registration_deadline ? formatDateTime(event.registration_deadline, locale) : null,
      bookableFrom: event.bookable_from ? formatDateTime(event.bookable_from, locale) : null,
      prices: event.prices.map(
        (price): PriceRow => ({
          key: price.key,
          label: price.label,
          amount: formatMoney(price.amount_cents, locale),
          perDay: price.per_day,
          free: price.amount_cents === 0,
        }),
      ),
    },
  };
}
export type EventPageView = ReturnType<typeof toEventPageView>;

const availability = {
  bookable: "https://schema.org/InStock",
  not_bookable_yet: "https://schema.org/PreOrder",
  fully_booked: "https://schema.org/SoldOut",
  // Nothing can be bought any more: to a search engine that is sold out.
  registration_closed: "https://schema.org/SoldOut",
  past: "https://schema.org/SoldOut",
} satisfies Record<EventState, string>;

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** The description as plain text of at most `length` characters (meta description, og:description). */
export function plainDescription(event: Pick<PublicEventDetail, "teaser" | "description">, length = 300): string {
  const text = event.teaser.trim() || textOf(event.description);
  return text.length <= length ? text : `${text.slice(0, length - 1).replace(/\s+\S*$/, "")}…`;
}

/** schema.org `Event` for search engines (https://schema.org/Event, Google's event structured data). */
export function eventJsonLd(
  event: PublicEventDetail,
  input: { locale: Locale; origin: string; site: Pick<Site, "company" | "website" | "street" | "zip" | "city" | "country"> },
) {
  const url = new URL(eventPagePathIn(event, input.locale), input.origin).toString();
  // The row the booking charges (kind and key `participant`), as the "from" price reads it (issue 28).
  const participant = event.prices.find((price) => price.kind === "participant" && price.key === "participant");
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: textOf(event.description) || event.teaser,
    startDate: event.starts_on,
    endDate: event.ends_on,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    inLanguage: intlLocaleTags[input.locale],
    location: { "@type": "Place", name: event.location, address: event.location },
    image: [new URL(event.image_url, input.origin).toString()],
    url,
    offers: {
      "@type": "Offer",
      url,
      price: ((participant?.amount_cents ?? event.price_from_cents ?? 0) / 100).toFixed(2),
      priceCurrency: "EUR",
      availability: availability[event.state],
      ...(event.bookable_from ? { validFrom: event.bookable_from } : {}),
    },
    organizer: {
      "@type": "Organization",
      name: input.site.company,
      url: input.site.website || input.origin,
      address: {
        "@type": "PostalAddress",
        streetAddress: input.site.street,
        postalCode: input.site.zip,
        addressLocality: input.site.city,
        addressCountry: input.site.country,
      },
    },
  };
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>` and `&` escaped as JSON's
 * `\u003c` …, so no text in the data (a title with `</script>`) can end the element early; the
 * line separators U+2028/2029 too, for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
