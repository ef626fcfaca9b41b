import { asc, eq, inArray } from "drizzle-orm";
import type { PublicForm, PublicFormItem, ReservedVehicles } from "../../core/contracts/forms";
import { pickLocale } from "../../core/contracts/localized-text";
import { addDays, operatorToday } from "../../core/domain/dates";
import { eventState } from "../../core/domain/event-state";
import { isLocale, type Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { eventDayResources, eventPrices, events, formItems, formPages, forms, sites } from "../db/schema";
import { notFound } from "../errors";
import { sanitizeRichText } from "../rich-text";

/**
 * A booking form with its pages and items in `locale`. Forms of unpublished events are only shown
 * as a preview, which the caller grants to staff only (server/api/forms.ts).
 */
export async function getPublicForm(db: Queryable, locale: Locale, formId: string, options: { preview: boolean; now: Date }): Promise<PublicForm> {
  const [row] = await db
    .select({ form: forms, event: events })
    .from(forms)
    .innerJoin(events, eq(events.id, forms.eventId))
    .where(eq(forms.id, formId))
    .limit(1);
  if (!row || (!row.event.published && !options.preview)) throw notFound("formNotFound");
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
  const itemsByPage = new Map<string, PublicFormItem[]>();
  for (const item of itemRows) {
    const items = itemsByPage.get(item.pageId) ?? [];
    items.push({
      uuid: item.id,
      parent_uuid: item.parentId,
      kind: item.kind,
      name: item.name,
      label: pickLocale(item.label, locale),
      help: item.help ? pickLocale(item.help, locale) : null,
      required: item.required,
      options: servedOptions(item.kind, localizeOptions(item.options, locale)),
    });
    itemsByPage.set(item.pageId, items);
  }
  const { event } = row;
  const prices = await db.select().from(eventPrices).where(eq(eventPrices.eventId, event.id)).orderBy(asc(eventPrices.position));
  const [site] = await db.select({ depositPercent: sites.depositPercent, dueDays: sites.balanceDueDaysBeforeEvent }).from(sites).limit(1);
  return {
    uuid: row.form.id,
    preview: options.preview,
    event: {
      uuid: event.id,
      title: pickLocale(event.title, locale),
      starts_on: event.startsOn,
      ends_on: event.endsOn,
      // The event row carries every field the state needs.
      state: eventState(event, options.now),
    },
    pages: pageRows.map((page) => ({ uuid: page.id, number: page.position, title: pickLocale(page.title, locale), items: itemsByPage.get(page.id) ?? [] })),
    prices: prices.map((price) => ({
      kind: price.kind,
      key: price.key,
      label: pickLocale(price.label, locale),
      amount_cents: price.amountCents,
      per_day: price.perDay,
    })),
    payment_terms: { deposit_percent: site?.depositPercent ?? 25, balance_due_days_before_event: site?.dueDays ?? 30 },
    today: operatorToday(options.now),
  };
}

/** Kinds whose `options.html` the booking page renders as raw HTML. */
const richTextKinds = new Set<PublicFormItem["kind"]>(["html", "wysiwyg"]);

/**
 * The page renders html/wysiwyg items with `dangerouslySetInnerHTML`; sanitizing here, not only
 * where content is written, keeps markup from any writer (a future back office) off the page.
 */
function servedOptions(kind: PublicFormItem["kind"], options: Record<string, unknown>): Record<string, unknown> {
  if (!richTextKinds.has(kind) || typeof options.html !== "string") return options;
  return { ...options, html: sanitizeRichText(options.html) };
}

/** Options may hold `{ en, de }` texts (choice labels); the answer carries only the asked language. */
function localizeOptions(value: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  return localizeValue(value, locale) as Record<string, unknown>;
}

function localizeValue(value: unknown, locale: Locale): unknown {
  if (Array.isArray(value)) return value.map((entry) => localizeValue(entry, locale));
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length > 0 && keys.every((key) => isLocale(key)) && typeof record.en === "string") {
      return typeof record[locale] === "string" ? record[locale] : record.en;
    }
    return Object.fromEntries(keys.map((key) => [key, localizeValue(record[key], locale)]));
  }
  return value;
}

/** Stock and use of each per-day resource of the form's event: what the vehicle pickers show. */
export async function getReservedVehicles(db: Queryable, formId: string): Promise<ReservedVehicles> {
  const [row] = await db
    .select({ eventId: forms.eventId, startsOn: events.startsOn })
    .from(forms)
    .innerJoin(events, eq(events.id, forms.eventId))
    .where(eq(forms.id, formId))
    .limit(1);
  if (!row) throw notFound("formNotFound");
  const resources = await db
    .select()
    .from(eventDayResources)
    .where(eq(eventDayResources.eventId, row.eventId))
    .orderBy(asc(eventDayResources.day), asc(eventDayResources.kind), asc(eventDayResources.key));
  const days = new Map<number, ReservedVehicles["days"][number]>();
  for (const resource of resources) {
    const day = days.get(resource.day) ?? { day: resource.day, date: addDays(row.startsOn, resource.day - 1), resources: [] };
    day.resources.push({
      key: resource.key,
      kind: resource.kind,
      stock: resource.stock,
      used: resource.used,
      available: resource.stock === null ? null : Math.max(0, resource.stock - resource.used),
    });
    days.set(resource.day, day);
  }
  return { form_uuid: formId, days: [...days.values()] };
}
