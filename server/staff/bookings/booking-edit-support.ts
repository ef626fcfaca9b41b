import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { PublicForm, PublicFormItem } from "../../../core/contracts/forms";
import { bookedPriceLinesOf } from "../../../core/domain/booked-price-lines";
import { bookingPriceLines, companionItemOptions, type CompanionItemOptions } from "../../../core/domain/booking-choices";
import { bookingEditable, describeChanges, mergeDetailChanges, type DetailChange } from "../../../core/domain/booking-edits";
import { choicePriceLines } from "../../../core/domain/choice-prices";
import { cancellationFeeKind, priceLinesOfBooked } from "../../../core/domain/companion-removal";
import { operatorToday } from "../../../core/domain/dates";
import { priceBooking } from "../../../core/domain/pricing";
import { keptDiscountOf } from "../../bookings/voucher-redemption";
import { takesAnswer } from "../../../core/forms/kinds";
import { staffEditableItem } from "../../../core/domain/booking-edits";
import type { Locale } from "../../../core/i18n/locales";
import { getBookingForm, type BookingForm } from "../../catalog/forms";
import type { Queryable } from "../../db/client";
import { definitionItems, pinnedFormDefinition } from "../../db/form-versions";
import { bookings, eventDayResources, eventPrices, events, outboxEmails, participants, resourceReservations, sites } from "../../db/schema";
import { AppError } from "../../errors";
import { parseEmailMessage } from "../../deps/email-messages";
import { emailAccountOf } from "../../email/email-account";
import { readBookingAccount, writeAccountFigures } from "../../bookings/booking-account";
import { correctInvoices } from "../../invoices/correct-invoices";
import { customerOf, lockBooking, recordStaffAction, type BookingRow, type StaffActionDeps, type StaffMember } from "./staff-booking";

/**
 * What the staff edits of a booking's answers and companions share (docs/decisions/032): the booking
 * locked and checked against the version the edit was made from, the form's editable items, the price
 * recomputed from the event's price list, and the one audit row and customer mail of each edit.
 */

/** Locks the booking and refuses an edit of a closed booking or from an older version (409; nothing changes). */
export async function lockForEdit(tx: Queryable, bookingId: string, version: number): Promise<BookingRow> {
  const booking = await lockBooking(tx, bookingId);
  if (!bookingEditable(booking.status)) throw new AppError("CONFLICT", "bookingNotEditable");
  // Another staff member (or the customer's manage page) saved since this edit was loaded.
  if (booking.version !== version) throw new AppError("CONFLICT", "bookingChangedMeanwhile", { reason: "stale_version" });
  return booking;
}

/**
 * The form the booking was made on, in `locale`: its own published version (decision 036), so an
 * edit is checked against the questions the customer answered, also after the form has changed or
 * the event was unpublished.
 */
export function bookedForm(db: Queryable, booking: BookingRow, locale: Locale, now: Date): Promise<BookingForm> {
  return getBookingForm({ db }, locale, booking, now);
}

/**
 * The items staff may edit, with their page's title, in form order, and the checkbox that shows each
 * (its own `visibleWhen`, or its group's: the separate billing address), so that the edit page asks
 * for them, and marks them required, only as the booking form does.
 */
export function editableItemsOf(form: Pick<PublicForm, "pages">): { pageTitle: string; item: PublicFormItem; shownWhen: string | null }[] {
  return form.pages.flatMap((page) => {
    const conditionOf = (item: PublicFormItem | undefined): string | null => (typeof item?.options.visibleWhen === "string" ? item.options.visibleWhen : null);
    const parentOf = (item: PublicFormItem) => page.items.find((candidate) => candidate.uuid === item.parent_uuid);
    return page.items
      .filter((item) => takesAnswer(item) && staffEditableItem(item))
      .map((item) => ({ pageTitle: page.title, item, shownWhen: conditionOf(item) ?? (item.parent_uuid ? conditionOf(parentOf(item)) : null) }));
  });
}

/** The form's companion item and its options, or null when the form takes no companions. */
export function companionItemOf(form: Pick<PublicForm, "pages">): { item: PublicFormItem; options: CompanionItemOptions } | null {
  const item = form.pages.flatMap((page) => page.items).find((candidate) => candidate.kind === "companion");
  return item ? { item, options: companionItemOptions(item.options) } : null;
}

export async function companionRowsOf(db: Queryable, bookingId: string) {
  return db
    .select()
    .from(participants)
    .where(and(eq(participants.bookingId, bookingId), eq(participants.role, "companion")))
    .orderBy(asc(participants.position), asc(participants.id));
}

/**
 * The booking's price again from the event's price list (core/domain/pricing.ts), as at submission:
 * the main participant, each companion by type, the per-day resources still reserved and the priced
 * choices of its answers as they are now (decision 042), priced by its own form version. The deposit
 * is split as on the day the booking was submitted, so only what changed moves the amounts.
 */
export async function repriceBooking(tx: Queryable, booking: BookingRow, now: Date) {
  const [event] = await tx.select({ startsOn: events.startsOn }).from(events).where(eq(events.id, booking.eventId)).limit(1);
  if (!event) throw new AppError("NOT_FOUND", "bookingNotFound");
  const [prices, companions, reserved, [site], [current], definition] = await Promise.all([
    tx.select().from(eventPrices).where(eq(eventPrices.eventId, booking.eventId)),
    companionRowsOf(tx, booking.id),
    tx
      .select({ key: eventDayResources.key, kind: eventDayResources.kind, quantity: resourceReservations.quantity })
      .from(resourceReservations)
      .innerJoin(eventDayResources, eq(eventDayResources.id, resourceReservations.resourceId))
      .where(and(eq(resourceReservations.bookingId, booking.id), isNull(resourceReservations.releasedAt))),
    tx.select().from(sites).limit(1),
    // The answers as this edit left them (the caller's row was read before it wrote them).
    tx.select({ answers: bookings.answers }).from(bookings).where(eq(bookings.id, booking.id)).limit(1),
    pinnedFormDefinition(tx, booking),
  ]);
  const lines = bookingPriceLines(
    prices.map((price) => ({ kind: price.kind, key: price.key, amount_cents: price.amountCents })),
    companions.flatMap((person) => (person.companionType ? [person.companionType] : [])),
    reserved,
    choicePriceLines(definitionItems(definition), current?.answers ?? booking.answers),
  );
  const terms = { depositPercent: site?.depositPercent ?? 25, balanceDueDaysBeforeEvent: site?.balanceDueDaysBeforeEvent ?? 30 };
  // A fee for a companion the customer took off is no price-list line: it is kept as it was (decision 075).
  const feeLines = (booking.priceLines ?? []).filter((line) => line.kind === cancellationFeeKind);
  const grossLines = bookedPriceLinesOf(lines, prices);
  // The discount code it was booked with still counts (decision 079).
  const kept = keptDiscountOf(booking, grossLines);
  const price = priceBooking([...lines, ...priceLinesOfBooked(feeLines)], terms, { today: operatorToday(booking.submittedAt ?? now), startsOn: event.startsOn }, kept.discountCents);
  // Every line priced again with the total, and kept with it (money review, finding 3).
  await tx
    .update(bookings)
    .set({ ...price, priceLines: [...grossLines, ...kept.lines, ...feeLines], updatedAt: now })
    .where(eq(bookings.id, booking.id));
  // What is owed moved: the account again, a paid booking that owes more confirmed with a balance (decision 067).
  if (price.totalCents !== booking.totalCents)
    await writeAccountFigures(tx, booking.id, now, `price changed from ${booking.totalCents} to ${price.totalCents} cents by staff`);
  return price;
}

/**
 * Ends an edit inside its transaction: the version counted up (the next edit must start from it), one
 * audit row naming the staff member and every change from → to, and the customer's mail listing them.
 */
export async function recordEdit(
  tx: Queryable,
  deps: StaffActionDeps,
  input: { booking: BookingRow; staff: StaffMember; action: string; changes: DetailChange[]; details?: Record<string, unknown>; now: Date; notify: boolean },
): Promise<void> {
  const { booking, now } = input;
  await tx
    .update(bookings)
    .set({ version: sql`${bookings.version} + 1`, updatedAt: now })
    .where(eq(bookings.id, booking.id));
  await recordStaffAction(tx, {
    booking,
    staff: input.staff,
    action: input.action,
    // The timeline shows the cause: who and every change from → to, in the booking's language.
    cause: `${input.staff.email}: ${describeChanges(input.changes)}`,
    details: { changes: input.changes, ...input.details, notified: input.notify },
    now,
  });
  if (input.notify) await mailEdit(tx, deps, input);
  // A changed price or addressee changes the invoice: cancelled and issued anew (after the change's own mail).
  await correctInvoices(tx, deps, { bookingId: booking.id, now, notify: true });
}

/**
 * The customer's "details changed" mail, sent `editMailDelayMs` (5 minutes unless configured) after the first of a run of edits: a
 * later edit while it still waits (pending, never claimed by the worker, not yet due) joins it, its
 * changes merged and its figures the latest; otherwise a new one is queued. Audit rows stay per edit.
 */
async function mailEdit(tx: Queryable, deps: StaffActionDeps, input: { booking: BookingRow; changes: DetailChange[]; now: Date }): Promise<void> {
  const { booking, now } = input;
  const [fresh] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).limit(1);
  const customer = await customerOf(tx, deps, fresh ?? booking);
  if (!customer) return;
  const { account } = await readBookingAccount(tx, fresh ?? booking, now);
  // Locked: the worker claims with SKIP LOCKED, so it cannot take the mail while this edit joins it.
  const [waiting] = await tx
    .select({ id: outboxEmails.id, payload: outboxEmails.payload })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.bookingId, booking.id),
        eq(outboxEmails.template, "booking-details-changed"),
        eq(outboxEmails.status, "pending"),
        eq(outboxEmails.attempts, 0),
        eq(outboxEmails.toAddress, customer.email),
        gt(outboxEmails.nextAttemptAt, now),
      ),
    )
    .orderBy(desc(outboxEmails.createdAt))
    .for("update")
    .limit(1);
  const earlier = waiting ? parseEmailMessage({ template: "booking-details-changed", payload: waiting.payload }) : null;
  const payload = {
    name: customer.name,
    code: customer.code,
    eventTitle: customer.eventTitle,
    changes: earlier?.template === "booking-details-changed" ? mergeDetailChanges(earlier.payload.changes, input.changes) : input.changes,
    totalCents: fresh?.totalCents ?? booking.totalCents,
    paidCents: account.netPaidCents,
    manageUrl: customer.manageUrl,
    account: emailAccountOf(account),
  };
  if (waiting && payload.changes.length === 0) {
    // Every change of the run was undone before the mail went: nothing to tell.
    await tx.delete(outboxEmails).where(eq(outboxEmails.id, waiting.id));
    return;
  }
  if (waiting) {
    const checked = parseEmailMessage({ template: "booking-details-changed", payload });
    await tx.update(outboxEmails).set({ payload: checked.payload }).where(eq(outboxEmails.id, waiting.id));
    return;
  }
  await deps.enqueueMail(tx, {
    template: "booking-details-changed",
    locale: booking.locale,
    to: customer.email,
    bookingId: booking.id,
    sendAfter: new Date(now.getTime() + (deps.editMailDelayMs ?? 0)),
    payload,
  });
}
