import { formatDeadline } from "../../core/domain/dates";
import type { Locale } from "../../core/i18n/locales";

/** What the pages show of a booking's hold: the deadline written out with its zone, and the seconds left when the page was made. */
export type HoldView = { deadline: string; secondsLeft: number };

/**
 * The hold of a card booking as the pages render it on the server: `23 November 2026 at 09:30 CET`
 * (the operator's zone, named, like the e-mails) and the whole seconds left at `now`, from which the
 * browser counts down (decision 022). Null when there is no hold.
 */
export function holdViewOf(holdExpiresAt: Date | string | null, now: Date, locale: Locale): HoldView | null {
  if (!holdExpiresAt) return null;
  const expiresAt = new Date(holdExpiresAt);
  const deadline = formatDeadline(expiresAt, locale);
  return { deadline, secondsLeft: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) };
}
