import type { CustomerCancelPreview } from "../../core/contracts/cancellation";
import type { Actor } from "../../core/domain/permissions";
import { authorize, bookingSubject } from "../auth/authorize";
import { readLedger } from "./booking-account";
import { planOf, type CustomerCancelDeps } from "./customer-cancel-terms";
import { openManageLink } from "./manage-access";

/** `POST api/booking/manage/{token}/cancel/preview`: reads only; refusals as the cancellation's (409). */
export async function previewCustomerCancel(deps: CustomerCancelDeps, caller: Actor, input: { token: string }): Promise<CustomerCancelPreview> {
  const managed = await openManageLink(deps, caller, { token: input.token });
  authorize(managed.actor, "booking.cancel", bookingSubject(managed.booking));
  return planOf(managed.booking, managed.event, await readLedger(deps.db, managed.booking.id), deps.now()).preview;
}
