import type { Actor } from "../../core/domain/permissions";
import type { Deps } from "../deps/deps";
import { authorizedBooking } from "./authorized-booking";
import { manageLinkPath } from "./manage-links";

/**
 * The booking's own page and its calendar file, for the pages a customer lands on after booking or
 * paying (issue 32: a guest who closed the tab before the mail came had no way back). Whoever may pay
 * the booking (its key in this browser, the payment's return token, its owner) may have the link the
 * booking's e-mails carry; a draft has none yet. Reads only.
 */
export async function manageLinkOfBooking(
  deps: Pick<Deps, "db" | "manageLinkSecret">,
  actor: Actor,
  input: { bookingId: string },
): Promise<{ page: string; calendar: string } | null> {
  const row = await authorizedBooking(deps.db, actor, "booking.pay", { bookingId: input.bookingId });
  if (row.status === "draft") return null;
  const page = manageLinkPath(deps.manageLinkSecret, row);
  return { page, calendar: `${page}/calendar.ics` };
}
