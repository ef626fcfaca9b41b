import { and, asc, eq, lte } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import type { JoinWaitlist } from "../../core/contracts/waitlist";
import { eventState } from "../../core/domain/event-state";
import type { Locale } from "../../core/i18n/locales";
import type { Actor } from "../../core/domain/permissions";
import type { Deps } from "../deps/deps";
import { events, waitlistEntries } from "../db/schema";
import { AppError } from "../errors";
import { waitlistLeaveUrl } from "./waitlist-links";

/**
 * Puts a party on the waitlist of a fully booked event, keeping its size and language for the offer
 * that follows when places free up. Signing up again with the same address updates the party size
 * instead of queueing twice; the place in the queue stays. Anyone may (no account, no booking):
 * the actor is taken for the house shape only. Each sign-up is confirmed by mail in its language, with
 * a signed link to leave the list again (issue 32).
 */
export async function joinWaitlist(
  deps: Pick<Deps, "db" | "now" | "enqueueMail" | "publicOrigin" | "manageLinkSecret">,
  _actor: Actor,
  input: { entry: JoinWaitlist; locale: Locale },
): Promise<{ position: number }> {
  const now = deps.now();
  const { locale } = input;
  return deps.db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, input.entry.event)).limit(1);
    if (!event || !event.published) throw new AppError("NOT_FOUND", "notFound");
    if (eventState(event, now) !== "fully_booked") throw new AppError("CONFLICT", "waitlistClosed");
    const [existing] = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.email, input.entry.email), eq(waitlistEntries.status, "waiting")))
      .limit(1);
    const entry =
      existing ??
      (
        await tx
          .insert(waitlistEntries)
          .values({ eventId: event.id, email: input.entry.email, name: input.entry.name, partySize: input.entry.party_size, locale, createdAt: now })
          .returning()
      )[0];
    if (!entry) throw new Error("waitlist insert returned nothing");
    if (existing)
      await tx.update(waitlistEntries).set({ name: input.entry.name, partySize: input.entry.party_size, locale }).where(eq(waitlistEntries.id, existing.id));
    const ahead = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.status, "waiting"), lte(waitlistEntries.createdAt, entry.createdAt)))
      .orderBy(asc(waitlistEntries.createdAt));
    await deps.enqueueMail(tx, {
      template: "waitlist-joined",
      locale,
      to: entry.email,
      payload: {
        name: input.entry.name,
        eventTitle: pickLocale(event.title, locale),
        startsOn: event.startsOn,
        partySize: input.entry.party_size,
        position: ahead.length,
        leaveUrl: waitlistLeaveUrl(deps.publicOrigin, deps.manageLinkSecret, { id: entry.id, locale }),
      },
    });
    return { position: ahead.length };
  });
}
