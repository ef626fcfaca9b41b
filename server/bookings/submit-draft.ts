import { and, eq, inArray, sql } from "drizzle-orm";
import { confirmationWaiverUrls } from "../waivers/waiver-mail-links";
import type { BookingView } from "../../core/contracts/bookings";
import type { FieldErrors } from "../../core/contracts/errors";
import type { PublicForm, PublicFormItem } from "../../core/contracts/forms";
import { companionItemOptions, companionProblems, parseResourceChoices, vehicleItemOptions, type ResourceChoice } from "../../core/domain/booking-choices";
import { operatorToday } from "../../core/domain/dates";
import { hiddenItemUuids, isChosen, itemErrorTexts, validatePage } from "../../core/domain/form-validation";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { columnEncoder, preparedPerShape } from "../db/prepared-statements";
import { bookings, eventDayResources, participants, sites, uploads } from "../db/schema";
import { pickLocale } from "../../core/contracts/localized-text";
import { defaultLocale, localizePath } from "../../core/i18n/locales";
import { AppError } from "../errors";
import { getBookingForm } from "../catalog/forms";
import { addresseeNameOf, mainParticipantColumns } from "./main-participant";
import { bookedDaysOf } from "./booked-days";
import { toBookingView } from "./booking-view";
import { submitBooking, type BookingUpload, type ResourceRequest, type SubmitBookingInput } from "./submit-booking";
import { authorizeBooking } from "./authorized-booking";
import type { Actor } from "../../core/domain/permissions";
import type { Deps } from "../deps/deps";
import { issueAndSendInvoice } from "../invoices/send-invoice";
import { emailAccountOf } from "../email/email-account";
import { accountOf } from "./booking-account";
import { payLinkUrl } from "../payments/pay-links";
import { manageLinkUrl } from "./manage-links";
import { contractKindOfEvent } from "../../core/domain/withdrawal-notice";
import { legalFactsOf, withdrawalNoticeOf } from "./legal-acceptance";
import { voucherRefusedError } from "./voucher-errors";

type ParticipantRow = typeof participants.$inferSelect;
type Answers = Record<string, unknown>;

/** What the submission needs from the rest of the server, injected so tests can watch it. */
export type SubmitDraftDeps = Pick<Deps, "db" | "now" | "enqueueMail" | "publicOrigin" | "payLinkSecret" | "manageLinkSecret"> &
  Partial<Pick<Deps, "reads">> & {
    createAccountForBooking: (
      tx: Queryable,
      input: { email: string; firstName: string | null; lastName: string | null; locale: Locale },
    ) => Promise<string | null>;
  };

const isTicked = (value: unknown) => value === true || value === "true" || value === "on";
const textOf = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

function itemsOf(form: Pick<PublicForm, "pages">): PublicFormItem[] {
  return form.pages.flatMap((page) => page.items);
}

/**
 * Every page checked again on the server before places are taken: a page skipped with a crafted
 * request, or an answer changed since, is caught here. Errors come per item uuid, per companion
 * uuid and per page, like the page saves.
 */
function validateWholeBooking(
  form: Pick<PublicForm, "pages">,
  answers: Answers,
  companions: ParticipantRow[],
  uploaded: { id: string; itemId: string | null }[],
  locale: Locale,
  today: string,
): void {
  const t = translatorFor(locale);
  const fieldErrors: FieldErrors = {};
  const participantErrors: Record<string, FieldErrors> = {};
  const pageErrors: string[] = [];
  for (const page of form.pages) {
    let pageHasError = false;
    for (const [uuid, texts] of Object.entries(itemErrorTexts(page.items, validatePage(page.items, answers, today), (key, values) => t(key, values)))) {
      fieldErrors[uuid] = texts;
      pageHasError = true;
    }
    // An upload answer must name a file really uploaded to this booking for this item, not any string.
    for (const item of page.items) {
      if (item.kind !== "upload" && item.kind !== "file") continue;
      const answer = answers[item.uuid];
      if (answer === undefined || answer === null || answer === "") continue;
      if (!uploaded.some((upload) => upload.id === answer && upload.itemId === item.uuid)) {
        fieldErrors[item.uuid] = [t("validation.required")];
        pageHasError = true;
      }
    }
    const companionItem = page.items.find((item) => item.kind === "companion");
    if (companionItem) {
      const options = companionItemOptions(companionItem.options);
      if (companions.length > options.maxCompanions) {
        fieldErrors[companionItem.uuid] = [t("validation.maxCompanions")];
        pageHasError = true;
      }
      for (const companion of companions) {
        const birth = companion.answers.date_of_birth;
        const problems = companionProblems(
          options,
          {
            type: companion.companionType,
            salutation: companion.salutation,
            forename: companion.forename,
            surname: companion.surname,
            date_of_birth: typeof birth === "string" ? birth : null,
          },
          today,
        );
        if (Object.keys(problems).length) {
          participantErrors[companion.id] = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, [t(key)]]));
          pageHasError = true;
        }
      }
    }
    if (pageHasError) pageErrors.push(page.uuid);
  }
  if (pageErrors.length) throw new AppError("VALIDATION_FAILED", "bookingIncomplete", { fieldErrors, participantErrors, pageErrors });
}

/** The booking's own columns from the answers of the items the form names for them. */
export function bookingDetails(form: Pick<PublicForm, "pages">, answers: Answers, now: Date) {
  const items = itemsOf(form);
  const answerOf = (name: string) => {
    const item = items.find((candidate) => candidate.name === name);
    return item ? answers[item.uuid] : undefined;
  };
  const main: Partial<Record<(typeof mainParticipantColumns)[keyof typeof mainParticipantColumns], string | null>> = {};
  const mainAnswers: Answers = {};
  for (const item of items) {
    if (!item.name.startsWith("main.")) continue;
    const name = item.name.slice("main.".length);
    const column = (mainParticipantColumns as Record<string, (typeof mainParticipantColumns)[keyof typeof mainParticipantColumns]>)[name];
    if (column) main[column] = textOf(answers[item.uuid]);
    else if (answers[item.uuid] !== undefined) mainAnswers[name] = answers[item.uuid];
  }
  const hidden = hiddenItemUuids(items, answers);
  const separateBilling = isTicked(answerOf("billing.separate"));
  const billingAddress = separateBilling
    ? Object.fromEntries(
        items
          .filter((item) => item.name.startsWith("billing.") && item.name !== "billing.separate" && !hidden.has(item.uuid) && textOf(answers[item.uuid]))
          .map((item) => [item.name.slice("billing.".length), textOf(answers[item.uuid]) ?? ""]),
      )
    : null;
  const smaChosen = isChosen(answerOf("sma"));
  const payment = textOf(answerOf("payment_option"));
  const paymentOption = smaChosen
    ? ("sma" as const)
    : payment === "invoice"
      ? ("invoice" as const)
      : payment === "credit_card"
        ? ("credit_card" as const)
        : null;
  const smaItem = items.find((item) => item.kind === "sma");
  const smaPage = smaItem ? form.pages.find((page) => page.items.some((item) => item.uuid === smaItem.uuid))?.number : undefined;
  const salutations = ["mr", "mrs", "divers"] as const;
  const titles = ["dr", "prof", "prof_dr"] as const;
  const { salutation, title, ...plain } = main;
  return {
    main: {
      ...plain,
      salutation: salutations.find((value) => value === salutation) ?? null,
      title: titles.find((value) => value === title) ?? null,
    },
    mainAnswers,
    booking: {
      additionalComments: textOf(answerOf("additional_comments")),
      termsAcceptedAt: isTicked(answerOf("terms")) ? now : null,
      createAccount: isTicked(answerOf("create_account")),
      separateBillingAddress: separateBilling,
      billingAddress,
      paymentOption,
      ...(smaChosen ? { smaStatus: "requested" as const, smaBlocking: true, smaPage: smaPage ?? null } : {}),
    },
  };
}

/** The per-day resources the vehicle items ask for, as rows of the event's stock. */
async function resourceRequestsOf(
  db: Queryable,
  eventId: string,
  form: Pick<PublicForm, "pages">,
  answers: Answers,
  locale: Locale,
): Promise<{ requests: ResourceRequest[]; itemOf: Map<string, string>; choices: ResourceChoice[] }> {
  const chosen: { choice: ResourceChoice; itemUuid: string }[] = [];
  for (const item of itemsOf(form)) {
    if (item.kind !== "vehicles" && item.kind !== "vehicles_per_day") continue;
    for (const choice of parseResourceChoices(vehicleItemOptions(item.kind, item.options), answers[item.uuid]) ?? [])
      chosen.push({ choice, itemUuid: item.uuid });
  }
  if (!chosen.length) return { requests: [], itemOf: new Map(), choices: [] };
  const rows = await db
    .select()
    .from(eventDayResources)
    .where(
      and(
        eq(eventDayResources.eventId, eventId),
        inArray(
          eventDayResources.key,
          chosen.map(({ choice }) => choice.key),
        ),
      ),
    );
  const requests: ResourceRequest[] = [];
  const itemOf = new Map<string, string>();
  for (const { choice, itemUuid } of chosen) {
    const row = rows.find((candidate) => candidate.day === choice.day && candidate.key === choice.key);
    // A choice the event has no stock row for cannot be held: refuse it rather than sell it unchecked.
    if (!row) {
      const message = translatorFor(locale)("api.resourceUnavailable");
      throw new AppError("CONFLICT", "resourceUnavailable", { reason: "resource_unavailable", fieldErrors: { [itemUuid]: [message] } });
    }
    requests.push({ resourceId: row.id, quantity: 1 });
    itemOf.set(row.id, itemUuid);
  }
  return { requests, itemOf, choices: chosen.map(({ choice }) => choice) };
}

/**
 * The main participant's columns from the answers, written under the submission's lock. A form names
 * the same columns at every submission, so the update is built once per column set and sent as a
 * named prepared statement (decision 065); a form's items decide the set, so there are few.
 */
const encodedParticipantColumn = columnEncoder(participants);

function buildMainParticipantUpdate(db: Queryable, columns: readonly string[], name: string) {
  return db
    .update(participants)
    .set(Object.fromEntries(columns.map((column) => [column, sql`${sql.placeholder(column)}`])))
    .where(and(eq(participants.bookingId, sql.placeholder("bookingId")), eq(participants.role, "main")))
    .returning()
    .prepare(name);
}

const mainParticipantStatement = preparedPerShape("submission_main_participant", 50, buildMainParticipantUpdate);

async function writeMainParticipant(tx: Queryable, bookingId: string, values: Partial<ParticipantRow>): Promise<ParticipantRow[]> {
  const columns = Object.keys(values)
    .filter((column) => values[column as keyof ParticipantRow] !== undefined)
    .sort();
  const key = columns.join(",");
  const parameters: Record<string, unknown> = { bookingId };
  for (const column of columns) parameters[column] = encodedParticipantColumn(column, values[column as keyof ParticipantRow]);
  return mainParticipantStatement(tx, key, columns).execute(parameters);
}

/**
 * The booking's files as the submission must check them. The lock's statement read them from its own
 * snapshot: an upload that committed while the submission waited for the lock is in the locked row's
 * answers but not in that list. Only then (an answer names a file the list lacks) are they read again,
 * as committed now; otherwise the lock's list is the truth and no statement is spent.
 */
async function currentUploads(tx: Queryable, form: Pick<PublicForm, "pages">, draft: { id: string; answers: Answers }, asLocked: BookingUpload[]) {
  const named = itemsOf(form).flatMap((item) => {
    if (item.kind !== "upload" && item.kind !== "file") return [];
    const answer = draft.answers[item.uuid];
    return typeof answer === "string" && answer !== "" ? [answer] : [];
  });
  if (named.every((id) => asLocked.some((upload) => upload.id === id))) return asLocked;
  return tx.select({ id: uploads.id, itemId: uploads.itemId }).from(uploads).where(eq(uploads.bookingId, draft.id));
}

const alreadySubmitted = () => new AppError("CONFLICT", "bookingAlreadySubmitted", { reason: "already_submitted" });

/**
 * Submits a draft: in one transaction under the booking's row lock it checks every page, writes the
 * main participant and the booking's own fields from the answers, and holds the places and
 * resources (`submitBooking`). The
 * outcome is the booking, or an error whose `reason` tells the web which screen to show.
 * Submitting twice (or twice at once) is a 409 `already_submitted` and changes nothing more.
 */
export async function submitDraft(
  deps: SubmitDraftDeps,
  actor: Actor,
  input: { bookingId: string; locale: Locale; waitlistOfferToken?: string | undefined },
): Promise<BookingView> {
  const { db } = deps;
  const now = deps.now();
  let itemOfResource = new Map<string, string>();
  let bookedChoices: ResourceChoice[] = [];
  const outcome = await submitBooking(db, {
    bookingId: input.bookingId,
    now: now,
    waitlistOfferToken: input.waitlistOfferToken,
    reads: deps.reads,
    // Asked of the row the submission locks (one read for both); a refusal answers "not found" like a missing booking.
    authorize: (locked) => authorizeBooking(actor, "booking.submit", locked),
    // Checked and written under the booking's row lock, from the answers as they are at that moment.
    prepare: async (tx, draft, everyone, uploadedAsLocked) => {
      // The latest published version (from the read cache's catalogue entries); the booking is pinned to it (decision 036).
      const form = await getBookingForm({ db: tx, reads: deps.reads }, input.locale, draft, now, { requirePublished: true });
      const companions = everyone.filter((person) => person.role === "companion");
      const uploaded = await currentUploads(tx, form, draft, uploadedAsLocked);
      validateWholeBooking(form, draft.answers, companions, uploaded, input.locale, operatorToday(now));
      const details = bookingDetails(form, draft.answers, now);
      const { requests, itemOf, choices } = await resourceRequestsOf(tx, draft.eventId, form, draft.answers, input.locale);
      itemOfResource = itemOf;
      bookedChoices = choices;
      const mains = await writeMainParticipant(tx, draft.id, { ...details.main, answers: details.mainAnswers });
      const people = everyone.map((person) => mains.find((main) => main.id === person.id) ?? person);
      // Which terms were accepted at this click (issue 30): their version as served now.
      const termsVersion = details.booking.termsAcceptedAt ? (await legalFactsOf({ db: tx, reads: deps.reads }, input.locale)).termsVersion : null;
      return { requests, changes: { ...details.booking, termsVersion, formVersionId: form.versionId }, people };
    },
    afterHeld: (tx, held) => afterHeld(tx, deps, held, now, bookedChoices),
  });
  switch (outcome.outcome) {
    case "held":
      break;
    case "already_submitted":
      // Another submission of the same draft won the booking's lock a moment earlier.
      throw alreadySubmitted();
    case "no_places":
      throw new AppError("CONFLICT", "eventFullyBooked", { reason: "fully_booked", params: { places: outcome.placesLeft } });
    case "not_bookable":
      throw outcome.state === "not_bookable_yet"
        ? new AppError("CONFLICT", "eventNotBookableYet", { reason: "not_bookable_yet" })
        : new AppError("CONFLICT", "registrationClosed", { reason: "closed" });
    case "resource_unavailable": {
      const itemUuid = itemOfResource.get(outcome.resourceId);
      const message = translatorFor(input.locale)("api.resourceUnavailable");
      throw new AppError("CONFLICT", "resourceUnavailable", {
        reason: "resource_unavailable",
        ...(itemUuid ? { fieldErrors: { [itemUuid]: [message] } } : {}),
      });
    }
    case "voucher_refused":
      throw voucherRefusedError(outcome.reason);
    case "not_found":
      throw new AppError("NOT_FOUND", "bookingNotFound");
  }

  // The row and people as the submission's transaction wrote them (a submitted booking shows its stored price).
  return toBookingView(
    outcome.booking,
    outcome.people.filter((person) => person.role === "companion"),
    null,
    // Nothing is paid at submission: the account follows from the row alone.
    { ledger: { payments: [], refunds: [] }, now: deps.now() },
  );
}

/**
 * In the submission's transaction, once the places are held: the account the customer asked for,
 * and the confirmation e-mail in the booking's language. Either all of it commits or none.
 */
async function afterHeld(
  tx: Queryable,
  deps: SubmitDraftDeps,
  held: Parameters<NonNullable<SubmitBookingInput["afterHeld"]>>[1],
  now: Date,
  choices: readonly ResourceChoice[],
): Promise<void> {
  const { booking: row, event, people } = held;
  const main = people.find((person) => person.role === "main");
  if (!main?.email) return;
  if (row.createAccount && !row.userId) {
    const userId = await deps.createAccountForBooking(tx, { email: main.email, firstName: main.forename, lastName: main.surname, locale: row.locale });
    if (userId) await tx.update(bookings).set({ userId }).where(eq(bookings.id, row.id));
  }
  const t = translatorFor(row.locale);
  const companions = people.filter((person) => person.role === "companion");
  const nameOf = (person: ParticipantRow) => [person.forename, person.surname].filter(Boolean).join(" ") || main.email || "—";
  const lines = [
    { label: t("booking.price.eventPrice"), amountCents: row.eventPriceCents },
    ...(companions.length ? [{ label: t("booking.price.companions", { count: companions.length }), amountCents: row.companionTotalCents }] : []),
    ...(row.addonsTotalCents ? [{ label: t("booking.price.addons"), amountCents: row.addonsTotalCents }] : []),
  ];
  const days = await bookedDaysOf(tx, event, choices, row.locale);
  const waiverUrls = await confirmationWaiverUrls(tx, deps, { eventId: event.id, generation: row.manageLinkGeneration, locale: row.locale, people });
  await deps.enqueueMail(tx, {
    template: "booking-received",
    locale: row.locale,
    to: main.email,
    payload: {
      name: addresseeNameOf(main, row.locale),
      code: held.code,
      ...(days.length ? { days } : {}),
      eventTitle: pickLocale(event.title, row.locale),
      startsOn: event.startsOn,
      endsOn: event.endsOn,
      location: pickLocale(event.location, row.locale),
      people: people.map((person) => ({
        name: nameOf(person),
        role: person.role,
        ...(person.role === "companion" && person.companionType ? { companionType: person.companionType } : {}),
        ...(waiverUrls.has(person.id) ? { waiverUrl: waiverUrls.get(person.id) } : {}),
      })),
      lines,
      totalCents: row.totalCents,
      depositCents: row.depositCents,
      remainderCents: row.remainderCents,
      remainderDueOn: row.remainderDueOn,
      paymentOption: row.paymentOption ?? "credit_card",
      // What the review step told before the click, repeated in the confirmation (issue 30).
      withdrawalNotice: withdrawalNoticeOf(await legalFactsOf({ db: tx, reads: deps.reads }, row.locale), contractKindOfEvent(event), row.locale) ?? undefined,
      // Only card payments have a hold that runs out; the template mentions it only for them.
      holdExpiresAt: (held.holdExpiresAt ?? row.submittedAt ?? new Date()).toISOString(),
      // Every booking mail opens the booking's own page (guests have no dashboard); a card booking's also pays it.
      manageUrl: manageLinkUrl(deps.publicOrigin, deps.manageLinkSecret, row),
      payUrl: row.paymentOption === "credit_card" ? payLinkUrl(deps.publicOrigin, deps.payLinkSecret, row.id, row.locale) : null,
      // Nothing is paid yet: the account follows from the row alone (no ledger to read on the rush's path).
      account: emailAccountOf(accountOf(row, { payments: [], refunds: [] }, now)),
    },
  });
  // A booking request waits for a phone call: staff learn of it at once, with what they need to call.
  if (row.paymentOption === "sma") {
    const [site] = await tx.select({ email: sites.email }).from(sites).limit(1);
    if (site?.email) {
      await deps.enqueueMail(tx, {
        template: "sma-requested",
        locale: defaultLocale,
        to: site.email,
        payload: {
          code: held.code,
          bookingId: row.id,
          eventTitle: pickLocale(event.title, defaultLocale),
          name: nameOf(main),
          phone: main.phone ?? "—",
          email: main.email,
          people: people.length,
          totalCents: row.totalCents,
          customerLocale: row.locale,
          backOfficeUrl: `${deps.publicOrigin}${localizePath(`/admin/bookings/${row.id}`, defaultLocale)}`,
        },
      });
    }
  }
  // An invoice booking is confirmed at once and gets its invoice with it (PRODUCT.md "Booking lifecycle").
  if (row.paymentOption === "invoice") {
    await issueAndSendInvoice(tx, deps, row, now);
  }
}
