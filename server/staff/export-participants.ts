import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import { participantExportContentTypes, type CsvDialect, type ParticipantExportFormat } from "../../core/contracts/staff-exports";
import { formatDateRange } from "../../core/domain/dates";
import type { Actor } from "../../core/domain/permissions";
import { takesAnswer } from "../../core/forms/kinds";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { authorize } from "../auth/authorize";
import { hasAnswerText } from "../bookings/manage-answer-text";
import { getAllFormVersions } from "../catalog/forms";
import type { PublicForm, PublicFormItem } from "../../core/contracts/forms";
import type { Queryable } from "../db/client";
import { bookings, eventPrices, events, eventSlugs, forms, participants } from "../db/schema";
import { AppError } from "../errors";
import { exportBookingBatches } from "./participant-export-batches";
import { allHeaders, exportHeaders, participantExportRows, type ExportContext } from "./participant-export-rows";
import { createCsvWriter, createXlsxWriter, type ExportWriter } from "./participant-export-writers";
import { createParticipantListPdf } from "./participant-list-pdf";

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
 * is one batch. Read only: nothing is written, so there is no audit row.
 */
export async function exportParticipants(
  deps: { db: Queryable; now: () => Date },
  actor: Actor,
  input: { eventId: string; format: ParticipantExportFormat; dialect?: CsvDialect | undefined; locale: Locale },
): Promise<ParticipantExport> {
  authorize(actor, "staff.events.export", null);
  const { db } = deps;
  const { locale, format } = input;
  const [event] = await db.select().from(events).where(eq(events.id, input.eventId)).limit(1);
  if (!event) throw new AppError("NOT_FOUND", "eventNotFound");
  const context = await exportContextOf(db, event, locale, deps.now());
  const title = pickLocale(event.title, locale);
  const slug = await slugOf(db, event.id, locale);
  const fileName = `${slug}-${event.startsOn}-${translatorFor(locale)("staffExport.fileName")}.${format}`;

  const expectedRows = format === "pdf" ? await countPeople(db, event.id) : 0;
  const batches = exportBookingBatches(db, event.id);
  let writer: ExportWriter | null = null;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      const onChunk = (chunk: Uint8Array) => controller.enqueue(chunk);
      writer =
        format === "csv"
          ? createCsvWriter(allHeaders(context), input.dialect ?? "rfc4180", onChunk)
          : format === "xlsx"
            ? createXlsxWriter(title, allHeaders(context), onChunk)
            : createParticipantListPdf(
                {
                  locale,
                  eventTitle: title,
                  eventLine: `${formatDateRange(event.startsOn, event.endsOn, locale)} \u00b7 ${pickLocale(event.location, locale)}`,
                  dayHeaders: exportHeaders(context).days,
                  expectedRows,
                },
                onChunk,
              );
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
  const answerItemsOf = (form: PublicForm) => form.pages.flatMap((page) => page.items).filter((item) => takesAnswer(item) && hasAnswerText(item.kind));
  const columns = new Map<string, PublicFormItem>();
  for (const { form } of versions) for (const item of answerItemsOf(form)) if (!columns.has(item.uuid)) columns.set(item.uuid, item);
  const prices = await db.select({ key: eventPrices.key, label: eventPrices.label }).from(eventPrices).where(eq(eventPrices.eventId, event.id));
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

/** The people of the event's submitted bookings: the PDF's "of y" pages. */
async function countPeople(db: Queryable, eventId: string): Promise<number> {
  const [row] = await db
    .select({ people: count() })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .where(and(eq(bookings.eventId, eventId), ne(bookings.status, "draft"), sql`${bookings.submittedAt} IS NOT NULL`));
  return row?.people ?? 0;
}
