import { eq } from "drizzle-orm";
import type { FormDefinition, StaffForm } from "../../../core/contracts/form-definitions";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Database, Transaction } from "../../db/client";
import { formItems, formPages, forms, staffAuditLog } from "../../db/schema";
import { AppError } from "../../errors";
import { assertValidDefinition, staffFormView } from "./staff-form-view";

/**
 * `PUT api/staff/forms/{uuid}`: replaces the form's working copy (form_pages, form_items) with the
 * whole definition, after the whole-form rules (decision 036). Published versions are untouched, so
 * no booking changes; an invalid definition is refused and nothing is saved. Audited.
 */
export async function saveFormDraft(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { formId: string; definition: FormDefinition; staffEmail: string; locale: Locale },
): Promise<StaffForm> {
  authorize(actor, "staff.forms.edit", null);
  return deps.db.transaction(async (tx) => {
    // The form's row lock: saves and publishes of one form take turns.
    const [form] = await tx.select().from(forms).where(eq(forms.id, input.formId)).for("update").limit(1);
    if (!form) throw new AppError("NOT_FOUND", "formNotFound");
    await assertValidDefinition(tx, form.eventId, input.definition, input.locale);
    const { pages, items } = await writeDraftDefinition(tx, form.id, input.definition);
    await tx.update(forms).set({ updatedAt: deps.now() }).where(eq(forms.id, form.id));
    await tx.insert(staffAuditLog).values({
      actorId: actor.user?.userId ?? null,
      actorEmail: input.staffEmail,
      action: "form_draft_saved",
      details: { form: form.id, pages, items },
      at: deps.now(),
    });
    return staffFormView(tx, form.id);
  });
}

/** Replaces the working copy of `formId` with `definition`; answers how many pages and items it holds. */
export async function writeDraftDefinition(tx: Transaction, formId: string, definition: FormDefinition): Promise<{ pages: number; items: number }> {
  // Pages cascade to their items; uuids are kept, so answers keep meaning across versions.
  await tx.delete(formPages).where(eq(formPages.formId, formId));
  const pages = definition.pages;
  await tx.insert(formPages).values(pages.map((page, index) => ({ id: page.uuid, formId: formId, position: index + 1, title: page.title })));
  const items = pages.flatMap((page) =>
    page.items.map((item, index) => ({
      id: item.uuid,
      pageId: page.uuid,
      parentId: item.parent_uuid,
      position: index + 1,
      kind: item.kind,
      name: item.name,
      label: item.label,
      help: item.help,
      required: item.required,
      options: item.options,
    })),
  );
  if (items.length) await tx.insert(formItems).values(items);
  return { pages: pages.length, items: items.length };
}
