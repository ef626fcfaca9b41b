import { asc, count, eq } from "drizzle-orm";
import { pickLocale } from "../../../core/contracts/localized-text";
import { participantExportContentTypes, type CsvDialect, type ParticipantExportFormat } from "../../../core/contracts/staff-exports";
import { formatDateRange } from "../../../core/domain/dates";
import type { ParticipantFilter } from "../../../core/domain/booking-status";
import type { Actor } from "../../../core/domain/permissions";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import { getAllFormVersions } from "../../catalog/forms";
import type { PublicForm, PublicFormItem } from "../../../core/contracts/forms";
import type { Queryable } from "../../db/client";
import { eventDayResources, eventPrices, events, eventSlugs, forms } from "../../db/schema";
import { AppError } from "../../errors";
import { writeStaffAudit } from "../audit/staff-audit-records";
import { exportBookingBatches } from "./participant-export-batches";
import { allHeaders, exportAnswerItems, exportHeaders, participantExportRows, type ExportContext } from "./participant-export-rows";
import { createCsvWriter, createXlsxWriter, type ExportWriter } from "./participant-export-writers";
import { createParticipantListPdf, participantListPager, type ParticipantListHeading } from "./participant-list-pdf";

export type ParticipantExport = {
  fileName: string;
  contentType: string;
  /** The file, made batch by batch as the client reads it. */
  body: ReadableStream<Uint8Array>;
};

/**
 * An event's participant list as CSV, XLSX or PDF (decision 029), staff only. Asked before anything is
 * read; an unknown event is a 404 before the first byte. The rows are then read in batches (keyset,
 * participant-export-batches.ts) as the client pulls, so there is no row ceiling and the memory held
 * is one batch. By default the people of the bookings that hold places and are going (`filter`).
 * It changes nothing, but who took which list is the staff audit log's (issue 31): its row is written
 * before the first byte.
 */
export async function exportParticipants(
  deps: { db: Queryable; now: () => Date },
  actor: Actor,
  input: { eventId: string; format: ParticipantExportFormat; dialect?: CsvDialect | undefined; filter?: ParticipantFilter | undefined; locale: Locale },
): Promise<ParticipantExport> {
  authorize(actor, "staff.events.export", null);
  const { db } = deps;
  const { locale, format } = input;
  const filter = input.filter ?? "active";
  const [event] = await db.select().from(events).where(eq(events.id, input.eventId)).limit(1);
  if (!event) throw new AppError("NOT_FOUND", "eventNotFound");
  const context = await exportContextOf(db, event, locale, deps.now());
  const title = pickLocale(event.title, locale);
  const slug = await slugOf(db, event.id, locale);
  const fileName = `${slug}-${event.startsOn}-${translatorFor(locale)("staffExport.fileName")}.${format}`;
  await writeStaffAudit(db, actor, { action: "participants_exported", details: { event: event.id, format, filter }, at: deps.now() });

  const t = translatorFor(locale);
  const pdfHeading: Omit<ParticipantListHeading, "expectedPages"> = {
    locale,
    eventTitle: title,
    eventLine: `${formatDateRange(event.startsOn, event.endsOn, locale)} \u00b7 ${pickLocale(event.location, locale)}`,
    // The list says whom it holds when it is not the default.
    listLine: filter === "active" ? t("staffExport.title") : `${t("staffExport.title")} \u00b7 ${t(`staffExport.filter.${filter}`)}`,
    dayHeaders: exportHeaders(context).days,
  };
  const batches = exportBookingBatches(db, event.id, { filter });
  let writer: ExportWriter | null = null;
  const body = new ReadableStream<Uint8Array>({
    start: async (controller) => {
      const onChunk = (chunk: Uint8Array) => controller.enqueue(chunk);
      if (format === "csv") writer = createCsvWriter(allHeaders(context), input.dialect ?? "rfc4180", onChunk);
      else if (format === "xlsx") writer = await createXlsxWriter(title, allHeaders(context), locale, onChunk);
      else writer = await createParticipantListPdf({ ...pdfHeading, expectedPages: await pdfPages(db, event.id, filter, context, pdfHeading) }, onChunk);
    },
    // One batch per pull: a slow reader holds the export back instead of filling the memory.
    pull: async (controller) => {
      if (!writer) return;
      const next = await batches.next();
      if (next.done) {
        await writer.end();
        controller.close();
        return;
      }
      await writer.rows(participantExportRows(context, next.value));
    },
    cancel: async () => {
      await batches.return(undefined);
    },
  });
  return { fileName, contentType: participantExportContentTypes[format], body };
}

/** What every row of one event's list shares: its days, its form's answer columns, its price labels (also for decision 033's export of a selection). */
export async function exportContextOf(
  db: Queryable,
  event: { id: string; startsOn: string; endsOn: string },
  locale: Locale,
  now: Date,
): Promise<ExportContext> {
  const [formRow] = await db.select({ id: forms.id }).from(forms).where(eq(forms.eventId, event.id)).limit(1);
  // Every published version: each booking's answers are written as the version it was made on asked them.
  const versions = formRow ? await getAllFormVersions(db, locale, formRow.id, now) : [];
  const answerItemsOf = (form: PublicForm) => exportAnswerItems(form.pages.flatMap((page) => page.items));
  const columns = new Map<string, PublicFormItem>();
  for (const { form } of versions) for (const item of answerItemsOf(form)) if (!columns.has(item.uuid)) columns.set(item.uuid, item);
  const prices = await db.select({ key: eventPrices.key, label: eventPrices.label }).from(eventPrices).where(eq(eventPrices.eventId, event.id));
  const [resources] = await db.select({ count: count() }).from(eventDayResources).where(eq(eventDayResources.eventId, event.id));
  return {
    locale,
    startsOn: event.startsOn,
    endsOn: event.endsOn,
    answerItems: [...columns.values()],
    itemsByVersion: Object.fromEntries(
      versions.map(({ versionId, form }) => [versionId, Object.fromEntries(answerItemsOf(form).map((item) => [item.uuid, item]))]),
    ),
    // A label in another language than the list's would still beat the bare key.
    resourceLabels: Object.fromEntries(prices.map((price) => [price.key, pickLocale(price.label, locale)])),
    hasDayResources: (resources?.count ?? 0) > 0,
  };
}

/** The event's slug in the list's language (else any), for the file's name; its id when it has none. */
async function slugOf(db: Queryable, eventId: string, locale: Locale): Promise<string> {
  const slugs = await db
    .select({ locale: eventSlugs.locale, slug: eventSlugs.slug })
    .from(eventSlugs)
    .where(eq(eventSlugs.eventId, eventId))
    .orderBy(asc(eventSlugs.locale));
  const slug = slugs.find((row) => row.locale === locale)?.slug ?? slugs[0]?.slug ?? eventId;
  // File names travel in a header: keep them to letters, digits and dashes.
  return slug.replace(/[^A-Za-z0-9-]+/gu, "-").replace(/^-+|-+$/gu, "") || eventId;
}

/**
 * The PDF's "of y": its rows wrap, so their heights, and with them the pages, follow from their texts.
 * The listed bookings are read once before the first byte, batch by batch, and laid out without being
 * drawn (the memory held is still one batch); should bookings change before the list is printed, the
 * extra pages say "Page x" only.
 */
async function pdfPages(
  db: Queryable,
  eventId: string,
  filter: ParticipantFilter,
  context: ExportContext,
  heading: Omit<ParticipantListHeading, "expectedPages">,
): Promise<number> {
  const pager = await participantListPager(heading);
  for await (const batch of exportBookingBatches(db, eventId, { filter })) pager.add(participantExportRows(context, batch));
  return pager.pages();
}
