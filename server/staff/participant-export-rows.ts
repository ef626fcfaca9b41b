import type { PublicFormItem } from "../../core/contracts/forms";
import type { UploadView } from "../../core/contracts/uploads";
import type { BookingStatus } from "../../core/domain/booking-status";
import { addDays } from "../../core/domain/dates";
import { translatorFor } from "../../core/i18n/i18n";
import { intlLocaleTags, type Locale } from "../../core/i18n/locales";
import { answerText } from "../bookings/manage-answer-text";

/**
 * The participant list's rows (decision 029), pure: the verb reads the bookings in batches and hands
 * each batch here; CSV, XLSX and PDF print the same rows. One row per person of each submitted
 * booking, the main participant first.
 */

type CompanionType = "non_playing" | "golf_playing" | "driver" | "co_driver";

/** What every row of one event's list shares: its language, its days, the form's answer items, the price labels. */
export type ExportContext = {
  locale: Locale;
  startsOn: string;
  endsOn: string;
  /**
   * The items that take an answer, one column each: the latest version's in form order, then those
   * only older versions have (their bookings' answers stay in the list; decision 036).
   */
  answerItems: PublicFormItem[];
  /**
   * Each published version's answer items by uuid: a booking's answer is written as its own version
   * asked it (its choices' labels); an item its version lacks stays empty. Without it, `answerItems` serve.
   */
  itemsByVersion?: Record<string, Record<string, PublicFormItem>>;
  /** A resource's key (`street_gt`, `instructor`) → its label in the list's language. */
  resourceLabels: Record<string, string>;
};

export type ExportPerson = {
  id: string;
  role: "main" | "companion";
  companionType: CompanionType | null;
  forename: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
};

export type ExportReservation = { day: number; key: string; quantity: number; participantId: string | null };

export type ExportBooking = {
  code: string;
  status: BookingStatus;
  totalCents: number;
  paidCents: number;
  answers: Record<string, unknown>;
  /** The form version the booking was made on. */
  formVersionId?: string | null;
  /** In booking order: the main participant, then the companions. */
  people: ExportPerson[];
  /** Resources still held (released ones are left out by the reader). */
  reservations: ExportReservation[];
  uploads: UploadView[];
};

export type ExportRow = {
  name: string;
  /** "Main participant" or the companion's type, in the list's language. */
  type: string;
  code: string;
  status: string;
  paidCents: number;
  outstandingCents: number;
  /** The main participant's: the booking's contact, on every row of the booking. */
  email: string;
  phone: string;
  /** One text per answer item of the context, "" when unanswered. */
  answers: string[];
  /** One text per event day, e.g. `1× Porsche 911 GT3, 1× Instructor`; "" when nothing is booked that day. */
  days: string[];
};

/** The event's days, 1 … n, from its first to its last date. */
export function eventDays(context: Pick<ExportContext, "startsOn" | "endsOn">): number[] {
  const days: number[] = [];
  for (let day = 1; addDays(context.startsOn, day - 1) <= context.endsOn; day++) days.push(day);
  return days;
}

/** `12 May` / `12. Mai`: the day's date in a column header. */
function shortDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocaleTags[locale], { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** The fixed columns' headers, then one per answer item (its label), then one per day. */
export function exportHeaders(context: ExportContext): { fixed: string[]; answers: string[]; days: string[] } {
  const t = translatorFor(context.locale);
  return {
    fixed: [
      t("staffExport.columns.name"),
      t("staffExport.columns.type"),
      t("staffExport.columns.code"),
      t("staffExport.columns.status"),
      t("staffExport.columns.paid"),
      t("staffExport.columns.outstanding"),
      t("staffExport.columns.email"),
      t("staffExport.columns.phone"),
    ],
    answers: context.answerItems.map((item) => item.label),
    days: eventDays(context).map((day) => t("staffExport.columns.day", { day, date: shortDate(addDays(context.startsOn, day - 1), context.locale) })),
  };
}

/** Every header in column order, as the spreadsheets print them. */
export function allHeaders(context: ExportContext): string[] {
  const headers = exportHeaders(context);
  return [...headers.fixed, ...headers.answers, ...headers.days];
}

/** A row's cells in the order of `allHeaders`: amounts as plain numbers in euros (a spreadsheet sums them). */
export function rowCells(row: ExportRow): (string | number)[] {
  return [row.name, row.type, row.code, row.status, row.paidCents / 100, row.outstandingCents / 100, row.email, row.phone, ...row.answers, ...row.days];
}

/** `1× Porsche 911 GT3, 1× Instructor`: a person's resources of one day, in the order they were booked. */
function dayText(reservations: ExportReservation[], day: number, labels: Record<string, string>): string {
  const totals = new Map<string, number>();
  for (const reservation of reservations) if (reservation.day === day) totals.set(reservation.key, (totals.get(reservation.key) ?? 0) + reservation.quantity);
  return [...totals].map(([key, quantity]) => `${quantity}\u00d7 ${labels[key] ?? key}`).join(", ");
}

/**
 * The rows of one batch of bookings. The booking's facts (code, status, money, answers) are repeated
 * on each of its people's rows with the main participant's e-mail and phone (the booking's contact), so
 * that a filtered or sorted sheet still says whose booking a row is and whom to call;
 * the amounts only on the main participant's row, so that a column sum is the event's total. A
 * resource goes to the person it names, and to the main participant when it names nobody (the
 * booking pages reserve per booking).
 */
export function participantExportRows(context: ExportContext, batch: ExportBooking[]): ExportRow[] {
  const t = translatorFor(context.locale);
  const days = eventDays(context);
  return batch.flatMap((booking) => {
    const main = booking.people.find((person) => person.role === "main") ?? booking.people[0];
    const people = main ? [main, ...booking.people.filter((person) => person !== main)] : [];
    const ownItems = booking.formVersionId ? context.itemsByVersion?.[booking.formVersionId] : undefined;
    const answers = context.answerItems.map((column) => {
      const item = ownItems ? ownItems[column.uuid] : column;
      return item ? (answerText({ item, value: booking.answers[item.uuid], locale: context.locale, uploads: booking.uploads }) ?? "") : "";
    });
    const status = t(`dashboard.status.${booking.status}`);
    return people.map((person) => {
      const isMain = person === main;
      const own = booking.reservations.filter((reservation) => (reservation.participantId ?? main?.id) === person.id);
      return {
        name: [person.forename, person.surname].filter((part) => part?.trim()).join(" "),
        type: isMain ? t("manage.mainParticipant") : t(`manage.companionTypes.${person.companionType ?? "none"}`),
        code: booking.code,
        status,
        paidCents: isMain ? booking.paidCents : 0,
        outstandingCents: isMain ? Math.max(0, booking.totalCents - booking.paidCents) : 0,
        email: main?.email ?? "",
        phone: main?.phone ?? "",
        answers,
        days: days.map((day) => dayText(own, day, context.resourceLabels)),
      };
    });
  });
}
