/**
 * Bookings as the booking engine would have left them: confirmed invoice bookings with their
 * participants and invoice (they fill the demo's fully booked final, and a test's fully booked event).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { addDays, operatorToday, type IsoDate } from "../../../core/domain/dates";
import { depositDueOn } from "../../../core/domain/payment-due";
import { percentOf } from "../../../core/domain/pricing";
import type { Locale } from "../../../core/i18n/locales";
import { issueInvoice } from "../../invoices/issue-invoice";
import type { Transaction } from "../client";
import { bookings, participants } from "../schema";
import { randomHex, shiftDays } from "./common";
import type { CompanionType, EventSeed, InsertedEvent } from "./events";
import { formPageOrder } from "./forms";
import type { SiteSettings } from "./site";

type ParticipantInsert = typeof participants.$inferInsert;
export type MainParticipantSeed = Required<
  Pick<ParticipantInsert, "salutation" | "forename" | "surname" | "street" | "postcode" | "city" | "country" | "email" | "phone">
> &
  Pick<ParticipantInsert, "title" | "company" | "addressLine2">;
export type PartySeed = {
  code: string;
  locale: Locale;
  submittedDaysAgo: number;
  handicap: string;
  main: MainParticipantSeed;
  companions: { type: CompanionType; forename: string; surname: string }[];
};

/** Every person on a booking takes a place: the main participant and each companion. */
export const placesOf = (parties: PartySeed[]): number => parties.reduce((places, party) => places + 1 + party.companions.length, 0);

/**
 * PRODUCT.md "Money": a deposit now and the remainder a set number of days before the start, unless
 * the event is that close already, in which case everything is due at once.
 */
function paymentSplit(site: SiteSettings, totalCents: number, startsOn: IsoDate, bookedOn: IsoDate) {
  const balanceDueOn = addDays(startsOn, -site.balanceDueDaysBeforeEvent);
  const split =
    bookedOn >= balanceDueOn
      ? { depositCents: totalCents, remainderCents: 0, remainderDueOn: null }
      : {
          depositCents: percentOf(totalCents, site.depositPercent),
          remainderCents: totalCents - percentOf(totalCents, site.depositPercent),
          remainderDueOn: balanceDueOn,
        };
  // An invoice booking's first instalment is due by the transfer's date (decision 067).
  const firstDueOn = depositDueOn({
    paymentOption: "invoice",
    submittedOn: bookedOn,
    dueDays: site.bankTransferDueDays,
    remainderDueOn: split.remainderDueOn,
    startsOn,
  });
  return { ...split, depositDueOn: firstDueOn, paymentState: totalCents === 0 ? ("nothing_due" as const) : ("unpaid" as const) };
}

/**
 * A confirmed invoice booking of `party` on the inserted event, with its participants and its
 * invoice. The event's `placesTaken` must already count the party (events are inserted with it).
 */
export async function insertConfirmedInvoiceBooking(
  tx: Transaction,
  options: { event: EventSeed; inserted: InsertedEvent; party: PartySeed; now: Date; site: SiteSettings },
): Promise<string> {
  const { event, inserted, party, now, site } = options;
  const companionPrices = new Map(event.companions.map((companion) => [companion.type, companion.cents]));
  const byItemId = (answers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(answers).flatMap(([name, value]) => {
        const id = inserted.itemIds.get(name);
        return id && value !== undefined && value !== null ? [[id, value]] : [];
      }),
    );
  const bookingId = randomUUID();
  const submittedAt = shiftDays(now, -party.submittedDaysAgo);
  const companionTotalCents = party.companions.reduce((sum, companion) => sum + (companionPrices.get(companion.type) ?? 0), 0);
  const totalCents = event.participantCents + companionTotalCents;
  const { main } = party;
  await tx.insert(bookings).values({
    id: bookingId,
    code: party.code,
    formId: inserted.formId,
    formVersionId: inserted.formVersionId,
    eventId: inserted.eventId,
    tokenHash: randomHex(32),
    status: "confirmed",
    locale: party.locale,
    currentPage: formPageOrder.length,
    answers: byItemId({
      "main.salutation": main.salutation,
      "main.title": main.title,
      "main.forename": main.forename,
      "main.surname": main.surname,
      "main.company": main.company,
      "main.street": main.street,
      "main.address_line_2": main.addressLine2,
      "main.postcode": main.postcode,
      "main.city": main.city,
      "main.country": main.country,
      "main.phone": main.phone,
      "main.email": main.email,
      "golf.handicap": party.handicap,
      terms: true,
      payment_option: "invoice",
    }),
    termsAcceptedAt: submittedAt,
    // Invoice bookings are confirmed at once (PRODUCT.md "Booking lifecycle"), so no payment rows are needed.
    paymentOption: "invoice",
    placesHeld: placesOf([party]),
    eventPriceCents: event.participantCents,
    companionTotalCents,
    addonsTotalCents: 0,
    totalCents,
    ...paymentSplit(site, totalCents, event.startsOn, operatorToday(submittedAt)),
    submittedAt,
    createdAt: submittedAt,
    updatedAt: submittedAt,
  });
  await tx.insert(participants).values([
    { bookingId, role: "main", position: 0, ...main },
    ...party.companions.map((companion, index) => ({
      bookingId,
      role: "companion" as const,
      companionType: companion.type,
      position: index + 1,
      forename: companion.forename,
      surname: companion.surname,
    })),
  ]);
  // Invoice bookings come with their invoice (PRODUCT.md): the customer can download it.
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (row) await issueInvoice(tx, row, submittedAt);
  return bookingId;
}
