import { asc, eq, inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Transaction } from "../../db/client";
import { latestFormVersion, publishDraftAsVersion } from "../../db/form-versions";
import { formItems, formPages, forms } from "../../db/schema";

/**
 * Copies an event's booking form (its pages and items, in order) onto another event: the form a
 * duplicated event is booked with (decision 034). Kept on its own because form versions will change
 * what "the event's form" is; this is the one place that then needs to learn it. Answers the new
 * form's id, or null when the event had no form. The copy is the source's working copy (decision 036);
 * when the source had a published version, the copy is published as its version 1 at once, so the
 * duplicated event is bookable as soon as it is published, like the one it was copied from.
 */
export async function copyEventForm(
  tx: Transaction,
  fromEventId: string,
  toEventId: string,
  publishedBy: { userId: string; email: string } | null,
  now: Date,
): Promise<string | null> {
  const [form] = await tx.select().from(forms).where(eq(forms.eventId, fromEventId)).limit(1);
  if (!form) return null;
  const copy = await copyFormRows(tx, form, toEventId);
  if (await latestFormVersion(tx, form.id)) await publishDraftAsVersion(tx, copy, publishedBy, now);
  return copy;
}

async function copyFormRows(tx: Transaction, form: typeof forms.$inferSelect, toEventId: string): Promise<string> {
  const formId = randomUUID();
  await tx.insert(forms).values({ id: formId, eventId: toEventId, name: form.name, laterDetailsDaysBeforeEvent: form.laterDetailsDaysBeforeEvent });
  const pages = await tx.select().from(formPages).where(eq(formPages.formId, form.id)).orderBy(asc(formPages.position));
  if (pages.length === 0) return formId;
  const pageIds = new Map(pages.map((page) => [page.id, randomUUID()]));
  await tx.insert(formPages).values(pages.map((page) => ({ id: pageIds.get(page.id) ?? randomUUID(), formId, position: page.position, title: page.title })));
  const items = await tx
    .select()
    .from(formItems)
    .where(inArray(formItems.pageId, [...pageIds.keys()]))
    .orderBy(asc(formItems.position));
  if (items.length === 0) return formId;
  // A group's items point to it by id: the copies point to the copy.
  const itemIds = new Map(items.map((item) => [item.id, randomUUID()]));
  await tx.insert(formItems).values(
    items.map((item) => ({
      id: itemIds.get(item.id) ?? randomUUID(),
      pageId: pageIds.get(item.pageId) ?? item.pageId,
      parentId: item.parentId === null ? null : (itemIds.get(item.parentId) ?? null),
      position: item.position,
      kind: item.kind,
      name: item.name,
      label: item.label,
      help: item.help,
      required: item.required,
      options: item.options,
    })),
  );
  return formId;
}
