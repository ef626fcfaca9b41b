import { eq } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import { operatorToday } from "../../core/domain/dates";
import { depositDueOn, paymentDue } from "../../core/domain/payment-due";
import { localizePath } from "../../core/i18n/locales";
import type { Database, Queryable } from "../db/client";
import { bookings, events, sites } from "../db/schema";
import { emailAccountOf } from "../email/email-account";
import { readBookingAccount, rowFiguresOf, writeAccountFigures } from "./booking-account";
import type { EmailToSend } from "../deps/enqueue-email";
import { AppError } from "../errors";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import { payLinkUrl } from "../payments/pay-links";
import { manageLinkUrl } from "./manage-links";
import { addresseeNameOf, mainParticipantOf } from "./main-participant";
import { releaseBookingHold } from "./expire-hold";
import { recordTransition } from "./record-transition";
import { issueAndSendInvoice } from "../invoices/send-invoice";
import { offerFreedPlaces } from "./waitlist-offers";

export type SmaDecision = "verify" | "reject";

/**
 * Staff decide an SMA request after calling the customer (PRODUCT.md "SMA"). Verified: the booking
 * is confirmed, the pages after the SMA item are unblocked and the customer gets a link to pay.
 * Rejected: the places and resources go back (and to the waitlist) and the customer is told. One
 * transaction; a request already decided is refused, so two staff members cannot both decide it.
 */
export async function decideSmaRequest(
  deps: {
    db: Database;
    publicOrigin: string;
    payLinkSecret: string;
    manageLinkSecret: string;
    enqueueMail: (tx: Queryable, mail: EmailToSend) => Promise<unknown>;
  },
  actor: Actor,
  input: { bookingId: string; decision: SmaDecision; staff: { id: string; email: string }; note?: string | undefined; now: Date },
): Promise<{ status: "confirmed" | "rejected" }> {
  authorize(actor, "booking.decide-sma", null);
  const { now } = input;
  return deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for("update").limit(1);
    if (!booking) throw new AppError("NOT_FOUND", "bookingNotFound");
    if (booking.status !== "in_review" || booking.smaStatus !== "requested") throw new AppError("CONFLICT", "smaAlreadyDecided");
    const [event] = await tx.select().from(events).where(eq(events.id, booking.eventId)).limit(1);
    const main = await mainParticipantOf(tx, booking.id);
    const name = addresseeNameOf(main, booking.locale);
    const cause = `SMA request ${input.decision === "verify" ? "verified" : "rejected"} by staff ${input.staff.email}`;
    const details = { staffId: input.staff.id, ...(input.note ? { note: input.note } : {}) };

    if (input.decision === "verify") {
      // The transition schedules the balance-due mail (bookingFollowUps).
      // From today the request owes as an invoice booking would (decision 067): the first instalment by the transfer's date.
      const [site] = await tx.select({ dueDays: sites.bankTransferDueDays }).from(sites).limit(1);
      const firstDueOn = depositDueOn({
        paymentOption: booking.paymentOption,
        submittedOn: operatorToday(booking.submittedAt ?? now),
        verifiedOn: operatorToday(now),
        dueDays: site?.dueDays ?? 14,
        remainderDueOn: booking.remainderDueOn,
        startsOn: event?.startsOn ?? operatorToday(now),
      });
      const verified = { ...booking, status: "confirmed" as const, depositDueOn: firstDueOn };
      const { account } = await readBookingAccount(tx, verified, now);
      await recordTransition(tx, {
        booking,
        event: "sma_verified",
        cause,
        details,
        set: { smaStatus: "verified", smaBlocking: false, depositDueOn: firstDueOn, ...rowFiguresOf(account) },
        now,
      });
      // Verified, the request is binding: it gets its invoice (issue 28).
      await issueAndSendInvoice(tx, deps, { ...verified, smaStatus: "verified", smaBlocking: false, ...rowFiguresOf(account) }, now);
      const due = paymentDue(verified, account, now);
      if (main?.email && event) {
        await deps.enqueueMail(tx, {
          template: "sma-verified",
          locale: booking.locale,
          to: main.email,
          payload: {
            name,
            code: booking.code ?? "",
            eventTitle: pickLocale(event.title, booking.locale),
            amountCents: "amountCents" in due ? due.amountCents : 0,
            payUrl: payLinkUrl(deps.publicOrigin, deps.payLinkSecret, booking.id, booking.locale),
            manageUrl: manageLinkUrl(deps.publicOrigin, deps.manageLinkSecret, booking),
            account: emailAccountOf(account),
          },
        });
      }
      return { status: "confirmed" as const };
    }

    const resourcesReleased = await releaseBookingHold(tx, booking, now);
    await recordTransition(tx, {
      booking,
      event: "sma_rejected",
      cause,
      details: { ...details, placesReleased: booking.placesHeld, resourcesReleased },
      set: { smaStatus: "rejected", smaBlocking: false, placesHeld: 0 },
      now,
    });
    // A rejected request owes nothing: its account's state follows (decision 067).
    await writeAccountFigures(tx, booking.id, now, cause);
    if (main?.email && event) {
      await deps.enqueueMail(tx, {
        template: "sma-rejected",
        locale: booking.locale,
        to: main.email,
        payload: {
          name,
          code: booking.code ?? "",
          eventTitle: pickLocale(event.title, booking.locale),
          eventsUrl: `${deps.publicOrigin}${localizePath("/events", booking.locale)}`,
          manageUrl: manageLinkUrl(deps.publicOrigin, deps.manageLinkSecret, booking),
        },
      });
    }
    await offerFreedPlaces(tx, booking.eventId, now, { publicOrigin: deps.publicOrigin });
    return { status: "rejected" as const };
  });
}
