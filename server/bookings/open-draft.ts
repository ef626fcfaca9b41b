import { randomUUID } from "node:crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { BookingView } from "../../core/contracts/bookings";
import type { PublicForm } from "../../core/contracts/forms";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import type { RateLimiter } from "../auth/rate-limiter";
import { hashToken, newSecretToken } from "../auth/secrets";
import type { Queryable } from "../db/client";
import { preparedPerDatabase } from "../db/prepared-statements";
import { bookings, participants, users } from "../db/schema";
import type { Deps } from "../deps/deps";
import { AppError } from "../errors";
import { getOpenableForm } from "../catalog/forms";
import { authorizedBooking } from "./authorized-booking";
import { bookingViewOf, toBookingView } from "./booking-view";
import { mainParticipantColumns } from "./main-participant";
import { runningPriceOf } from "./running-price";

type KnownDetails = Partial<Record<string, string>>;

/**
 * What the site already knows about a logged-in user, by item name: the account's name and e-mail,
 * and the address, phone and other details of their latest booking. Nobody types the same thing twice.
 */
async function knownDetailsOf(db: Queryable, user: typeof users.$inferSelect): Promise<KnownDetails> {
  const [latest] = await db
    .select({ main: participants })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .where(and(eq(bookings.userId, user.id), ne(bookings.status, "draft"), eq(participants.role, "main")))
    .orderBy(desc(bookings.submittedAt))
    .limit(1);
  const details: KnownDetails = {};
  if (latest) {
    for (const [name, column] of Object.entries(mainParticipantColumns)) {
      const value = latest.main[column];
      if (typeof value === "string" && value) details[`main.${name}`] = value;
    }
    for (const [name, value] of Object.entries(latest.main.answers)) if (typeof value === "string" && value) details[`main.${name}`] = value;
  }
  if (user.firstName) details["main.forename"] = user.firstName;
  if (user.lastName) details["main.surname"] = user.lastName;
  details["main.email"] = user.email;
  return details;
}

function prefilledAnswers(form: Pick<PublicForm, "pages">, known: KnownDetails): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const item of form.pages.flatMap((page) => page.items)) {
    const value = known[item.name];
    if (value !== undefined) answers[item.uuid] = value;
  }
  return answers;
}

/**
 * A new draft and its main participant in one statement (a sale rush opens thousands a minute): the
 * participant's insert runs as a CTE beside the booking's, its foreign key checked at the statement's
 * end. Built once per database and sent as a named prepared statement (decision 065).
 */
const preparedDraftInsert = preparedPerDatabase((db) => {
  const bookingId = sql.placeholder("bookingId");
  const mainParticipant = db.$with("main_participant").as(
    db.insert(participants).values({
      bookingId,
      role: "main",
      forename: sql.placeholder("forename"),
      surname: sql.placeholder("surname"),
      email: sql.placeholder("email"),
    }),
  );
  return db
    .with(mainParticipant)
    .insert(bookings)
    .values({
      id: bookingId,
      formId: sql.placeholder("formId"),
      formVersionId: sql.placeholder("formVersionId"),
      eventId: sql.placeholder("eventId"),
      userId: sql.placeholder("userId"),
      tokenHash: sql.placeholder("tokenHash"),
      locale: sql.placeholder("locale"),
      answers: sql.placeholder("answers"),
    })
    .returning()
    .prepare("open_draft");
});

/**
 * Resumes the booking that the token opens, or starts a new draft of the form when no token is
 * given. A logged-in user's name and e-mail are filled in, so nobody types them twice.
 */
export async function openDraft(
  deps: Pick<Deps, "db" | "now"> & Partial<Pick<Deps, "reads">> & { draftLimiter?: RateLimiter | undefined },
  actor: Actor,
  input: {
    formId: string;
    bookingUuid?: string | undefined;
    locale: Locale;
    /** Counts new drafts per `clientAddress` ("unknown" when the caller could not tell). */
    clientAddress?: string | undefined;
  },
): Promise<{ booking: BookingView; bookingToken?: string; ownerId: string | null }> {
  const { db } = deps;
  if (actor.bookingTokenHash !== undefined || input.bookingUuid) {
    if (!input.bookingUuid) throw new AppError("NOT_FOUND", "bookingNotFound");
    const row = await authorizedBooking(db, actor, "booking.open", { bookingId: input.bookingUuid, formId: input.formId });
    return { booking: await bookingViewOf(db, row, deps.now()), ownerId: row.userId };
  }
  // The latest published version, from the read cache's catalogue entries (decision 054); not found
  // while the event is unpublished. A draft is shown with the latest version and pinned at submission
  // (decision 036); the version it started on is recorded for the record.
  const publicForm = await getOpenableForm({ db, reads: deps.reads }, input.locale, input.formId, deps.now());
  const allowance = await deps.draftLimiter?.hit(input.clientAddress ?? "unknown");
  if (allowance && !allowance.allowed) {
    throw new AppError("TOO_MANY_REQUESTS", "tooManyDrafts", {
      params: { count: Math.ceil(allowance.retryAfterSeconds / 60) },
      retryAfterSeconds: allowance.retryAfterSeconds,
    });
  }
  const token = newSecretToken();
  // A logged-in visitor's draft is prefilled with what the site knows about them, and theirs.
  const userId = actor.user?.userId;
  const [user] = userId ? await db.select().from(users).where(eq(users.id, userId)).limit(1) : [];
  const known = user ? await knownDetailsOf(db, user) : {};
  const [row] = await preparedDraftInsert(db).execute({
    bookingId: randomUUID(),
    formId: publicForm.uuid,
    formVersionId: publicForm.versionId,
    eventId: publicForm.event.uuid,
    userId: user?.id ?? null,
    tokenHash: hashToken(token),
    locale: input.locale,
    answers: prefilledAnswers(publicForm, known),
    forename: user?.firstName ?? null,
    surname: user?.lastName ?? null,
    email: user?.email ?? null,
  });
  if (!row) throw new Error("booking insert returned nothing");
  return { booking: toBookingView(row, [], await runningPriceOf(db, row, [], deps.now(), publicForm)), bookingToken: token, ownerId: row.userId };
}
