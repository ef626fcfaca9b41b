import type { PublicFormItem } from "../../../core/contracts/forms";
import type { UploadView } from "../../../core/contracts/uploads";
import { isActiveBooking, type BookingStatus } from "../../../core/domain/booking-status";
import { addDays } from "../../../core/domain/dates";
import { translatorFor } from "../../../core/i18n/i18n";
import { intlLocaleTags, type Locale } from "../../../core/i18n/locales";
import { takesAnswer } from "../../../core/forms/kinds";
import { answerText, hasAnswerText } from "../../bookings/manage-answer-text";

/**
 * The participant list's rows (decision 029), pure: the verb reads the bookings in batches and hands
 * each batch here; CSV, XLSX and PDF print the same rows. One row per person of each listed
 * booking, the main participant first, each with that person's own answers.
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
  /** Whether the event has vehicles or extras per day; without them the day columns would always be empty and are left out. Default true. */
  hasDayResources?: boolean;
};

export type ExportPerson = {
  id: string;
  role: "main" | "companion";
  companionType: CompanionType | null;
  /** `mr`, `mrs`, `divers` (a companion's is asked with the companion; the main participant's is an answer). */
  salutation?: string | null;
  forename: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  /** The person's own answers by field (`participants.answers`): a companion's date of birth. */
  answers?: Record<string, unknown>;
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

/** A date answer: its ISO day (a date cell in the workbook) and its text in the list's language (CSV, PDF). */
export type ExportDate = { date: string; text: string };
/** An answer's cell: its text ("" when unanswered), or a date. */
export type ExportAnswer = string | ExportDate;
/** A cell as the writers get it: text, an amount in euros, nothing (an empty cell), or a date. */
export type ExportCell = string | number | null | ExportDate;

/** An answer's text, whatever its type. */
export function answerString(answer: ExportAnswer): string {
  return typeof answer === "string" ? answer : answer.text;
}

export type ExportRow = {
  name: string;
  /** "Main participant" or the companion's type, in the list's language. */
  type: string;
  code: string;
  status: string;
  /** Whether the booking holds places and is going to the event (the PDF numbers and boxes only these). */
  active: boolean;
  /** On the main participant's row; null (an empty cell) on a companion's. */
  paidCents: number | null;
  outstandingCents: number | null;
  /** The main participant's: the booking's contact, on every row of the booking. */
  email: string;
  phone: string;
  /** One per answer item of the context: this person's own answer, "" when they gave none. */
  answers: ExportAnswer[];
  /** One text per event day, e.g. `1× Porsche 911 GT3, 1× Instructor`; "" when nothing is booked that day. */
  days: string[];
};

/**
 * Items whose answers are not a column: the people's names, e-mail and phone have columns of their
 * own; the billing address, VAT ID and fax, the payment option, the accepted terms and the account
 * wish concern the invoice and the website, not a person at the event.
 */
const repeatedOrUnrelated = new Set([
  "main.forename",
  "main.surname",
  "main.email",
  "main.phone",
  "main.vat_id",
  "main.fax",
  "terms",
  "create_account",
  "payment_option",
]);

/**
 * The items that get an answer column: those that take an answer that reads as text in "manage my
 * booking" (`hasAnswerText`; people and vehicles have their own columns), less the repeated and unrelated ones.
 */
export function exportAnswerItems(items: readonly PublicFormItem[]): PublicFormItem[] {
  return items.filter((item) => takesAnswer(item) && hasAnswerText(item.kind) && !repeatedOrUnrelated.has(item.name) && !item.name.startsWith("billing."));
}

/** The days that get a column: every day of the event when it has resources per day, none otherwise. */
function dayColumns(context: ExportContext): number[] {
  return context.hasDayResources === false ? [] : eventDays(context);
}

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
    days: dayColumns(context).map((day) => t("staffExport.columns.day", { day, date: shortDate(addDays(context.startsOn, day - 1), context.locale) })),
  };
}

/** Every header in column order, as the spreadsheets print them. */
export function allHeaders(context: ExportContext): string[] {
  const headers = exportHeaders(context);
  return [...headers.fixed, ...headers.answers, ...headers.days];
}

/** The positions of the amount columns among `allHeaders` (paid, outstanding). */
export const amountColumns = [4, 5] as const;

/** A row's cells in the order of `allHeaders`: amounts as plain numbers in euros (a spreadsheet sums them), none on a companion's row. */
export function rowCells(row: ExportRow): ExportCell[] {
  const euros = (cents: number | null) => (cents === null ? null : cents / 100);
  return [row.name, row.type, row.code, row.status, euros(row.paidCents), euros(row.outstandingCents), row.email, row.phone, ...row.answers, ...row.days];
}

/** `1× Porsche 911 GT3, 1× Instructor`: a person's resources of one day, in the order they were booked. */
function dayText(reservations: ExportReservation[], day: number, labels: Record<string, string>): string {
  const totals = new Map<string, number>();
  for (const reservation of reservations) if (reservation.day === day) totals.set(reservation.key, (totals.get(reservation.key) ?? 0) + reservation.quantity);
  return [...totals].map(([key, quantity]) => `${quantity}\u00d7 ${labels[key] ?? key}`).join(", ");
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/u;

/**
 * One person's answer to an item. The booking's answers are the main participant's (the form asks
 * "your licence", "your handicap"); a companion answers only what is asked of each companion
 * (salutation, date of birth: `participants`), which the form names `main.<field>` for the main participant.
 */
function personAnswer(context: ExportContext, booking: ExportBooking, item: PublicFormItem, person: ExportPerson, isMain: boolean): ExportAnswer {
  let value: unknown;
  if (isMain) value = booking.answers[item.uuid];
  else if (item.name.startsWith("main.")) {
    const field = item.name.slice("main.".length);
    value = person.answers?.[field] ?? (field === "salutation" ? person.salutation : undefined);
  }
  const text = answerText({ item, value, locale: context.locale, uploads: booking.uploads }) ?? "";
  return item.kind === "date" && typeof value === "string" && isoDay.test(value) && text !== "" ? { date: value, text } : text;
}

/**
 * The rows of one batch of bookings. The booking's code, status and contact (the main participant's
 * e-mail and phone) are on each of its people's rows: at the gate a person is found by name, and their
 * row must say which booking holds their place, whether it is going and whom to call. The amounts are
 * on the main participant's row only, so that a column sums to the event. Each row has its own
 * person's answers. A resource goes to the person it names, and to the main participant when it names
 * nobody (the booking pages reserve per booking).
 */
export function participantExportRows(context: ExportContext, batch: ExportBooking[]): ExportRow[] {
  const t = translatorFor(context.locale);
  const days = dayColumns(context);
  return batch.flatMap((booking) => {
    const main = booking.people.find((person) => person.role === "main") ?? booking.people[0];
    const people = main ? [main, ...booking.people.filter((person) => person !== main)] : [];
    const ownItems = booking.formVersionId ? context.itemsByVersion?.[booking.formVersionId] : undefined;
    const status = t(`dashboard.status.${booking.status}`);
    const active = isActiveBooking(booking.status);
    // A booking that no longer goes owes nothing (as the dashboard counts); what it paid stays, to be refunded.
    const outstanding = active ? Math.max(0, booking.totalCents - booking.paidCents) : 0;
    return people.map((person) => {
      const isMain = person === main;
      const own = booking.reservations.filter((reservation) => (reservation.participantId ?? main?.id) === person.id);
      return {
        name: [person.forename, person.surname].filter((part) => part?.trim()).join(" "),
        type: isMain ? t("manage.mainParticipant") : t(`manage.companionTypes.${person.companionType ?? "none"}`),
        code: booking.code,
        status,
        active,
        paidCents: isMain ? booking.paidCents : null,
        outstandingCents: isMain ? outstanding : null,
        email: main?.email ?? "",
        phone: main?.phone ?? "",
        answers: context.answerItems.map((column) => {
          const item = ownItems ? ownItems[column.uuid] : column;
          return item ? personAnswer(context, booking, item, person, isMain) : "";
        }),
        days: days.map((day) => dayText(own, day, context.resourceLabels)),
      };
    });
  });
}
