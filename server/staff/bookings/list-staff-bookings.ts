import { and, asc, count, desc, eq, gte, inArray, like, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { pickLocale } from "../../../core/contracts/localized-text";
import {
  paymentOptions,
  paymentStates,
  staffBookingsPageSize,
  type PaymentState,
  type StaffBookingSort,
  type StaffBookingsPage,
  type StaffBookingsQuery,
} from "../../../core/contracts/staff-bookings";
import { bookingSearchOf, likePrefix } from "../../../core/domain/booking-search";
import { addDays, operatorDayStart } from "../../../core/domain/dates";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import {
  bookingCodeBodySql,
  bookings,
  emailDomainSql,
  events,
  participantFullNameSql,
  participants,
  participantSurnameFirstSql,
  phoneDigitsSql,
} from "../../db/schema";

const mainParticipant = alias(participants, "main_participant");

/** The payment state as the index `bookings_staff_payment_state_idx` computes it (the same expression, schema.ts). */
/** The booking account's payment state, as `writeAccountFigures` keeps it on the row (decision 067). */
export const paymentStateOf = bookings.paymentState;

/**
 * The bookings whose code (or its part after the prefix) is the search text, or one of whose
 * participants' e-mail, its domain, full name either way round, surname or phone digits start with
 * it: a union of index lookups (decision 028), joined back by id.
 */
function searchCondition(text: string | undefined): SQL | undefined {
  const search = bookingSearchOf(text);
  if (!search) return undefined;
  const prefix = likePrefix(search.prefix);
  const participantMatches = [
    like(sql`lower(${participants.email})`, prefix),
    like(participantFullNameSql(participants.forename, participants.surname), prefix),
    like(sql`lower(${participants.surname})`, prefix),
    ...(search.surnameFirst ? [like(participantSurnameFirstSql(participants.forename, participants.surname), likePrefix(search.surnameFirst))] : []),
    ...(search.emailDomain ? [like(emailDomainSql(participants.email), likePrefix(search.emailDomain))] : []),
    ...(search.phoneDigits ?? []).map((digits) => like(phoneDigitsSql(participants.phone), likePrefix(digits))),
  ];
  // Each subquery's own FROM names the table, so its columns are its rows, not the outer query's
  // (the outer query reads participants only under the alias main_participant).
  const byParticipant = sql`SELECT ${participants.bookingId} FROM ${participants} WHERE ${or(...participantMatches)}`;
  const codes = [
    ...(search.code ? [eq(bookings.code, search.code)] : []),
    ...(search.codeBody ? [sql`${bookingCodeBodySql(bookings.code)} = ${search.codeBody}`] : []),
  ];
  const matches = codes.length > 0 ? sql`SELECT ${bookings.id} FROM ${bookings} WHERE ${or(...codes)} UNION ALL ${byParticipant}` : byParticipant;
  return sql`${bookings.id} IN (${matches})`;
}

/** Payment options and payment states are two questions: any option asked for, and any state asked for. */
function paymentCondition(filters: StaffBookingsQuery["payment"]): SQL | undefined {
  if (!filters?.length) return undefined;
  const options = paymentOptions.filter((option) => filters.includes(option));
  const states = paymentStates.filter((state) => filters.includes(state));
  return and(options.length ? inArray(bookings.paymentOption, options) : undefined, states.length ? inArray(paymentStateOf, states) : undefined);
}

/** Every condition of the query; drafts never (the partial indexes are built on the same `status <> 'draft'`). */
export function staffBookingsWhere(query: StaffBookingsQuery): SQL | undefined {
  return and(
    ne(bookings.status, "draft"),
    query.event ? eq(bookings.eventId, query.event) : undefined,
    query.status?.length ? inArray(bookings.status, query.status) : undefined,
    paymentCondition(query.payment),
    // Calendar days of the operator (Europe/Berlin): from its midnight to the midnight after `to`.
    query.from ? gte(bookings.submittedAt, operatorDayStart(query.from)) : undefined,
    query.to ? lt(bookings.submittedAt, operatorDayStart(addDays(query.to, 1))) : undefined,
    searchCondition(query.q),
  );
}

/** Each order ends in a unique column, so that pages never overlap or skip a row. */
const orders: Record<StaffBookingSort, SQL[]> = {
  submitted_desc: [desc(bookings.submittedAt), desc(bookings.id)],
  submitted_asc: [asc(bookings.submittedAt), asc(bookings.id)],
  code_asc: [asc(bookings.code)],
  code_desc: [desc(bookings.code)],
  name_asc: [asc(sql`lower(${mainParticipant.surname})`), asc(sql`lower(${mainParticipant.forename})`), asc(mainParticipant.bookingId)],
  name_desc: [desc(sql`lower(${mainParticipant.surname})`), desc(sql`lower(${mainParticipant.forename})`), desc(mainParticipant.bookingId)],
  total_desc: [desc(bookings.totalCents), desc(bookings.id)],
  total_asc: [asc(bookings.totalCents), asc(bookings.id)],
};

const mainOn = and(eq(mainParticipant.bookingId, bookings.id), eq(mainParticipant.role, "main"));

/**
 * The ids of one page, found on the bookings (and, sorted by name, the main participant) alone: the
 * rows an offset skips are read in the index and dropped before any other join or the places count
 * (a "deferred join"), so that page 1000 costs index entries, not 50,000 joined rows.
 */
function pageIdsQuery(db: Queryable, query: StaffBookingsQuery) {
  const base = db.select({ id: bookings.id }).from(bookings);
  // Sorted by name, the main participant drives the walk (participants_main_name_idx), so it must be an
  // inner join; every submitted booking has one.
  const joined = query.sort.startsWith("name_") ? base.innerJoin(mainParticipant, mainOn) : base;
  return joined
    .where(staffBookingsWhere(query))
    .orderBy(...orders[query.sort])
    .limit(staffBookingsPageSize)
    .offset((query.page - 1) * staffBookingsPageSize);
}

/** One page of the query's rows, in its order (the bench reads the same query: bench/staff-bookings.ts). */
export function staffBookingsPageQuery(db: Queryable, query: StaffBookingsQuery) {
  return db
    .select({
      id: bookings.id,
      code: bookings.code,
      status: bookings.status,
      eventId: events.id,
      eventTitle: events.title,
      forename: mainParticipant.forename,
      surname: mainParticipant.surname,
      email: mainParticipant.email,
      phone: mainParticipant.phone,
      places: sql<number>`(SELECT count(*) FROM ${participants} WHERE ${participants.bookingId} = ${bookings.id})`.mapWith(Number),
      totalCents: bookings.totalCents,
      paidCents: bookings.paidCents,
      paymentOption: bookings.paymentOption,
      paymentState: sql<PaymentState>`${paymentStateOf}`,
      smaStatus: bookings.smaStatus,
      submittedAt: bookings.submittedAt,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(mainParticipant, mainOn)
    .where(inArray(bookings.id, pageIdsQuery(db, query)))
    .orderBy(...orders[query.sort]);
}

/** How many bookings the query matches (no join: every condition is on the booking). */
export function staffBookingsCountQuery(db: Queryable, query: StaffBookingsQuery) {
  return db.select({ total: count() }).from(bookings).where(staffBookingsWhere(query));
}

/**
 * `GET api/staff/bookings`: the desk's list of submitted bookings, numbered pages of 50 with the
 * total count (decision 028). Staff only.
 */
export async function listStaffBookings(
  deps: { db: Queryable },
  actor: Actor,
  input: { query: StaffBookingsQuery; locale: Locale },
): Promise<StaffBookingsPage> {
  authorize(actor, "staff.bookings.read", null);
  const { db } = deps;
  const [rows, [counted]] = await Promise.all([staffBookingsPageQuery(db, input.query), staffBookingsCountQuery(db, input.query)]);
  const total = counted?.total ?? 0;
  return {
    data: rows.map((row) => ({
      uuid: row.id,
      code: row.code,
      status: row.status,
      event: { uuid: row.eventId, title: pickLocale(row.eventTitle, input.locale) },
      main_participant: { name: [row.forename, row.surname].filter(Boolean).join(" "), email: row.email, phone: row.phone },
      places: row.places,
      total_cents: row.totalCents,
      paid_cents: row.paidCents,
      payment_option: row.paymentOption,
      payment_state: row.paymentState,
      sma_status: row.smaStatus,
      submitted_at: row.submittedAt?.toISOString() ?? null,
    })),
    meta: { page: input.query.page, page_size: staffBookingsPageSize, total, page_count: Math.ceil(total / staffBookingsPageSize) },
  };
}
