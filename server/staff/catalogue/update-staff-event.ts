import { eq } from "drizzle-orm";
import type { StaffEvent, StaffEventInput } from "../../../core/contracts/staff-catalogue";
import { capacityAllows, stockAllows } from "../../../core/domain/catalogue-rules";
import type { Actor } from "../../../core/domain/permissions";
import { priceChanges } from "../../../core/domain/staff-audit-entry";
import { authorize } from "../../auth/authorize";
import { eventDayResources, eventPrices, events } from "../../db/schema";
import { AppError } from "../../errors";
import {
  auditCatalogueAction,
  capacityBelowTaken,
  chooseEventSlugs,
  isCheckViolation,
  isUniqueViolation,
  readStaffEventRecord,
  slugTaken,
  stockBelowUsed,
  writeEventSlugs,
  type CatalogueDeps,
  type CatalogueStaff,
} from "./catalogue-records";
import { eventPriceGaps, pricesMissingOnSave } from "./event-price-checks";
import { applyResources, eventColumns, replacePrices, requireCategory, requireImageAlt } from "./event-writes";

/**
 * Staff change an event: every field at once, in one transaction with its audit row. A capacity below
 * the places already taken, or a stock below what bookings use, is refused with the numbers; a booking
 * taking a place at the same moment meets the database's checks, answered with the same message.
 * A price list that leaves the main participant, a resource or a choice of the booking form without a
 * price is refused naming them (issue 28).
 */
export async function updateStaffEvent(
  deps: CatalogueDeps,
  actor: Actor,
  input: CatalogueStaff & { eventId: string; event: StaffEventInput },
): Promise<StaffEvent> {
  authorize(actor, "staff.catalogue.manage", null);
  try {
    await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(events).where(eq(events.id, input.eventId)).for("update").limit(1);
      if (!current) throw new AppError("NOT_FOUND", "eventNotFound");
      if (!capacityAllows(input.event.capacity, current.placesTaken)) throw capacityBelowTaken(current.placesTaken, input.locale);
      requireImageAlt(input.event, current.image !== null, input.locale);
      await requireCategory(tx, input.event.category_id, input.locale);
      const columns = eventColumns(input.event);
      await tx
        .update(events)
        .set({ ...columns, updatedAt: deps.now() })
        .where(eq(events.id, current.id));
      const slugs = await chooseEventSlugs(tx, { eventId: current.id, title: columns.title, wanted: input.event.slugs ?? {}, staffLocale: input.locale });
      await writeEventSlugs(tx, current.id, slugs);
      // The new price list must price what the event and its booking form sell (issue 28); the transaction undoes the slugs when it does not.
      const gaps = await eventPriceGaps(tx, { id: current.id, prices: input.event.prices, resources: input.event.resources });
      if (gaps.length) throw pricesMissingOnSave(gaps, input.locale);
      // The audit row names every price whose amount changed (issue 31): who changed a price, from what to what.
      const pricesBefore = await tx.select({ key: eventPrices.key, amountCents: eventPrices.amountCents }).from(eventPrices).where(eq(eventPrices.eventId, current.id));
      await replacePrices(tx, current.id, input.event.prices);
      await applyResources(tx, current.id, input.event.resources, input.locale);
      await auditCatalogueAction(tx, {
        actor,
        actorEmail: input.actorEmail,
        action: "event_updated",
        details: {
          event: current.id,
          capacity: { from: current.capacity, to: input.event.capacity },
          prices: priceChanges(pricesBefore, input.event.prices.map((price) => ({ key: price.key, amountCents: price.amount_cents }))),
        },
        at: deps.now(),
      });
    });
  } catch (error) {
    if (isCheckViolation(error, "events_places_taken_within_capacity")) {
      const [now] = await deps.db.select({ taken: events.placesTaken }).from(events).where(eq(events.id, input.eventId));
      throw capacityBelowTaken(now?.taken ?? input.event.capacity + 1, input.locale);
    }
    if (isCheckViolation(error, "event_day_resources_used_within_stock")) {
      // A booking took a resource while the stock was lowered: name the resource as the check before would.
      const rows = await deps.db.select().from(eventDayResources).where(eq(eventDayResources.eventId, input.eventId));
      const index = input.event.resources.findIndex((wanted) =>
        rows.some((row) => row.day === wanted.day && row.key === wanted.key && !stockAllows(wanted.stock, row.used)),
      );
      const wanted = input.event.resources[index];
      const used = rows.find((row) => row.day === wanted?.day && row.key === wanted?.key)?.used ?? 0;
      throw stockBelowUsed(index >= 0 ? `resources.${index}.stock` : "resources", wanted?.key ?? "", used, input.locale);
    }
    if (isUniqueViolation(error, "event_slugs_slug_unique")) throw slugTaken("slugs.en", input.locale);
    throw error;
  }
  return readStaffEventRecord(deps.db, input.eventId);
}
