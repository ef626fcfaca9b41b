import { desc, eq } from "drizzle-orm";
import type { FieldErrors } from "../../../core/contracts/errors";
import type { FormDefinition, StaffForm } from "../../../core/contracts/form-definitions";
import { definitionProblems } from "../../../core/forms/form-definition-rules";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import type { Queryable } from "../../db/client";
import { readDraftDefinition, sameDefinition } from "../../db/form-versions";
import { eventDayResources, eventPrices, forms, formVersions } from "../../db/schema";
import { AppError } from "../../errors";
import { formPriceErrors } from "./event-price-checks";

/** The form builder's view of a form (decision 036): its draft, its versions newest first, and whether they differ. */
export async function staffFormView(db: Queryable, formId: string): Promise<StaffForm> {
  const [form] = await db.select().from(forms).where(eq(forms.id, formId)).limit(1);
  if (!form) throw new AppError("NOT_FOUND", "formNotFound");
  const draft = await readDraftDefinition(db, formId);
  const versions = await db.select().from(formVersions).where(eq(formVersions.formId, formId)).orderBy(desc(formVersions.number));
  const latest = versions[0];
  return {
    uuid: form.id,
    event_uuid: form.eventId,
    name: form.name,
    draft,
    versions: versions.map((version) => ({
      uuid: version.id,
      number: version.number,
      published_at: version.publishedAt.toISOString(),
      published_by: version.publishedByEmail,
    })),
    draft_differs: !latest || !sameDefinition(latest.definition, draft),
  };
}

/** Refuses a definition the whole-form rules find fault with: 422, the errors per page, item and field, translated. */
export async function assertValidDefinition(db: Queryable, eventId: string, definition: FormDefinition, locale: Locale): Promise<void> {
  const [prices, resources] = await Promise.all([
    db.select({ key: eventPrices.key }).from(eventPrices).where(eq(eventPrices.eventId, eventId)),
    db.select({ key: eventDayResources.key }).from(eventDayResources).where(eq(eventDayResources.eventId, eventId)),
  ]);
  const problems = definitionProblems(definition, { priceKeys: prices.map((row) => row.key), resourceKeys: resources.map((row) => row.key) });
  const t = translatorFor(locale);
  const fieldErrors: FieldErrors = Object.fromEntries(Object.entries(problems).map(([key, messages]) => [key, messages.map((message) => t(message))]));
  // What the form offers without a row in the event's price list, named (issue 28).
  for (const [key, messages] of Object.entries(await formPriceErrors(db, eventId, definition, locale))) fieldErrors[key] = [...(fieldErrors[key] ?? []), ...messages];
  if (Object.keys(fieldErrors).length === 0) return;
  throw new AppError("VALIDATION_FAILED", "formDefinitionInvalid", { fieldErrors });
}
