import { randomUUID } from "node:crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { BookingView, CompanionInput } from "../../core/contracts/bookings";
import type { PublicForm } from "../../core/contracts/forms";
import { companionItemOptions, companionProblems } from "../../core/domain/booking-choices";
import type { FieldErrors } from "../../core/contracts/errors";
import { operatorToday } from "../../core/domain/dates";
import { isPageBlockedBySma, validatePage } from "../../core/domain/form-validation";

import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import type { RateLimiter, RateLimitStore } from "../auth/rate-limiter";
import { hashToken, newSecretToken } from "../auth/secrets";
import type { Queryable } from "../db/client";
import { preparedPerDatabase } from "../db/prepared-statements";
import { bookings, participants, users } from "../db/schema";
import { AppError } from "../errors";
import { getBookingForm, getOpenableForm } from "../catalog/forms";
import type { Actor } from "../../core/domain/permissions";
import type { Deps } from "../services/deps";
import { authorizedBooking, authorizedBookingWithCompanions } from "./authorized-booking";
import { runningPriceOf } from "./running-price";
import { bookingViewOf, companionsOf, toBookingView } from "./booking-view";

type ParticipantRow = typeof participants.$inferSelect;

/** The main participant of a booking (every booking has one from its first page on). */
export async function mainParticipantOf(db: Queryable, bookingId: string): Promise<ParticipantRow | undefined> {
  const [main] = await db
    .select()
    .from(participants)
    .where(and(eq(participants.bookingId, bookingId), eq(participants.role, "main")))
    .limit(1);
  return main;
}

/** How e-mails address a participant: the name, else the e-mail address. */
export function displayNameOf(person: Pick<ParticipantRow, "forename" | "surname" | "email"> | undefined): string {
  return [person?.forename, person?.surname].filter(Boolean).join(" ") || person?.email || "—";
}

/** Main-participant columns and the form item names (`main.<name>`) that fill them. */
export const mainParticipantColumns = {
  salutation: "salutation",
  title: "title",
  forename: "forename",
  surname: "surname",
  company: "company",
  street: "street",
  address_line_2: "addressLine2",
  postcode: "postcode",
  city: "city",
  country: "country",
  vat_id: "vatId",
  phone: "phone",
  fax: "fax",
  email: "email",
} as const satisfies Record<string, keyof ParticipantRow>;

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
 * New drafts one client address (an IPv6 /64) may open per hour by default (env
 * DRAFTS_PER_CLIENT_PER_HOUR, times RATE_LIMIT_MULTIPLIER). Drafts hold uploads (decision 012):
 * without a bound, one client filled the disk with 20 drafts of 2 MB in a minute. Generous, because
 * many real buyers can share one address (mobile carrier NAT, an office); resuming never counts.
 */
export const draftsPerClientPerHour = 60;

export function createDraftLimiter(store: RateLimitStore, perHour: number = draftsPerClientPerHour, multiplier: number): RateLimiter {
  return store.fixedWindow("drafts-address", { limit: perHour * multiplier, windowMs: 60 * 60_000, by: "address" });
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

/**
 * Saves one page of a draft. The answers are kept even when some are invalid (nothing a visitor
 * typed is lost); the errors come back per item uuid, and the page only counts as done when it has
 * none. Item uuids of other pages or forms are refused.
 */
export async function updateDraftPage(
  deps: Pick<Deps, "db" | "now"> & Partial<Pick<Deps, "reads">>,
  actor: Actor,
  input: {
    bookingId: string;
    pageId: string;
    answers: Record<string, BookingView["answers"][string]>;
    companions?: CompanionInput[] | undefined;
    /** The draft's version the page was filled in from; a save from an older one is refused (decision 021). */
    version?: number | undefined;
    locale: Locale;
  },
): Promise<BookingView> {
  const { db } = deps;
  const now = deps.now();
  const { booking, companions } = await authorizedBookingWithCompanions(db, actor, "booking.edit", { bookingId: input.bookingId });
  if (booking.status !== "draft") throw new AppError("CONFLICT", "bookingSubmitted");
  if (input.version !== undefined && input.version !== booking.version) throw staleVersion();
  // A draft follows the latest published version of its form (decision 036).
  const form = await getBookingForm({ db, reads: deps.reads }, input.locale, booking, now);
  const page = form.pages.find((candidate) => candidate.uuid === input.pageId);
  if (!page) throw new AppError("NOT_FOUND", "pageNotFound");
  if (isPageBlockedBySma(page.number, { blocking: booking.smaBlocking, page: booking.smaPage }))
    throw new AppError("CONFLICT", "smaPending", { reason: "in_review" });
  const { items } = page;
  const known = new Set(items.map((item) => item.uuid));
  const unknown = Object.keys(input.answers).filter((key) => !known.has(key));
  const t = translatorFor(input.locale);
  if (unknown.length) {
    const errors: FieldErrors = Object.fromEntries(unknown.map((key) => [key, [t("validation.unknownField")]]));
    throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: errors });
  }
  const today = operatorToday(now);
  // The page as it will be after this save: answers set by other calls (uploads) count too.
  const itemErrors = validatePage(items, { ...booking.answers, ...input.answers }, today);
  const companionItem = items.find((item) => item.kind === "companion");
  if (input.companions?.length && !companionItem) {
    throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: { companions: [t("validation.unknownField")] } });
  }
  const participantErrors: Record<string, FieldErrors> = {};
  if (companionItem && input.companions) {
    const options = companionItemOptions(companionItem.options);
    for (const companion of input.companions) {
      const problems = companionProblems(options, { ...emptyCompanion, ...companion }, today);
      if (Object.keys(problems).length)
        participantErrors[companion.uuid] = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, [t(key)]]));
    }
  }
  const valid = Object.keys(itemErrors).length === 0 && Object.keys(participantErrors).length === 0;
  // Merged in the database and only while still a draft: two saves at once both keep their answers,
  // and a save racing the submission cannot change a booking that has been priced.
  // With a version, the update itself is the check: of two saves from the same version only the
  // first matches the row, so the second can never overwrite what the first entered.
  const savesCompanions = Boolean(companionItem && input.companions?.length);
  const save = async (tx: Queryable) => {
    const [updated] = await pageSaveStatement(tx, { advances: valid, checksVersion: input.version !== undefined }).execute({
      bookingId: booking.id,
      answers: JSON.stringify(input.answers),
      nextPage: page.number + 1,
      version: input.version ?? 0,
      now: now.toISOString(),
    });
    if (!updated) {
      const [current] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id)).limit(1);
      throw current?.status === "draft" ? staleVersion() : new AppError("CONFLICT", "bookingSubmitted");
    }
    if (companionItem && input.companions?.length) {
      const tooMany = await saveCompanions(tx, booking.id, input.companions, companionItemOptions(companionItem.options).maxCompanions, input.locale);
      if (tooMany) itemErrors[companionItem.uuid] = ["validation.maxCompanions", ...(itemErrors[companionItem.uuid] ?? [])];
    }
    return updated;
  };
  // One UPDATE … RETURNING is atomic on its own: a transaction only when companions are written with it
  // (BEGIN and COMMIT are two more round trips on each of a sale rush's page saves).
  const saved = savesCompanions ? await db.transaction(save) : await save(db);
  if (Object.keys(itemErrors).length || Object.keys(participantErrors).length) {
    const fieldErrors: FieldErrors = Object.fromEntries(Object.entries(itemErrors).map(([uuid, keys]) => [uuid, keys.map((key) => t(key))]));
    // The answers were saved all the same: the caller learns the draft's new version to save from next.
    throw new AppError("VALIDATION_FAILED", "pageInvalid", { fieldErrors, participantErrors, pageErrors: [page.uuid], draftVersion: saved.version });
  }
  // Companions written with this save are read again; otherwise they are the ones read with the booking.
  return bookingViewOf(db, saved, now, form, savesCompanions ? undefined : companions);
}

type PageSaveVariant = { advances: boolean; checksVersion: boolean };

/**
 * A page save's UPDATE … RETURNING in its four shapes (the page valid or not, with or without the
 * version the browser saved from), each built once per database and run as a named prepared
 * statement (server/db/prepared-statements.ts, decision 061): a sale rush saves three pages per buyer.
 */
function pageSaveQuery(db: Queryable, variant: PageSaveVariant, name: string) {
  return db
    .update(bookings)
    .set({
      answers: sql`${bookings.answers} || ${sql.placeholder("answers")}::jsonb`,
      currentPage: variant.advances ? sql`greatest(${bookings.currentPage}, ${sql.placeholder("nextPage")}::integer)` : bookings.currentPage,
      version: sql`${bookings.version} + 1`,
      updatedAt: sql`${sql.placeholder("now")}::timestamptz`,
    })
    .where(
      and(
        eq(bookings.id, sql.placeholder("bookingId")),
        eq(bookings.status, "draft"),
        variant.checksVersion ? eq(bookings.version, sql.placeholder("version")) : undefined,
      ),
    )
    .returning()
    .prepare(name);
}

const pageSaveStatements = new Map<string, (db: Queryable) => ReturnType<typeof pageSaveQuery>>();

function pageSaveStatement(db: Queryable, variant: PageSaveVariant) {
  const name = `draft_page_save${variant.advances ? "_advancing" : ""}${variant.checksVersion ? "_from_version" : ""}`;
  let statement = pageSaveStatements.get(name);
  if (!statement) {
    statement = preparedPerDatabase((database) => pageSaveQuery(database, variant, name));
    pageSaveStatements.set(name, statement);
  }
  return statement(db);
}

/** Another window saved the draft since this page was loaded: nothing is saved (decision 021). */
const staleVersion = () => new AppError("CONFLICT", "draftChangedElsewhere", { reason: "stale_version" });

const emptyCompanion = { type: null, salutation: null, forename: null, surname: null, date_of_birth: null };

/**
 * Adds or updates the companions of a draft (the browser makes their uuids). A uuid that belongs to
 * another booking is refused, and the form's maximum is never passed: companions beyond it are not
 * stored, and the answer says so. Returns whether some were left out.
 */
async function saveCompanions(tx: Queryable, bookingId: string, companions: CompanionInput[], maximum: number, locale: Locale): Promise<boolean> {
  const existing = await companionsOf(tx, bookingId);
  const existingIds = new Set(existing.map((row) => row.id));
  let count = existing.length;
  let lastPosition = Math.max(0, ...existing.map((row) => row.position));
  let leftOut = false;
  for (const companion of companions) {
    const values = {
      companionType: companion.type ?? null,
      salutation: companion.salutation ?? null,
      forename: companion.forename?.trim() || null,
      surname: companion.surname?.trim() || null,
    };
    const birth = companion.date_of_birth?.trim() || null;
    if (existingIds.has(companion.uuid)) {
      await tx
        .update(participants)
        .set({ ...values, answers: sql`${participants.answers} || ${JSON.stringify({ date_of_birth: birth })}::jsonb` })
        .where(and(eq(participants.id, companion.uuid), eq(participants.bookingId, bookingId)));
      continue;
    }
    if (count >= maximum) {
      leftOut = true;
      continue;
    }
    const inserted = await tx
      .insert(participants)
      .values({ id: companion.uuid, bookingId, role: "companion", position: lastPosition + 1, ...values, answers: { date_of_birth: birth } })
      .onConflictDoNothing()
      .returning({ id: participants.id });
    // The uuid is taken by someone else's participant: never touch it, never say whose it is.
    if (!inserted.length) {
      throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: { companions: [translatorFor(locale)("validation.companionUnknown")] } });
    }
    existingIds.add(companion.uuid);
    lastPosition += 1;
    count += 1;
  }
  return leftOut;
}

/** Spec §7 `DELETE api/booking/companion/{bookingUuid}/{companionUuid}/delete`: only while the booking is a draft. */
export async function deleteCompanion(deps: Pick<Deps, "db" | "now">, actor: Actor, input: { bookingId: string; companionId: string }): Promise<BookingView> {
  const { db } = deps;
  const booking = await authorizedBooking(db, actor, "booking.edit", { bookingId: input.bookingId });
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for("update").limit(1);
    if (!locked || locked.status !== "draft") throw new AppError("CONFLICT", "bookingSubmitted");
    const deleted = await tx
      .delete(participants)
      .where(and(eq(participants.id, input.companionId), eq(participants.bookingId, booking.id), eq(participants.role, "companion")))
      .returning({ id: participants.id });
    if (!deleted.length) throw new AppError("NOT_FOUND", "companionNotFound");
    const [updated] = await tx
      .update(bookings)
      .set({ version: sql`${bookings.version} + 1`, updatedAt: deps.now() })
      .where(eq(bookings.id, booking.id))
      .returning();
    return bookingViewOf(tx, updated ?? locked, deps.now());
  });
}

/** Adds one blank companion (the page's "Add companion" button without scripts); refused at the maximum. */
export async function addBlankCompanion(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { bookingId: string; companionItem: { uuid: string; options: Record<string, unknown> }; locale: Locale },
): Promise<void> {
  const { db } = deps;
  const booking = await authorizedBooking(db, actor, "booking.edit", { bookingId: input.bookingId });
  const options = companionItemOptions(input.companionItem.options);
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for("update").limit(1);
    if (!locked || locked.status !== "draft") throw new AppError("CONFLICT", "bookingSubmitted");
    const existing = await companionsOf(tx, booking.id);
    if (existing.length >= options.maxCompanions) {
      throw new AppError("VALIDATION_FAILED", "pageInvalid", {
        fieldErrors: { [input.companionItem.uuid]: [translatorFor(input.locale)("validation.maxCompanions")] },
      });
    }
    const position = Math.max(0, ...existing.map((row) => row.position)) + 1;
    await tx.insert(participants).values({ bookingId: booking.id, role: "companion", position, companionType: options.types[0] ?? null });
    await tx
      .update(bookings)
      .set({ version: sql`${bookings.version} + 1` })
      .where(eq(bookings.id, booking.id));
  });
}
