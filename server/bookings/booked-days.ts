import { eq } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import type { ResourceChoice } from "../../core/domain/booking-choices";
import { addDays } from "../../core/domain/dates";
import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { eventPrices } from "../db/schema";

/**
 * What was booked on each event day for the confirmation mail (issue 32): the chosen vehicles, instructors
 * and add-ons by day, named by the event's price list as the manage page names them.
 */
export async function bookedDaysOf(tx: Queryable, event: { id: string; startsOn: string }, choices: readonly ResourceChoice[], locale: Locale) {
  if (!choices.length) return [];
  const prices = await tx.select({ key: eventPrices.key, label: eventPrices.label }).from(eventPrices).where(eq(eventPrices.eventId, event.id));
  const labelOf = (key: string) => {
    const price = prices.find((candidate) => candidate.key === key);
    return price ? pickLocale(price.label, locale) : key;
  };
  return [...new Set(choices.map((choice) => choice.day))]
    .sort((left, right) => left - right)
    .map((day) => ({
      day,
      date: addDays(event.startsOn, day - 1),
      items: choices.filter((choice) => choice.day === day).map((choice) => labelOf(choice.key)),
    }));
}
