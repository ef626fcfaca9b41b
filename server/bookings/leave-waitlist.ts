import { eq } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import type { Deps } from "../deps/deps";
import { events, waitlistEntries } from "../db/schema";
import { AppError } from "../errors";
import { releasePlaces } from "./places";
import { parseWaitlistLeaveToken } from "./waitlist-links";
import { offerFreedPlaces } from "./waitlist-offers";

export type WaitlistLeave = { outcome: "left" | "already_left"; eventTitle: string };

/**
 * Takes an entry off the waitlist through the signed link of its confirmation mail (issue 32). Idempotent:
 * a second use, or an entry already offered and booked, expired or removed by staff, answers
 * `already_left` and changes nothing. An open offer's places go back and are offered to the next party,
 * in the same transaction, as when staff remove an entry. The link is the credential; the actor is
 * taken for the house shape only. 404 for a link that was not signed here.
 */
export async function leaveWaitlist(
  deps: Pick<Deps, "db" | "now" | "publicOrigin" | "manageLinkSecret">,
  _actor: Actor,
  input: { token: string; locale: Locale },
) {
  const entryId = parseWaitlistLeaveToken(deps.manageLinkSecret, input.token);
  if (!entryId) throw new AppError("NOT_FOUND", "notFound");
  const now = deps.now();
  return deps.db.transaction(async (tx): Promise<WaitlistLeave> => {
    const [found] = await tx.select({ eventId: waitlistEntries.eventId }).from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).limit(1);
    if (!found) throw new AppError("NOT_FOUND", "notFound");
    // The event first, then the entry: the order every offer round locks in.
    const [event] = await tx.select().from(events).where(eq(events.id, found.eventId)).for("update").limit(1);
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).for("update").limit(1);
    if (!event || !entry) throw new AppError("NOT_FOUND", "notFound");
    const eventTitle = pickLocale(event.title, input.locale);
    if (entry.status !== "waiting" && entry.status !== "offered") return { outcome: "already_left", eventTitle };
    await tx.update(waitlistEntries).set({ status: "cancelled", offerTokenHash: null }).where(eq(waitlistEntries.id, entry.id));
    if (entry.status === "offered") {
      await releasePlaces(tx, entry.eventId, entry.partySize);
      await offerFreedPlaces(tx, entry.eventId, now, { publicOrigin: deps.publicOrigin });
    }
    return { outcome: "left", eventTitle };
  });
}
