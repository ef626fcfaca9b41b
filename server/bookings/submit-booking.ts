import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { operatorToday } from "../../core/domain/dates";
import { depositDueOn } from "../../core/domain/payment-due";
import { eventState } from "../../core/domain/event-state";
import { bookedPriceLinesOf } from "../../core/domain/booked-price-lines";
import { bookingPriceLines } from "../../core/domain/booking-choices";
import { choicePriceLines } from "../../core/domain/choice-prices";
import { priceBooking } from "../../core/domain/pricing";
import type { Database, Queryable } from "../db/client";
import { definitionItems, pinnedFormDefinition } from "../db/form-versions";
import { preparedPerDatabase } from "../db/prepared-statements";
import { bookings, eventCategoryTranslations, eventDayResources, eventPrices, events, participants, resourceReservations, sites, uploads } from "../db/schema";
import { readThrough, type ReadCache } from "../deps/cache";
import { newBookingCode } from "./booking-code";
import { recordTransition } from "./record-transition";
import { holdPlaces, reserveResource } from "./places";
import { claimWaitlistOffer } from "./waitlist-offers";
import { redeemVoucher, VoucherRefused } from "./voucher-redemption";
import type { VoucherRefusal } from "../../core/domain/vouchers";

export { expireHoldJob } from "./booking-jobs";

/** A per-day resource the booking asks for (a rental street GT on day 1, an instructor on day 2, …). */
export type ResourceRequest = { resourceId: string; quantity: number };

type BookingRow = typeof bookings.$inferSelect;
type ParticipantRow = typeof participants.$inferSelect;

/** A file uploaded to the booking, and the form item it answers. */
export type BookingUpload = { id: string; itemId: string | null };

/** The booking as the submission wrote it, and its people (for its view and its e-mail, not read again). */
export type HeldBooking = { booking: BookingRow; people: ParticipantRow[] };

/** The booking's own columns that `prepare` derives from the answers: written with the submission's status. */
export type PreparedChanges = Partial<Omit<BookingRow, "id" | "status" | "code">>;

export type SubmitOutcome =
  | ({ outcome: "held"; bookingId: string; code: string; holdExpiresAt: Date | null; placesHeld: number } & HeldBooking)
  | { outcome: "already_submitted"; bookingId: string; code: string | null }
  | { outcome: "no_places"; placesLeft: number }
  | { outcome: "resource_unavailable"; resourceId: string }
  | { outcome: "not_bookable"; state: string }
  | { outcome: "voucher_refused"; reason: VoucherRefusal }
  | { outcome: "not_found" };

const submissionCause = {
  submitted_confirmed: "submitted by the customer, paying by invoice",
  submitted_for_review: "booking request (SMA) sent by the customer",
  submitted_for_card_payment: "submitted by the customer",
} as const;

/** Thrown inside the transaction to undo the places already taken when a resource is gone. */
class ResourceUnavailable extends Error {
  constructor(readonly resourceId: string) {
    super(`resource ${resourceId} is not available`);
  }
}

/** Thrown, not returned, so that a waitlist offer claimed in the same transaction stays unclaimed. */
class NoPlaces extends Error {
  constructor(readonly placesLeft: number) {
    super("no places left");
  }
}

/**
 * The booking under its row lock, with its event and its people in their order: the first statement
 * of every submission, built once and sent as a named prepared statement (decision 065).
 */
const preparedSubmissionLock = preparedPerDatabase((db) =>
  db
    .select({
      booking: bookings,
      event: events,
      person: participants,
      // The booking's files (few), for a form whose answers must name them: read here, not in one more statement.
      uploads: sql<
        BookingUpload[]
      >`(select coalesce(json_agg(json_build_object('id', ${uploads.id}, 'itemId', ${uploads.itemId})), '[]'::json) from ${uploads} where ${uploads.bookingId} = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(participants, eq(participants.bookingId, bookings.id))
    .where(eq(bookings.id, sql.placeholder("bookingId")))
    .orderBy(asc(participants.position), asc(participants.id))
    .for("update", { of: bookings })
    .prepare("submission_lock"),
);

/**
 * Submits a draft booking: in one transaction it holds a place for every person on it and the
 * per-day resources it asks for, prices it from the event's price list and the priced choices of its
 * form version (never from the browser),
 * gives it a booking code, and schedules the durable job that frees the hold when it runs out.
 * Nothing changes unless everything could be held. With the token of a valid waitlist offer for the
 * event, the places the offer holds become the booking's (also on a fully booked event); an invalid
 * or expired token changes nothing and the booking needs free places like any other.
 */
export type SubmitBookingInput = Parameters<typeof submitBooking>[1];

export async function submitBooking(
  db: Database,
  input: {
    bookingId: string;
    resources?: ResourceRequest[];
    waitlistOfferToken?: string | undefined;
    now: Date;
    /**
     * With the read cache, the event's prices, the pinned version's priced choices, the site's terms and
     * the category's code prefix come from its catalogue entries (what only staff change, decision 054)
     * instead of five more statements under the lock. The places are always read and taken here.
     */
    reads?: ReadCache | undefined;
    /**
     * Asks whether the caller may submit this booking, from the row just locked (throws when not): the
     * row is read once, under its lock, for both. A refusal rolls back before anything is written.
     */
    authorize?: (locked: BookingRow) => void;
    /**
     * Runs inside the submission's transaction right after the booking row is locked (with its people,
     * read with it), before any place is held: checks the draft, writes its people's columns from the answers, and returns the
     * booking's own columns derived from them (written with the new status, one UPDATE), the resources
     * to hold and the people as it left them (so they are not read again). A page save waits for the
     * lock and then finds the booking submitted, so nothing unchecked slips in between the check and
     * the hold. Throwing undoes everything.
     */
    prepare?: (
      tx: Queryable,
      draft: BookingRow,
      people: ParticipantRow[],
      uploaded: BookingUpload[],
    ) => Promise<{ requests: ResourceRequest[]; changes: PreparedChanges; people: ParticipantRow[] }>;
    /**
     * Runs inside the submission's transaction once the booking is priced and coded, just before the places
     * and resources are taken (confirmation e-mail, account): all or nothing, undone when no place is left.
     */
    afterHeld?: (tx: Queryable, held: { code: string; holdExpiresAt: Date | null; event: typeof events.$inferSelect } & HeldBooking) => Promise<void>;
  },
): Promise<SubmitOutcome> {
  const { now } = input;
  try {
    return await db.transaction(async (tx): Promise<SubmitOutcome> => {
      // The booking under its lock, with its event as committed at this moment (its counters are taken
      // last, by a conditional UPDATE; read here, they only refuse early) and its people, in their order.
      const rows = await preparedSubmissionLock(tx).execute({ bookingId: input.bookingId });
      const [first] = rows;
      if (!first) return { outcome: "not_found" };
      const { booking: locked, event } = first;
      input.authorize?.(locked);
      if (locked.status !== "draft") return { outcome: "already_submitted", bookingId: locked.id, code: locked.code };
      const everyone = rows.flatMap((row) => (row.person ? [row.person] : []));
      const { requests, changes, people } = input.prepare
        ? await input.prepare(tx, locked, everyone, first.uploads)
        : { requests: input.resources ?? [], changes: {}, people: everyone };
      const booking: BookingRow = { ...locked, ...changes };

      const state = eventState(event, now);
      if (state !== "bookable" && state !== "fully_booked") return { outcome: "not_bookable", state };

      const places = Math.max(1, people.length);
      const offer = input.waitlistOfferToken
        ? await claimWaitlistOffer(tx, { eventId: event.id, offerToken: input.waitlistOfferToken, partySize: places, now })
        : null;
      const toHold = places - (offer?.placesHeld ?? 0);
      // Refused early from the committed counter (read without a lock): no work is done for a buyer who
      // cannot get a place. The counter only falls when a hold ends, so "full" was true when read.
      if (toHold > 0 && event.placesTaken + toHold > event.capacity) throw new NoPlaces(Math.max(0, event.capacity - event.placesTaken));

      const resourceRows = requests.length
        ? await tx
            .select()
            .from(eventDayResources)
            .where(
              and(
                eq(eventDayResources.eventId, event.id),
                inArray(
                  eventDayResources.id,
                  requests.map((request) => request.resourceId),
                ),
              ),
            )
        : [];
      const resourceById = new Map(resourceRows.map((row) => [row.id, row]));
      for (const request of requests) {
        const resource = resourceById.get(request.resourceId);
        if (!resource || !Number.isInteger(request.quantity) || request.quantity < 1) throw new ResourceUnavailable(request.resourceId);
      }

      const catalogue = <T>(key: string, load: () => Promise<T>) => readThrough(input.reads, key, load, "catalogue");
      // Awaited one by one: on a miss they run on the transaction's one connection.
      const prices = await catalogue(`event-prices:${event.id}`, () => tx.select().from(eventPrices).where(eq(eventPrices.eventId, event.id)));
      // The priced choices by the version the booking is pinned to (`prepare` pinned it under this lock):
      // a version published meanwhile does not change what this booking costs. A version never changes.
      const definition = booking.formVersionId
        ? await catalogue(`form-version:${booking.formVersionId}`, () => pinnedFormDefinition(tx, booking))
        : await pinnedFormDefinition(tx, booking);
      const site = await catalogue("site-booking-terms", async () => (await tx.select().from(sites).limit(1))[0]);
      const category = await catalogue(`category-code:${event.categoryId}`, async () => {
        const [row] = await tx
          .select({ slug: eventCategoryTranslations.slug })
          .from(eventCategoryTranslations)
          .where(and(eq(eventCategoryTranslations.categoryId, event.categoryId), eq(eventCategoryTranslations.locale, "en")))
          .limit(1);
        return row?.slug ?? "booking";
      });
      const lines = bookingPriceLines(
        prices.map((price) => ({ kind: price.kind, key: price.key, amount_cents: price.amountCents })),
        people.flatMap((person) => (person.role === "companion" && person.companionType ? [person.companionType] : [])),
        requests.flatMap((request) => {
          const resource = resourceById.get(request.resourceId);
          return resource ? [{ key: resource.key, kind: resource.kind, quantity: request.quantity }] : [];
        }),
        choicePriceLines(definitionItems(definition), booking.answers),
      );
      const terms = { depositPercent: site?.depositPercent ?? 25, balanceDueDaysBeforeEvent: site?.balanceDueDaysBeforeEvent ?? 30 };
      // The priced lines behind the total, kept with the booking: a later price list changes nothing it says (money review, finding 3).
      const grossLines = bookedPriceLinesOf(lines, prices);
      // A discount code entered on the review step is checked and redeemed here, under its row's lock (decision 079).
      const redeemed = booking.voucherCode
        ? await redeemVoucher(tx, {
            code: booking.voucherCode,
            bookingId: booking.id,
            eventId: event.id,
            categoryId: event.categoryId,
            email: people.find((person) => person.role === "main")?.email ?? null,
            today: operatorToday(now),
            lines: grossLines,
            now,
          })
        : null;
      const price = priceBooking(lines, terms, { today: operatorToday(now), startsOn: event.startsOn }, redeemed?.discountCents ?? 0);

      const code = newBookingCode(category);
      // PRODUCT.md lifecycle: an invoice booking is confirmed at once, an SMA request keeps its places
      // in review until staff decide; only a card payment waits, and only for the hold's time.
      // Nothing to pay (a free event): confirmed at once, or its hold would run out with nothing to pay.
      const submission =
        booking.paymentOption === "sma"
          ? "submitted_for_review"
          : booking.paymentOption === "invoice" || price.totalCents === 0
            ? "submitted_confirmed"
            : "submitted_for_card_payment";
      const holdExpiresAt = submission === "submitted_for_card_payment" ? new Date(now.getTime() + (site?.holdMinutes ?? 30) * 60_000) : null;
      // The transition writes the expiry job of a held booking (bookingFollowUps).
      const firstDueOn = depositDueOn({
        paymentOption: booking.paymentOption,
        submittedOn: operatorToday(now),
        dueDays: site?.bankTransferDueDays ?? 14,
        remainderDueOn: price.remainderDueOn,
        startsOn: event.startsOn,
      });
      // Nothing is paid yet: the account's state follows from the price alone (decision 067).
      const paymentState = price.totalCents === 0 ? ("nothing_due" as const) : ("unpaid" as const);
      const priceLines = [...grossLines, ...(redeemed?.lines ?? [])];
      const voucher = redeemed ? { voucherDiscount: redeemed.discount } : {};
      const set = { ...changes, ...voucher, code, placesHeld: places, holdExpiresAt, submittedAt: now, ...price, priceLines, depositDueOn: firstDueOn, paymentState };
      const status = await recordTransition(tx, {
        booking,
        event: submission,
        cause: submissionCause[submission],
        details: { places, resources: requests, ...(offer ? { waitlistEntryId: offer.entryId, placesFromOffer: offer.placesHeld } : {}) },
        set,
        now,
      });
      // The row as recordTransition left it (it writes `set`, the status and updatedAt).
      const submitted: BookingRow = { ...booking, ...set, status, updatedAt: now };
      await input.afterHeld?.(tx, { booking: submitted, people, event, code, holdExpiresAt });
      if (requests.length)
        await tx
          .insert(resourceReservations)
          .values(requests.map((request) => ({ resourceId: request.resourceId, bookingId: booking.id, quantity: request.quantity })));

      // The counters last: the UPDATE that takes a place locks the event's row until the commit, and every
      // other buyer of the event waits for that lock. Held last, the lock lasts one statement and the commit
      // instead of the whole submission (a sale rush books as fast as that lock is passed on). Failing here
      // undoes everything written above. Event before resources, always in this order (no deadlock).
      if (toHold > 0 && !(await holdPlaces(tx, event.id, toHold))) {
        const [fresh] = await tx.select({ capacity: events.capacity, taken: events.placesTaken }).from(events).where(eq(events.id, event.id));
        throw new NoPlaces(fresh ? Math.max(0, fresh.capacity - fresh.taken) : 0);
      }
      for (const request of requests) {
        if (!(await reserveResource(tx, request.resourceId, request.quantity))) throw new ResourceUnavailable(request.resourceId);
      }
      return { outcome: "held", bookingId: booking.id, code, holdExpiresAt, placesHeld: places, booking: submitted, people };
    });
  } catch (error) {
    if (error instanceof ResourceUnavailable) return { outcome: "resource_unavailable", resourceId: error.resourceId };
    if (error instanceof NoPlaces) return { outcome: "no_places", placesLeft: error.placesLeft };
    if (error instanceof VoucherRefused) return { outcome: "voucher_refused", reason: error.reason };
    throw error;
  }
}
