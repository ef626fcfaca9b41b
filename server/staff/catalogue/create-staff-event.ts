import { randomUUID } from "node:crypto";
import type { StaffEvent, StaffEventInput } from "../../../core/contracts/staff-catalogue";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { events } from "../../db/schema";
import {
  auditCatalogueAction,
  chooseEventSlugs,
  isUniqueViolation,
  readStaffEventRecord,
  slugTaken,
  writeEventSlugs,
  type CatalogueDeps,
  type CatalogueStaff,
} from "./catalogue-records";
import { eventPriceGaps, pricesMissingOnSave } from "./event-price-checks";
import { applyResources, eventColumns, replacePrices, requireCategory, requireImageAlt } from "./event-writes";

/**
 * Staff create an event (decision 034): unpublished until they publish it, with its price list,
 * per-day resources and page addresses; no booking form yet (the form builder adds one). Audited.
 * Refused when the main participant or a resource has no price (issue 28).
 */
export async function createStaffEvent(
  deps: CatalogueDeps,
  actor: Actor,
  input: CatalogueStaff & { event: StaffEventInput; fixedId?: string | undefined },
): Promise<StaffEvent> {
  authorize(actor, "staff.catalogue.manage", null);
  // Only the seed names the id (the demo's fixed ones); no contract carries it (decision 043).
  if (input.fixedId !== undefined) authorize(actor, "seed.fixed-ids", null);
  requireImageAlt(input.event, false, input.locale);
  // A new event has no booking form yet: its own price list is all there is to check.
  const gaps = await eventPriceGaps(deps.db, { id: null, prices: input.event.prices, resources: input.event.resources });
  if (gaps.length) throw pricesMissingOnSave(gaps, input.locale);
  const eventId = input.fixedId ?? randomUUID();
  try {
    await deps.db.transaction(async (tx) => {
      await requireCategory(tx, input.event.category_id, input.locale);
      const columns = eventColumns(input.event);
      await tx.insert(events).values({ id: eventId, ...columns, published: false, updatedAt: deps.now() });
      const slugs = await chooseEventSlugs(tx, { eventId, title: columns.title, wanted: input.event.slugs ?? {}, staffLocale: input.locale });
      await writeEventSlugs(tx, eventId, slugs);
      await replacePrices(tx, eventId, input.event.prices);
      await applyResources(tx, eventId, input.event.resources, input.locale);
      await auditCatalogueAction(tx, {
        actor,
        actorEmail: input.actorEmail,
        action: "event_created",
        details: { event: eventId, title: columns.title.en },
        at: deps.now(),
      });
    });
  } catch (error) {
    // Two staff typing the same slug at once: the loser is told as the check before would.
    if (isUniqueViolation(error, "event_slugs_slug_unique")) throw slugTaken("slugs.en", input.locale);
    throw error;
  }
  return readStaffEventRecord(deps.db, eventId);
}
