import { eq } from "drizzle-orm";
import type { CompanionRemovalPreview } from "../../core/contracts/companion-removal";
import type { Actor } from "../../core/domain/permissions";
import type { PaymentTerms } from "../../core/domain/pricing";
import { authorize, bookingSubject } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { participants, sites } from "../db/schema";
import { readLedger } from "./booking-account";
import { companionRemovalPlanOf } from "./companion-removal-plan";
import type { CustomerCancelDeps } from "./customer-cancel-terms";
import { openManageLink } from "./manage-access";

/** The operator's deposit and balance terms, as a staff re-price reads them (booking-edit-support.ts). */
export async function paymentTermsOf(db: Queryable): Promise<PaymentTerms> {
  const [site] = await db.select({ depositPercent: sites.depositPercent, balanceDueDaysBeforeEvent: sites.balanceDueDaysBeforeEvent }).from(sites).limit(1);
  return { depositPercent: site?.depositPercent ?? 25, balanceDueDaysBeforeEvent: site?.balanceDueDaysBeforeEvent ?? 30 };
}

/** One participant of the booking by id (undefined when it is not the booking's). */
export async function participantOf(db: Queryable, bookingId: string, participantId: string) {
  const rows = await db.select().from(participants).where(eq(participants.bookingId, bookingId));
  return rows.find((row) => row.id === participantId);
}

/** `POST api/booking/manage/{token}/companions/{companion}/preview`: reads only; refusals as the removal's. */
export async function previewCompanionRemoval(
  deps: CustomerCancelDeps,
  caller: Actor,
  input: { token: string; companionId: string },
): Promise<CompanionRemovalPreview> {
  const managed = await openManageLink(deps, caller, { token: input.token });
  authorize(managed.actor, "booking.cancel", bookingSubject(managed.booking));
  const [person, ledger, terms] = await Promise.all([
    participantOf(deps.db, managed.booking.id, input.companionId),
    readLedger(deps.db, managed.booking.id),
    paymentTermsOf(deps.db),
  ]);
  return companionRemovalPlanOf({ booking: managed.booking, event: managed.event, person, ledger, terms, now: deps.now() }).preview;
}
