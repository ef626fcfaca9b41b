import { and, eq, isNull, sql } from "drizzle-orm";
import type { CompanionRemovalAnswer } from "../../core/contracts/companion-removal";
import { accountViewOf } from "../../core/contracts/booking-account";
import { formatMoney } from "../../core/domain/money";
import type { Actor } from "../../core/domain/permissions";
import { translatorFor } from "../../core/i18n/i18n";
import { authorize, bookingSubject } from "../auth/authorize";
import { bookingEvents, bookings, participants, resourceReservations } from "../db/schema";
import { emailAccountOf } from "../email/email-account";
import { AppError } from "../errors";
import { correctInvoices } from "../invoices/correct-invoices";
import { invoicesOfBooking } from "../invoices/issue-invoice";
import { refundLockedBooking } from "../staff/bookings/refund-booking";
import { customerOf } from "../staff/bookings/staff-booking";
import { readLedger, writeAccountFigures } from "./booking-account";
import { companionRemovalPlanOf } from "./companion-removal-plan";
import type { CustomerCancelDeps } from "./customer-cancel-terms";
import { openManageLink } from "./manage-access";
import { releasePlaces, releaseResource } from "./places";
import { participantOf, paymentTermsOf } from "./preview-companion-removal";
import { offerFreedPlaces } from "./waitlist-offers";

/**
 * `POST api/booking/manage/{token}/companions/{companion}/remove` (issue 30, decision 075 addendum):
 * in one transaction under the booking's row lock, with its audit row. The body names the fee and the
 * booking's version the customer was shown: either changed since, 409 and nothing changes. Then the
 * companion's place and their own resources go back (and to the waitlist), the booking is priced without
 * them and with the fee as a line of its own, card money paid beyond what is now owed goes back through
 * the provider (the rest stays as credit, queued for staff), the customer's mail, the invoice corrected.
 */
export async function removeCompanionByCustomer(
  deps: CustomerCancelDeps,
  caller: Actor,
  input: { token: string; companionId: string; feeCents: number; version: number },
): Promise<CompanionRemovalAnswer> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const managed = await openManageLink({ ...deps, db: tx }, caller, { token: input.token, lock: true });
    const { booking, event } = managed;
    authorize(managed.actor, "booking.cancel", bookingSubject(booking));
    if (booking.version !== input.version) throw new AppError("CONFLICT", "bookingChangedMeanwhile", { reason: "stale_version" });
    const [person, ledger, terms] = await Promise.all([participantOf(tx, booking.id, input.companionId), readLedger(tx, booking.id), paymentTermsOf(tx)]);
    const plan = companionRemovalPlanOf({ booking, event, person, ledger, terms, now });
    const { preview } = plan;
    if (preview.fee_cents !== input.feeCents) throw new AppError("CONFLICT", "customerCancelFeeChanged");

    // Their own per-day resources back to stock first: deleting the person deletes their reservations with them.
    const own = await tx
      .select()
      .from(resourceReservations)
      .where(and(eq(resourceReservations.participantId, input.companionId), isNull(resourceReservations.releasedAt)));
    for (const reservation of own) await releaseResource(tx, reservation.resourceId, reservation.quantity);
    // A booking whose hold ran out holds no places; only a held place goes back.
    const freed = booking.placesHeld > 0 ? 1 : 0;
    if (freed) await releasePlaces(tx, booking.eventId, freed);
    await tx.delete(participants).where(and(eq(participants.id, input.companionId), eq(participants.bookingId, booking.id)));
    const [changed] = await tx
      .update(bookings)
      .set({ ...plan.price, priceLines: plan.lines, placesHeld: sql`${bookings.placesHeld} - ${freed}`, version: sql`${bookings.version} + 1`, updatedAt: now })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!changed) throw new Error(`booking ${booking.id} vanished under its lock`);

    const locale = booking.locale;
    const t = translatorFor(locale);
    const refund = plan.refund
      ? await refundLockedBooking(tx, deps, {
          booking: changed,
          amountCents: plan.refund.amountCents,
          onlyChannel: plan.refund.onlyChannel,
          message: t("manage.removeCompanion.refundReason", { name: preview.companion_name }),
          // A companion is taken off once: their removal's refund has one key.
          idempotencyKey: `companion-${input.companionId}`,
          staff: null,
          notify: true,
          now,
          requireRefundable: true,
        })
      : null;
    const cause = "companion removed by the customer on the manage page";
    const account = await writeAccountFigures(tx, booking.id, now, cause);
    const offers = freed ? await offerFreedPlaces(tx, booking.eventId, now, { publicOrigin: deps.publicOrigin }) : [];
    const money = (cents: number) => formatMoney(cents, locale);
    const type = person?.companionType ? t(`booking.companions.types.${person.companionType}`) : "";
    const changes = [
      { label: t("admin.bookingEdit.change.companionRemoved"), from: preview.companion_name + (type ? ` (${type})` : ""), to: "—" },
      { label: t("admin.bookingEdit.change.total"), from: money(booking.totalCents), to: money(changed.totalCents) },
    ];
    await tx.insert(bookingEvents).values({
      bookingId: booking.id,
      fromStatus: booking.status,
      toStatus: booking.status,
      cause,
      details: {
        action: "companion_removed_by_customer",
        by: "customer",
        companionId: input.companionId,
        changes,
        shareCents: preview.share_cents,
        feeCents: preview.fee_cents,
        cardRefundCents: refund?.refunded_cents ?? 0,
        queuedRefundCents: preview.queued_refund_cents,
        placesReleased: freed,
        resourcesReleased: own.length,
        waitlistOffers: offers.length,
        totalCents: { from: booking.totalCents, to: changed.totalCents },
      },
      at: now,
    });
    // An invoiced booking gets its invoice corrected below (its lines changed): the mail says a corrected one follows.
    const invoiced = (await invoicesOfBooking(tx, booking.id)).length > 0;
    const customer = await customerOf(tx, deps, changed);
    if (customer) {
      await deps.enqueueMail(tx, {
        template: "companion-removed",
        locale,
        to: customer.email,
        bookingId: booking.id,
        payload: {
          name: customer.name,
          code: customer.code,
          eventTitle: customer.eventTitle,
          companionName: preview.companion_name,
          feeCents: preview.fee_cents,
          cardRefundCents: refund?.refunded_cents ?? 0,
          queuedRefundCents: preview.queued_refund_cents,
          totalCents: changed.totalCents,
          invoiceCorrected: invoiced,
          manageUrl: customer.manageUrl,
          account: emailAccountOf(account),
        },
      });
    }
    // What the booking owes changed: the invoice is cancelled and issued anew, the fee a line of it.
    await correctInvoices(tx, deps, { bookingId: booking.id, now, notify: true });
    return {
      ...preview,
      account: accountViewOf(account),
      version: changed.version,
      places_released: freed,
      waitlist_offers: offers.length,
    };
  });
}
