import { and, inArray, ne, sql } from "drizzle-orm";
import { pickLocale } from "../../../core/contracts/localized-text";
import type { SelectedBookingsExportBody } from "../../../core/contracts/staff-exports";
import { addDays, formatDateRange, operatorToday } from "../../../core/domain/dates";
import type { Actor } from "../../../core/domain/permissions";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { bookings, events, staffAuditLog } from "../../db/schema";
import { AppError } from "../../errors";
import { exportContextOf, type ParticipantExport } from "./export-participants";
import { exportBatchSize, withPeopleAndResources } from "./participant-export-batches";
import { csvDialectRules, csvLine } from "./participant-export-csv";
import {
  answerString,
  eventDays,
  exportHeaders,
  participantExportRows,
  rowCells,
  type ExportCell,
  type ExportContext,
  type ExportRow,
} from "./participant-export-rows";
import type { StaffMember } from "../bookings/staff-booking";

type SelectedBooking = Parameters<typeof withPeopleAndResources>[1][number] & { eventId: string };
type EventGroup = { title: string; dates: string; context: ExportContext; bookings: SelectedBooking[] };

/**
 * `POST api/staff/bookings/export` and the bookings list's "Export selection" (decision 033): the
 * people of the chosen bookings, one row per person as in the event's participant list
 * (participant-export-rows.ts), across events. Events differ in their form and days, so a row says
 * its event and gathers its answers and its days into one cell each ("Label: answer; …").
 *
 * Every id must name a submitted booking: one that does not is reported by the refusal (nothing is
 * exported, nothing audited), never silently left out of the file. The export is audited (who, which
 * bookings, when) before the first byte: the file holds every person's contact details.
 */
export async function exportSelectedBookings(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { body: SelectedBookingsExportBody; staff: StaffMember; locale: Locale },
): Promise<ParticipantExport> {
  authorize(actor, "staff.bookings.export", null);
  const { db } = deps;
  const { locale } = input;
  const t = translatorFor(locale);
  const ids = [...new Set(input.body.booking_uuids)];
  const rows = await db
    .select({
      id: bookings.id,
      eventId: bookings.eventId,
      code: bookings.code,
      status: bookings.status,
      totalCents: bookings.totalCents,
      paidCents: bookings.paidCents,
      answers: bookings.answers,
      formVersionId: bookings.formVersionId,
    })
    .from(bookings)
    .where(and(inArray(bookings.id, ids), ne(bookings.status, "draft"), sql`${bookings.submittedAt} IS NOT NULL`))
    .orderBy(bookings.submittedAt, bookings.id);
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError("NOT_FOUND", "bookingsNotFound", { params: { count: missing.length, ids: missing.join(", ") } });

  const eventRows = await db
    .select({ id: events.id, title: events.title, startsOn: events.startsOn, endsOn: events.endsOn })
    .from(events)
    .where(
      inArray(
        events.id,
        rows.map((row) => row.eventId),
      ),
    )
    .orderBy(events.startsOn, events.id);
  const groups: EventGroup[] = [];
  for (const event of eventRows) {
    groups.push({
      title: pickLocale(event.title, locale),
      dates: formatDateRange(event.startsOn, event.endsOn, locale),
      context: await exportContextOf(db, event, locale, deps.now()),
      bookings: rows.filter((row) => row.eventId === event.id),
    });
  }

  const now = deps.now();
  await db.insert(staffAuditLog).values({
    actorId: input.staff.id || null,
    actorEmail: input.staff.email,
    action: "bookings_exported",
    details: { booking_ids: rows.map((row) => row.id), codes: rows.map((row) => row.code), dialect: input.body.dialect, format: "csv" },
    at: now,
  });

  const dialect = input.body.dialect;
  const headers = exportHeaders(groups[0]?.context ?? { locale, startsOn: "", endsOn: "", answerItems: [], resourceLabels: {} }).fixed;
  const headerLine = [
    t("staffExport.columns.event"),
    t("staffExport.columns.dates"),
    ...headers,
    t("staffExport.columns.answers"),
    t("staffExport.columns.days"),
  ];
  const encoder = new TextEncoder();
  // One pull per batch of one event's bookings: a slow reader holds the export back, as the event's list does.
  const batches = (function* () {
    for (const group of groups)
      for (let start = 0; start < group.bookings.length; start += exportBatchSize) yield { group, batch: group.bookings.slice(start, start + exportBatchSize) };
  })();
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(encoder.encode(csvDialectRules[dialect].bom + csvLine(headerLine, dialect))),
    pull: async (controller) => {
      const next = batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      const { group, batch } = next.value;
      const people = participantExportRows(group.context, await withPeopleAndResources(db, batch));
      if (people.length > 0) controller.enqueue(encoder.encode(people.map((row) => csvLine(selectionCells(group, row), dialect)).join("")));
    },
  });
  return { fileName: `${t("staffExport.selectionFileName")}-${operatorToday(now)}.csv`, contentType: "text/csv; charset=utf-8", body };
}

/** A person's row across events: the event first, the fixed columns, then the event's own answers and days each folded into one cell. */
function selectionCells(group: EventGroup, row: ExportRow): ExportCell[] {
  const t = translatorFor(group.context.locale);
  const fixed = rowCells(row).slice(0, 8);
  const answers = group.context.answerItems
    .map((item, index) => ({ label: item.label, text: answerString(row.answers[index] ?? "") }))
    .filter((answer) => answer.text !== "")
    .map((answer) => `${answer.label}: ${answer.text}`)
    .join("; ");
  const days = eventDays(group.context)
    .map((day, index) => ({ day, text: row.days[index] ?? "" }))
    .filter((entry) => entry.text !== "")
    .map((entry) => `${t("staffExport.columns.day", { day: entry.day, date: addDays(group.context.startsOn, entry.day - 1) })}: ${entry.text}`)
    .join("; ");
  return [group.title, group.dates, ...fixed, answers, days];
}
