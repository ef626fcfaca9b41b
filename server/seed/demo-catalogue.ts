/**
 * The demo catalogue built as staff would build it in the back office (decision 043): categories,
 * then each event (created, given its booking form, the form saved and published, the event
 * published), through the staff verbs as `seedActor` with inputs checked by the staff contracts.
 * Only the ids are the seed's own: the demo's fixed ones (server/db/demo/ids.ts), which no contract accepts.
 */
import { formDefinitionSchema } from "../../core/contracts/form-definitions";
import { staffCategoryInputSchema, staffEventInputSchema } from "../../core/contracts/staff-catalogue";
import { addDays } from "../../core/domain/dates";
import { seedActor } from "../../core/domain/permissions";
import { locales } from "../../core/i18n/locales";
import { changeStaffEventState } from "../staff/catalogue/change-staff-event-state";
import { createEventForm } from "../staff/catalogue/create-event-form";
import { createStaffEvent } from "../staff/catalogue/create-staff-event";
import { publishForm } from "../staff/catalogue/publish-form";
import { saveFormDraft } from "../staff/catalogue/save-form-draft";
import { saveStaffCategory } from "../staff/catalogue/save-staff-category";
import type { CategorySeed } from "../db/factories/categories";
import { dayResources, priceLabels, priceList } from "../db/factories/event-seed";
import type { EventIds, InsertedEvent } from "../db/factories/events";
import { definitionOfPages, formFor, formPageOrder } from "../db/factories/forms";
import type { SiteSettings } from "../db/factories/site";
import { seedActorEmail, type SeedDeps } from "./seed-services";
import type { DemoEventSeed } from "../db/demo/events";

const staff = { actorEmail: seedActorEmail, locale: "en" } as const;

/** Creates the categories in menu order; answers their ids by key. */
export async function seedCategories<Key extends string>(deps: SeedDeps, categories: readonly CategorySeed<Key>[]): Promise<Record<Key, number>> {
  const ids = {} as Record<Key, number>;
  for (const category of categories) {
    // A language the demo has no name for is left untranslated, as staff would leave it: the public site shows the English one.
    const translations = Object.fromEntries(locales.map((locale) => [locale, category.translations[locale] ?? { name: "", slug: "", description: "" }]));
    const saved = await saveStaffCategory(deps, seedActor, { ...staff, category: staffCategoryInputSchema.parse({ translations }) });
    ids[category.key] = saved.id;
  }
  return ids;
}

/** Creates the event with its prices and resources, its booking form (saved, published) and publishes it. */
export async function seedEvent(
  deps: SeedDeps,
  event: DemoEventSeed,
  options: { categoryId: number; site: SiteSettings; ids: EventIds },
): Promise<InsertedEvent> {
  const { ids } = options;
  const input = staffEventInputSchema.parse({
    category_id: options.categoryId,
    title: event.title,
    teaser: event.teaser,
    description: event.description,
    location: event.location,
    image_url: event.imageUrl,
    image_alt: event.imageAlt,
    ...(event.slug ? { slugs: { en: event.slug.en ?? "", de: event.slug.de ?? "" } } : {}),
    starts_on: event.startsOn,
    ends_on: addDays(event.startsOn, event.days - 1),
    bookable_from: event.bookableFrom?.toISOString() ?? null,
    registration_deadline: event.registrationDeadline.toISOString(),
    capacity: event.capacity,
    min_participants: event.minParticipants,
    prices: priceList(event).map((price) => ({
      kind: price.kind,
      key: price.key,
      label: priceLabels[price.key],
      amount_cents: price.cents,
      per_day: price.perDay,
    })),
    resources: event.track ? dayResources(event.track) : [],
  });
  const created = await createStaffEvent(deps, seedActor, { ...staff, event: input, fixedId: ids.event });
  const formId = (await createEventForm(deps, seedActor, { eventId: created.uuid, staffEmail: seedActorEmail, fixedId: ids.form })).uuid;

  // The builder's definition of the event's form; its pages keep the demo's fixed ids (item ids are fresh).
  const pages = formFor(event, options.site);
  const built = definitionOfPages(formPageOrder.map((slot) => pages[slot]));
  const definition = formDefinitionSchema.parse({
    pages: built.pages.map((page, index) => ({ ...page, uuid: ids.formPages[formPageOrder[index] ?? "summary"] })),
  });
  await saveFormDraft(deps, seedActor, { formId, definition, staffEmail: seedActorEmail, locale: staff.locale });
  const form = await publishForm(deps, seedActor, { formId, staffEmail: seedActorEmail, locale: staff.locale });
  await changeStaffEventState(deps, seedActor, { ...staff, eventId: created.uuid, change: "publish" });

  const itemIds = new Map(form.draft.pages.flatMap((page) => page.items.map((item) => [item.name, item.uuid] as const)));
  return { eventId: created.uuid, formId, formVersionId: form.published.uuid, itemIds };
}
