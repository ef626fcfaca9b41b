import { eq } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import type { Deps } from "../deps/deps";
import { events, waitlistEntries } from "../db/schema";
import { AppError } from "../errors";
import { parseWaitlistLeaveToken } from "./waitlist-links";

/**
 * What the "leave the waitlist" page asks about before the visitor confirms (a mail scanner that follows
 * the link must not take anyone off the list): the event, and whether the entry is still on the list.
 */
export async function readWaitlistLeave(deps: Pick<Deps, "db" | "manageLinkSecret">, _actor: Actor, input: { token: string; locale: Locale }) {
  const entryId = parseWaitlistLeaveToken(deps.manageLinkSecret, input.token);
  if (!entryId) throw new AppError("NOT_FOUND", "notFound");
  const [row] = await deps.db
    .select({ status: waitlistEntries.status, title: events.title, partySize: waitlistEntries.partySize })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(eq(waitlistEntries.id, entryId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "notFound");
  return { eventTitle: pickLocale(row.title, input.locale), onTheList: row.status === "waiting" || row.status === "offered", partySize: row.partySize };
}
