import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { PublicFormItem } from "../../core/contracts/forms";
import { pickLocale } from "../../core/contracts/localized-text";
import type { PersonalDataBooking, PersonalDataExport } from "../../core/contracts/personal-data";
import type { Locale } from "../../core/i18n/locales";
import { answerText } from "../bookings/manage-answer-text";
import { getBookingForm } from "../catalog/forms";
import type { Queryable } from "../db/client";
import { bookings, events, invoices, outboxEmails, participants, sites, uploads, users, waitlistEntries } from "../db/schema";
import { emailSubjectOf } from "../email/render-email";
import { toUploadView } from "../uploads/store-upload";

type BookingRow = typeof bookings.$inferSelect;
type EventRow = typeof events.$inferSelect;
type OutboxRow = typeof outboxEmails.$inferSelect;
type UserRow = typeof users.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function emailOf(row: OutboxRow, locale: Locale) {
  return {
    subject: emailSubjectOf(row, row.locale ?? locale),
    to: row.toAddress,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
  };
}

/** A stored answer as text: the form's way when the item is known, else the value as it is stored (nothing held is left out). */
function answersOf(stored: Record<string, unknown>, items: PublicFormItem[], locale: Locale, files: ReturnType<typeof toUploadView>[]) {
  return Object.entries(stored).flatMap(([key, value]) => {
    const item = items.find((candidate) => candidate.uuid === key);
    if (value === undefined || value === null || value === "") return [];
    if (item) {
      const text = answerText({ item, value, locale, uploads: files });
      if (text !== null) return [{ label: item.label, text }];
    }
    return [{ label: item?.label ?? key, text: typeof value === "string" ? value : JSON.stringify(value) }];
  });
}

/** The bookings of `condition`, with their people, answers, files, invoices and mails, read in `locale`. */
async function bookingsOf(db: Queryable, condition: SQL, locale: Locale, now: Date): Promise<PersonalDataBooking[]> {
  const rows = await db
    .select({ booking: bookings, event: events })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(condition)
    .orderBy(asc(bookings.createdAt));
  return Promise.all(rows.map((row) => bookingOf(db, row, locale, now)));
}

async function bookingOf(db: Queryable, row: { booking: BookingRow; event: EventRow }, locale: Locale, now: Date): Promise<PersonalDataBooking> {
  const { booking, event } = row;
  const form = await getBookingForm({ db }, locale, booking, now).catch(() => null);
  const items = form ? form.pages.flatMap((page) => page.items) : [];
  const people = await db.select().from(participants).where(eq(participants.bookingId, booking.id)).orderBy(asc(participants.position));
  const files = (await db.select().from(uploads).where(eq(uploads.bookingId, booking.id)).orderBy(asc(uploads.createdAt))).map((file) => ({
    view: toUploadView(file),
    uploadedAt: file.createdAt,
  }));
  const views = files.map((file) => file.view);
  const documents = await db
    .select({ number: invoices.number, kind: invoices.kind, issuedOn: invoices.issuedOn, totalCents: invoices.totalCents })
    .from(invoices)
    .where(eq(invoices.bookingId, booking.id))
    .orderBy(asc(invoices.createdAt));
  const byCode = booking.code ? sql`or (${outboxEmails.bookingId} is null and ${outboxEmails.payload}->>'code' = ${booking.code})` : sql``;
  const mails = await db
    .select()
    .from(outboxEmails)
    .where(sql`(${outboxEmails.bookingId} = ${booking.id} ${byCode})`)
    .orderBy(asc(outboxEmails.createdAt));
  return {
    uuid: booking.id,
    code: booking.code,
    status: booking.status,
    locale: booking.locale,
    submitted_at: iso(booking.submittedAt),
    event: { title: pickLocale(event.title, locale), starts_on: event.startsOn, ends_on: event.endsOn, location: pickLocale(event.location, locale) },
    people: people.map((person) => ({
      role: person.role,
      companion_type: person.companionType,
      salutation: person.salutation,
      title: person.title,
      forename: person.forename,
      surname: person.surname,
      company: person.company,
      street: person.street,
      address_line_2: person.addressLine2,
      postcode: person.postcode,
      city: person.city,
      country: person.country,
      vat_id: person.vatId,
      email: person.email,
      phone: person.phone,
      fax: person.fax,
      answers: answersOf(person.answers, items, locale, views),
    })),
    answers: answersOf(booking.answers, items, locale, views),
    additional_comments: booking.additionalComments,
    billing_address: booking.billingAddress ?? null,
    terms_accepted_at: iso(booking.termsAcceptedAt),
    total_cents: booking.totalCents,
    uploads: files.map((file) => ({
      name: file.view.name,
      media_type: file.view.media_type,
      size_bytes: file.view.size_bytes,
      uploaded_at: file.uploadedAt.toISOString(),
    })),
    invoices: documents.map((document) => ({ number: document.number, kind: document.kind, issued_on: document.issuedOn, total_cents: document.totalCents })),
    emails: mails.map((mail) => emailOf(mail, locale)),
    answers_erased_at: iso(booking.answersErasedAt),
  };
}

async function operatorOf(db: Queryable) {
  const [site] = await db.select({ company: sites.company, email: sites.email }).from(sites).orderBy(asc(sites.id)).limit(1);
  return { company: site?.company ?? "", email: site?.email ?? "" };
}

function accountOf(user: UserRow): NonNullable<PersonalDataExport["account"]> {
  return {
    uuid: user.id,
    name: user.name,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    locale: user.locale,
    created_at: user.createdAt.toISOString(),
    email_verified_at: iso(user.emailVerifiedAt),
  };
}

/** Mails to an address that name no booking (registration, password reset, a waitlist sign-up …). */
function mailsToAddress(db: Queryable, email: string) {
  return db
    .select()
    .from(outboxEmails)
    .where(and(isNull(outboxEmails.bookingId), sql`lower(${outboxEmails.toAddress}) = lower(${email})`, sql`${outboxEmails.payload}->>'code' is null`))
    .orderBy(asc(outboxEmails.createdAt));
}

/** Waitlist sign-ups with an address, oldest first, with their event's title in the export's language. */
export async function waitlistEntriesOfAddress(db: Queryable, email: string, locale: Locale): Promise<PersonalDataExport["waitlist_entries"]> {
  const rows = await db
    .select({ entry: waitlistEntries, title: events.title })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(sql`lower(${waitlistEntries.email}) = lower(${email})`)
    .orderBy(asc(waitlistEntries.createdAt));
  return rows.map(({ entry, title }) => ({
    event_title: pickLocale(title, locale),
    name: entry.name,
    party_size: entry.partySize,
    status: entry.status,
    joined_at: entry.createdAt.toISOString(),
  }));
}

/** Everything held about an account: the row, its bookings (drafts included: they hold answers too), and every mail to its address. */
export async function accountPersonalData(db: Queryable, user: UserRow, input: { locale: Locale; now: Date }): Promise<PersonalDataExport> {
  const accountMails = await mailsToAddress(db, user.email);
  return {
    generated_at: input.now.toISOString(),
    scope: "account",
    operator: await operatorOf(db),
    account: accountOf(user),
    bookings: await bookingsOf(db, eq(bookings.userId, user.id), input.locale, input.now),
    account_emails: accountMails.map((mail) => emailOf(mail, input.locale)),
    waitlist_entries: await waitlistEntriesOfAddress(db, user.email, input.locale),
  };
}

/** What one booking holds (its manage page's export: a guest has no account). */
export async function bookingPersonalData(db: Queryable, bookingId: string, input: { locale: Locale; now: Date }): Promise<PersonalDataExport> {
  return {
    generated_at: input.now.toISOString(),
    scope: "booking",
    operator: await operatorOf(db),
    account: null,
    bookings: await bookingsOf(db, eq(bookings.id, bookingId), input.locale, input.now),
    account_emails: [],
    waitlist_entries: [],
  };
}

/**
 * Everything held under an e-mail address, for staff answering a data-subject request: the account with
 * that address (if any), every booking naming it (`bookingIdsOfAddress`), the mails to it that name no
 * booking, and its waitlist sign-ups.
 */
export async function addressPersonalData(db: Queryable, email: string, input: { locale: Locale; now: Date }): Promise<PersonalDataExport> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  const bookingIds = await bookingIdsOfAddress(db, email);
  return {
    generated_at: input.now.toISOString(),
    scope: "address",
    operator: await operatorOf(db),
    account: user ? accountOf(user) : null,
    bookings: bookingIds.length > 0 ? await bookingsOf(db, inArray(bookings.id, bookingIds), input.locale, input.now) : [],
    account_emails: (await mailsToAddress(db, email)).map((mail) => emailOf(mail, input.locale)),
    waitlist_entries: await waitlistEntriesOfAddress(db, email, input.locale),
  };
}

/** Ids of every booking that names an address (its main participant's or any companion's e-mail, or its account's), newest first. */
export async function bookingIdsOfAddress(db: Queryable, email: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: bookings.id, createdAt: bookings.createdAt })
    .from(bookings)
    .leftJoin(participants, eq(participants.bookingId, bookings.id))
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(sql`lower(${participants.email}) = lower(${email}) or lower(${users.email}) = lower(${email})`)
    .orderBy(desc(bookings.createdAt));
  return rows.map((row) => row.id);
}
