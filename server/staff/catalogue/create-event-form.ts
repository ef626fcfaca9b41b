import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { StaffForm } from "../../../core/contracts/form-definitions";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { definitionOfPages, starterFormPages } from "../../db/factories/forms";
import { events, forms, staffAuditLog } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { writeDraftDefinition } from "./save-form-draft";
import { firstSiteRow } from "../content/site-settings-records";
import { staffFormView } from "./staff-form-view";

/**
 * `POST api/staff/events/{uuid}/form`: gives an event made in the back office its booking form, the
 * starter every booking needs (main participant; summary with payment, terms and the booking
 * request), as a working copy: nothing is published until staff publish it in the form builder, so
 * customers cannot book on a half-built form (decision 036). An event has one form: a second is a 409.
 * Audited.
 */
export async function createEventForm(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { eventId: string; staffEmail: string; fixedId?: string | undefined },
): Promise<StaffForm> {
  authorize(actor, "staff.forms.edit", null);
  // Only the seed names the id (the demo's fixed ones); no contract carries it (decision 043).
  if (input.fixedId !== undefined) authorize(actor, "seed.fixed-ids", null);
  return deps.db.transaction(async (tx) => {
    // The event's row lock: two clicks on "create" make one form.
    const [event] = await tx.select({ id: events.id, title: events.title }).from(events).where(eq(events.id, input.eventId)).for("update").limit(1);
    if (!event) throw new AppError("NOT_FOUND", "eventNotFound");
    const [existing] = await tx.select({ id: forms.id }).from(forms).where(eq(forms.eventId, event.id)).limit(1);
    if (existing) throw new AppError("CONFLICT", "formExists");
    const site = await firstSiteRow(tx);
    if (!site) throw notFound("siteNotFound");
    const formId = input.fixedId ?? randomUUID();
    await tx.insert(forms).values({ id: formId, eventId: event.id, name: event.title.en });
    const { pages, items } = await writeDraftDefinition(
      tx,
      formId,
      definitionOfPages(starterFormPages({ ...site, supportHours: { en: site.supportHours.en, de: site.supportHours.de ?? site.supportHours.en } })),
    );
    await tx.insert(staffAuditLog).values({
      actorId: actor.user?.userId ?? null,
      actorEmail: input.staffEmail,
      action: "form_created",
      details: { form: formId, event: event.id, pages, items },
      at: deps.now(),
    });
    return staffFormView(tx, formId);
  });
}
