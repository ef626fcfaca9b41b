import { and, eq, sql } from "drizzle-orm";
import type { BookingView, CompanionInput } from "../../core/contracts/bookings";
import type { FieldErrors } from "../../core/contracts/errors";
import { companionItemOptions, companionProblems } from "../../core/domain/booking-choices";
import { operatorToday } from "../../core/domain/dates";
import { isPageBlockedBySma, itemErrorTexts, validatePage } from "../../core/domain/form-validation";
import type { Actor } from "../../core/domain/permissions";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { preparedPerDatabase } from "../db/prepared-statements";
import { bookings, participants } from "../db/schema";
import type { Deps } from "../deps/deps";
import { AppError } from "../errors";
import { getBookingForm } from "../catalog/forms";
import { authorizedBookingWithCompanions } from "./authorized-booking";
import { bookingViewOf, companionsOf } from "./booking-view";

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
    const fieldErrors: FieldErrors = itemErrorTexts(items, itemErrors, (key, values) => t(key, values));
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
