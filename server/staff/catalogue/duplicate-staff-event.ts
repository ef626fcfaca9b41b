import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { StaffEvent, StaffEventDuplicate } from "../../../core/contracts/staff-catalogue";
import { daysBetween } from "../../../core/domain/catalogue-rules";
import type { Actor } from "../../../core/domain/permissions";
import { translatorFor } from "../../../core/i18n/i18n";
import { authorize } from "../../auth/authorize";
import { eventDayResources, eventPrices, events } from "../../db/schema";
import { AppError } from "../../errors";
import { auditCatalogueAction, chooseEventSlugs, readStaffEventRecord, writeEventSlugs, type CatalogueDeps, type CatalogueStaff } from "./catalogue-records";
import { copyEventForm } from "./copy-event-form";

const dayMs = 86_400_000;
/** The instant staff gave (null: none), or `moved` when they left it out. */
const given = (instant: string | null | undefined, moved: Date | null): Date | null =>
  instant === undefined ? moved : instant === null ? null : new Date(instant);
const shifted = (instant: Date | null, days: number) => (instant === null ? null : new Date(instant.getTime() + days * dayMs));

/**
 * A copy of an event on new dates (a golf-circle series is many similar events): its texts, price
 * list, per-day resources (nothing used) and booking form; unpublished, no places taken, new page
 * addresses (`…-2`). `bookable_from` and the deadline move with the start unless given. Audited.
 */
export async function duplicateStaffEvent(
  deps: CatalogueDeps,
  actor: Actor,
  input: CatalogueStaff & { eventId: string; dates: StaffEventDuplicate },
): Promise<StaffEvent> {
  authorize(actor, "staff.catalogue.manage", null);
  const copyId = randomUUID();
  await deps.db.transaction(async (tx) => {
    // Locked for share: the source's image cannot be replaced (and its files removed as unused) until the copy names them too.
    const [source] = await tx.select().from(events).where(eq(events.id, input.eventId)).for("share").limit(1);
    if (!source) throw new AppError("NOT_FOUND", "eventNotFound");
    // Two identical events on the same dates are nearly always a slip (a date not changed): say so (issue 32).
    if (source.startsOn === input.dates.starts_on && source.endsOn === input.dates.ends_on && !input.dates.same_dates_confirmed)
      throw new AppError("CONFLICT", "duplicateSameDates", { fieldErrors: { starts_on: [String(translatorFor(input.locale)("api.duplicateSameDates"))] } });
    const moved = daysBetween(source.startsOn, input.dates.starts_on);
    await tx.insert(events).values({
      id: copyId,
      categoryId: source.categoryId,
      title: source.title,
      teaser: source.teaser,
      description: source.description,
      location: source.location,
      imageUrl: source.imageUrl,
      // The copy shows the same files (decisions 040, 044): they are removed only when no event names them.
      image: source.image,
      imageAlt: source.imageAlt,
      startsOn: input.dates.starts_on,
      endsOn: input.dates.ends_on,
      bookableFrom: given(input.dates.bookable_from, shifted(source.bookableFrom, moved)),
      registrationDeadline: given(input.dates.registration_deadline, shifted(source.registrationDeadline, moved)),
      capacity: source.capacity,
      placesTaken: 0,
      minParticipants: source.minParticipants,
      cancellationSchedule: source.cancellationSchedule,
      published: false,
      updatedAt: deps.now(),
    });
    await writeEventSlugs(tx, copyId, await chooseEventSlugs(tx, { eventId: copyId, title: source.title, wanted: {}, staffLocale: input.locale }));
    const prices = await tx.select().from(eventPrices).where(eq(eventPrices.eventId, source.id));
    if (prices.length > 0) await tx.insert(eventPrices).values(prices.map(({ id: _id, eventId: _eventId, ...price }) => ({ ...price, eventId: copyId })));
    const resources = await tx.select().from(eventDayResources).where(eq(eventDayResources.eventId, source.id));
    if (resources.length > 0) {
      await tx.insert(eventDayResources).values(resources.map(({ id: _id, eventId: _eventId, ...resource }) => ({ ...resource, eventId: copyId, used: 0 })));
    }
    const publishedBy = actor.user ? { userId: actor.user.userId, email: input.actorEmail } : null;
    const formId = await copyEventForm(tx, source.id, copyId, publishedBy, deps.now());
    await auditCatalogueAction(tx, {
      actor,
      actorEmail: input.actorEmail,
      action: "event_duplicated",
      details: { event: copyId, from: source.id, starts_on: input.dates.starts_on, form: formId },
      at: deps.now(),
    });
  });
  return readStaffEventRecord(deps.db, copyId);
}
