import { isDeepStrictEqual } from "node:util";
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { FormDefinition, FormDefinitionItem } from "../../core/contracts/form-definitions";
import type { Queryable } from "./client";
import { formItems, formPages, formVersions } from "./schema";

/**
 * Form versions (decision 036): the working copy of a form lives in form_pages/form_items (what the
 * builder edits); publishing snapshots it into form_versions.definition, which everything that shows
 * or checks a booking reads. Here in the infrastructure because the seed's factories publish version 1
 * of each form they make, as the back office's "publish" does.
 */

export type FormVersionRow = typeof formVersions.$inferSelect;

/** The working copy (draft) of a form as a definition: pages in order, items in order. */
export async function readDraftDefinition(db: Queryable, formId: string): Promise<FormDefinition> {
  const pageRows = await db.select().from(formPages).where(eq(formPages.formId, formId)).orderBy(asc(formPages.position));
  const itemRows = pageRows.length
    ? await db
        .select()
        .from(formItems)
        .where(
          inArray(
            formItems.pageId,
            pageRows.map((page) => page.id),
          ),
        )
        .orderBy(asc(formItems.position))
    : [];
  const itemsByPage = new Map<string, FormDefinitionItem[]>();
  for (const item of itemRows) {
    const items = itemsByPage.get(item.pageId) ?? [];
    items.push({
      uuid: item.id,
      parent_uuid: item.parentId,
      kind: item.kind,
      name: item.name,
      label: item.label,
      help: item.help,
      required: item.required,
      options: item.options,
    });
    itemsByPage.set(item.pageId, items);
  }
  return { pages: pageRows.map((page) => ({ uuid: page.id, title: page.title, items: itemsByPage.get(page.id) ?? [] })) };
}

/** The newest published version of a form, or undefined when it has none. */
export async function latestFormVersion(db: Queryable, formId: string): Promise<FormVersionRow | undefined> {
  const [row] = await db.select().from(formVersions).where(eq(formVersions.formId, formId)).orderBy(desc(formVersions.number)).limit(1);
  return row;
}

export async function formVersionById(db: Queryable, versionId: string): Promise<FormVersionRow | undefined> {
  const [row] = await db.select().from(formVersions).where(eq(formVersions.id, versionId)).limit(1);
  return row;
}

/** Whether two definitions hold the same pages and items (jsonb does not keep key order, so compared by value). */
export function sameDefinition(left: FormDefinition, right: FormDefinition): boolean {
  return isDeepStrictEqual(normalized(left), normalized(right));
}

/** Absent and undefined keys compare equal after a JSON round trip, as they come back from jsonb. */
const normalized = (definition: FormDefinition): unknown => JSON.parse(JSON.stringify(definition));

/**
 * Snapshots the working copy into a new version when it differs from the latest one (or none exists);
 * otherwise answers the latest, unchanged. Run it in the caller's transaction, which should hold the
 * form's row lock so that two publishes never pick the same number.
 */
export async function publishDraftAsVersion(
  tx: Queryable,
  formId: string,
  by: { userId: string; email: string } | null,
  now: Date,
): Promise<{ version: FormVersionRow; created: boolean }> {
  const draft = await readDraftDefinition(tx, formId);
  const latest = await latestFormVersion(tx, formId);
  if (latest && sameDefinition(latest.definition, draft)) return { version: latest, created: false };
  const [version] = await tx
    .insert(formVersions)
    .values({
      formId,
      number: (latest?.number ?? 0) + 1,
      definition: draft,
      publishedAt: now,
      publishedBy: by?.userId ?? null,
      publishedByEmail: by?.email ?? null,
    })
    .returning();
  if (!version) throw new Error("form version insert returned nothing");
  return { version, created: true };
}

/**
 * The definition a booking is shown and checked with: a submitted booking's own version; a draft
 * follows the latest (it is pinned when submitted). Undefined when the form has no version.
 */
export async function bookingFormDefinition(
  db: Queryable,
  booking: { formId: string; formVersionId: string | null; status: string },
): Promise<FormDefinition | undefined> {
  const version =
    booking.status !== "draft" && booking.formVersionId ? await formVersionById(db, booking.formVersionId) : await latestFormVersion(db, booking.formId);
  return version?.definition;
}

/**
 * The definition of the version a booking is pinned to, whatever its status (the submission pins it
 * before the booking leaves "draft" in the same transaction); the latest while it is not pinned.
 */
export async function pinnedFormDefinition(db: Queryable, booking: { formId: string; formVersionId: string | null }): Promise<FormDefinition | undefined> {
  const version = booking.formVersionId ? await formVersionById(db, booking.formVersionId) : await latestFormVersion(db, booking.formId);
  return version?.definition;
}

/** Every item of a definition, page by page. */
export const definitionItems = (definition: FormDefinition | undefined): FormDefinitionItem[] => (definition?.pages ?? []).flatMap((page) => page.items);
