import { locales } from "../i18n/locales";
import { slugify } from "./slugs";

/**
 * A content page lives at `/{slug}` (and `/de/{slug}`, … per language), after every other route: a slug that one of
 * those routes takes first would never show the page. They are refused when a page is saved.
 */
export const reservedPageSlugs: ReadonlySet<string> = new Set([
  "admin",
  "api",
  "assets",
  "images",
  "booking",
  "booking-success",
  "booking-no-available-spots",
  "booking-not-bookable-yet",
  "dashboard",
  // Every language's prefix (core/i18n/locale-list.ts).
  ...locales,
  "dev",
  "event-widget",
  "event-widget.js",
  "events",
  "invoice",
  "locale",
  "login",
  "logout",
  "my-booking",
  "pay",
  "payment",
  "redirect",
  "register",
  "reset-password",
  "activate-account",
  "staff-invitation",
  "sandbox-checkout",
  "settings",
  "sma-checkout",
  "sma-success",
  "sitemap.xml",
  "robots.txt",
]);

/** Lower-case letters and digits in words joined by single hyphens, as `slugify` makes them. */
export const pageSlugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function isReservedPageSlug(slug: string): boolean {
  return reservedPageSlugs.has(slug);
}

/** The slug typed, or when left empty the one made from the page's name. */
export function pageSlugOf(slug: string, name: string): string {
  const typed = slug.trim();
  return typed ? typed : slugify(name);
}
