import { and, eq, sql } from "drizzle-orm";
import type { BookingView } from "../../core/contracts/bookings";
import type { FieldErrors } from "../../core/contracts/errors";
import { operatorToday } from "../../core/domain/dates";
import { validatePage } from "../../core/domain/form-validation";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { hashToken, newSecretToken } from "../auth/secrets";
import type { Database } from "../db/client";
import { bookings, events, formPages, forms, participants, users } from "../db/schema";
import { AppError } from "../errors";
import { getPublicForm } from "../services/forms";

type BookingRow = typeof bookings.$inferSelect;

export function toBookingView(row: BookingRow): BookingView {
  return {
    uuid: row.id,
    form_uuid: row.formId,
    event_uuid: row.eventId,
    status: row.status,
    locale: row.locale,
    code: row.code,
    current_page: row.currentPage,
    answers: row.answers as BookingView["answers"],
    total_cents: row.totalCents,
    deposit_cents: row.depositCents,
    remainder_cents: row.remainderCents,
    remainder_due_on: row.remainderDueOn,
  };
}

/** A booking of this form whose token matches; anything else is "not found", never a hint. */
async function bookingByToken(db: Database, bookingId: string, token: string, formId?: string): Promise<BookingRow> {
  const conditions = [eq(bookings.id, bookingId), eq(bookings.tokenHash, hashToken(token))];
  if (formId) conditions.push(eq(bookings.formId, formId));
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(...conditions))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "bookingNotFound");
  return row;
}

/**
 * Resumes the booking that the token opens, or starts a new draft of the form when no token is
 * given. A logged-in user's name and e-mail are filled in, so nobody types them twice.
 */
export async function openDraft(
  db: Database,
  input: { formId: string; bookingToken?: string | undefined; bookingUuid?: string | undefined; userId?: string | null; locale: Locale },
): Promise<{ booking: BookingView; bookingToken?: string }> {
  if (input.bookingToken || input.bookingUuid) {
    if (!input.bookingToken || !input.bookingUuid) throw new AppError("NOT_FOUND", "bookingNotFound");
    return { booking: toBookingView(await bookingByToken(db, input.bookingUuid, input.bookingToken, input.formId)) };
  }
  const [form] = await db
    .select({ form: forms, published: events.published })
    .from(forms)
    .innerJoin(events, eq(events.id, forms.eventId))
    .where(eq(forms.id, input.formId))
    .limit(1);
  if (!form || !form.published) throw new AppError("NOT_FOUND", "formNotFound");
  const token = newSecretToken();
  const row = await db.transaction(async (tx) => {
    const [user] = input.userId ? await tx.select().from(users).where(eq(users.id, input.userId)).limit(1) : [];
    const [created] = await tx
      .insert(bookings)
      .values({ formId: form.form.id, eventId: form.form.eventId, userId: user?.id ?? null, tokenHash: hashToken(token), locale: input.locale })
      .returning();
    if (!created) throw new Error("booking insert returned nothing");
    await tx.insert(participants).values({
      bookingId: created.id,
      role: "main",
      forename: user?.firstName ?? null,
      surname: user?.lastName ?? null,
      email: user?.email ?? null,
    });
    return created;
  });
  return { booking: toBookingView(row), bookingToken: token };
}

/**
 * Saves one page of a draft. The answers are kept even when some are invalid (nothing a visitor
 * typed is lost); the errors come back per item uuid, and the page only counts as done when it has
 * none. Item uuids of other pages or forms are refused.
 */
export async function updateDraftPage(
  db: Database,
  input: { bookingId: string; bookingToken: string; pageId: string; answers: Record<string, BookingView["answers"][string]>; locale: Locale; now: Date },
): Promise<BookingView> {
  const booking = await bookingByToken(db, input.bookingId, input.bookingToken);
  if (booking.status !== "draft") throw new AppError("CONFLICT", "bookingSubmitted");
  const [page] = await db
    .select()
    .from(formPages)
    .where(and(eq(formPages.id, input.pageId), eq(formPages.formId, booking.formId)))
    .limit(1);
  if (!page) throw new AppError("NOT_FOUND", "pageNotFound");
  const form = await getPublicForm(db, input.locale, booking.formId, { preview: false, now: input.now });
  const items = form.pages.find((candidate) => candidate.uuid === page.id)?.items ?? [];
  const known = new Set(items.map((item) => item.uuid));
  const unknown = Object.keys(input.answers).filter((key) => !known.has(key));
  const t = translatorFor(input.locale);
  if (unknown.length) {
    const errors: FieldErrors = Object.fromEntries(unknown.map((key) => [key, [t("validation.unknownField")]]));
    throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: errors });
  }
  const itemErrors = validatePage(items, input.answers, operatorToday(input.now));
  const valid = Object.keys(itemErrors).length === 0;
  // Merged in the database and only while still a draft: two saves at once both keep their answers,
  // and a save racing the submission cannot change a booking that has been priced.
  const [saved] = await db
    .update(bookings)
    .set({
      answers: sql`${bookings.answers} || ${JSON.stringify(input.answers)}::jsonb`,
      currentPage: valid ? sql`greatest(${bookings.currentPage}, ${page.position + 1})` : bookings.currentPage,
      updatedAt: input.now,
    })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, "draft")))
    .returning();
  if (!saved) throw new AppError("CONFLICT", "bookingSubmitted");
  if (!valid) {
    const fieldErrors: FieldErrors = Object.fromEntries(Object.entries(itemErrors).map(([uuid, keys]) => [uuid, keys.map((key) => t(key))]));
    throw new AppError("VALIDATION_FAILED", "pageInvalid", { fieldErrors });
  }
  return toBookingView(saved);
}
