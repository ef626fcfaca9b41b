import type { PublicEvent } from "../../core/contracts/events";
import { formatDateRange, formatDateTime } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import type { Locale } from "../../core/i18n/locales";

/**
 * An event with its dates and prices already formatted. Formatting happens once, on the server:
 * browsers ship other ICU versions than Node (spacing around dashes, abbreviations), and text that
 * differs between server and browser breaks hydration.
 */
export type EventView = PublicEvent & {
  display: { dates: string; priceFrom: string | null; registrationDeadline: string | null; bookableFrom: string | null };
};

export function toEventView(event: PublicEvent, locale: Locale): EventView {
  return {
    ...event,
    display: {
      dates: formatDateRange(event.starts_on, event.ends_on, locale),
      priceFrom: event.price_from_cents === null ? null : formatMoney(event.price_from_cents, locale),
      registrationDeadline: event.registration_deadline ? formatDateTime(event.registration_deadline, locale) : null,
      bookableFrom: event.bookable_from ? formatDateTime(event.bookable_from, locale) : null,
    },
  };
}
