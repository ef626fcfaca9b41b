import { eq } from "drizzle-orm";
import { mustSignWaiver, type WaiverPerson } from "../../core/domain/waivers";
import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { eventWaivers } from "../db/schema";
import { waiverLinkUrl } from "./waiver-links";

/**
 * The confirmation mail's sign links (decision 080): for each person the event's waiver asks to sign,
 * their own link; none when the event asks no waiver. One read by the event's key on the submission's path.
 */
export async function confirmationWaiverUrls(
  tx: Queryable,
  deps: { publicOrigin: string; manageLinkSecret: string },
  input: { eventId: string; generation: number; locale: Locale; people: readonly (WaiverPerson & { id: string })[] },
): Promise<Map<string, string>> {
  const [waiver] = await tx.select({ personTypes: eventWaivers.personTypes }).from(eventWaivers).where(eq(eventWaivers.eventId, input.eventId)).limit(1);
  const urls = new Map<string, string>();
  if (!waiver) return urls;
  for (const person of input.people) {
    if (mustSignWaiver(person, waiver.personTypes))
      urls.set(person.id, waiverLinkUrl(deps.publicOrigin, deps.manageLinkSecret, { participantId: person.id, generation: input.generation, locale: input.locale }));
  }
  return urls;
}
