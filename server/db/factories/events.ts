/**
 * Events: what an event sells (participants, companions, per-day vehicles, instructors, add-ons),
 * from which its price list, its per-day resources and its booking form follow.
 */
import { randomUUID } from "node:crypto";
import { addDays } from "../../../core/domain/dates";
import type { Transaction } from "../client";
import { eventDayResources, eventPrices, events } from "../schema";
import { insertEventSlugs } from "./event-slugs";
import { formFor, insertForm, type FormPageIds } from "./forms";
import type { SiteSettings } from "./site";
import { priceLabels, priceList, dayResources, type EventSeed } from "./event-seed";
export {
  type EventStyle,
  type CompanionType,
  type CompanionOffer,
  type TrackOffer,
  type PriceSeed,
  priceList,
  type EventSeed,
  golfCompanions,
  trackCompanions,
  fullTrackOffer,
} from "./event-seed";

/** Fixed ids for an event and its form (the demo data's, so links to it stay stable); random when left out. */
export type EventIds = { event: string; form: string; formPages: FormPageIds };

export type InsertedEvent = { eventId: string; formId: string; formVersionId: string; itemIds: Map<string, string> };

/** Inserts the event with its prices, resources and booking form; answers its ids and the form's item ids by name. */
export async function insertEvent(
  tx: Transaction,
  event: EventSeed,
  options: { categoryId: number; site: SiteSettings; ids?: EventIds; published?: boolean },
): Promise<InsertedEvent> {
  const eventId = options.ids?.event ?? randomUUID();
  await tx.insert(events).values({
    id: eventId,
    categoryId: options.categoryId,
    title: event.title,
    teaser: event.teaser,
    description: event.description,
    location: event.location,
    imageUrl: event.imageUrl,
    imageAlt: event.imageAlt,
    startsOn: event.startsOn,
    endsOn: addDays(event.startsOn, event.days - 1),
    registrationDeadline: event.registrationDeadline,
    bookableFrom: event.bookableFrom,
    capacity: event.capacity,
    placesTaken: event.placesTaken,
    minParticipants: event.minParticipants,
    published: options.published ?? true,
  });
  await insertEventSlugs(tx, eventId, event.title, event.slug);
  await tx.insert(eventPrices).values(
    priceList(event).map((price, index) => ({
      eventId,
      kind: price.kind,
      key: price.key,
      label: priceLabels[price.key],
      amountCents: price.cents,
      perDay: price.perDay,
      position: index + 1,
    })),
  );
  if (event.track) await tx.insert(eventDayResources).values(dayResources(event.track).map((resource) => ({ eventId, ...resource, used: 0 })));
  const form = await insertForm(
    tx,
    { eventId, name: `${event.title.en} – booking form`, formId: options.ids?.form, pageIds: options.ids?.formPages },
    formFor(event, options.site),
  );
  return { eventId, formId: form.formId, formVersionId: form.formVersionId, itemIds: form.itemIds };
}
