import { createHash } from "node:crypto";
import { asc, desc, eq } from "drizzle-orm";
import type { WaiverPerson } from "../../core/contracts/waivers";
import { waiverDocumentText, waiverPersonTypeOf, waiverStateOf, type WaiverPersonType } from "../../core/domain/waivers";
import { pickLocale } from "../../core/contracts/localized-text";
import { locales, type Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { eventWaivers, participants, waiverSignatures, waiverTextVersions } from "../db/schema";
import { displayNameOf } from "../bookings/main-participant";

/** What the waiver verbs share (decision 080): the event's waiver and its newest version, a booking's people and their state, the text's hash. */

export type WaiverVersionRow = typeof waiverTextVersions.$inferSelect;
export type WaiverSignatureRow = typeof waiverSignatures.$inferSelect;
export type EventWaiver = { waiverId: string; personTypes: WaiverPersonType[]; version: WaiverVersionRow };

/** SHA-256 (hex) of the exact text a person signs in one language. */
export function waiverTextHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** The document text of a version in one language (the default language's where a translation is missing). */
export function versionText(version: Pick<WaiverVersionRow, "title" | "body">, locale: Locale): { title: string; body: string; text: string } {
  const title = pickLocale(version.title, locale);
  const body = pickLocale(version.body, locale);
  return { title, body, text: waiverDocumentText({ title, body }) };
}

/** Every language's hash of a version's texts, stored with it. */
export function versionHashes(version: Pick<WaiverVersionRow, "title" | "body">): Record<string, string> {
  return Object.fromEntries(locales.map((locale) => [locale, waiverTextHash(versionText(version, locale).text)]));
}

/** The event's waiver with its newest version, or null when the event asks none. */
export async function eventWaiverOf(db: Queryable, eventId: string): Promise<EventWaiver | null> {
  const [row] = await db
    .select({ waiverId: eventWaivers.waiverId, personTypes: eventWaivers.personTypes, version: waiverTextVersions })
    .from(eventWaivers)
    .innerJoin(waiverTextVersions, eq(waiverTextVersions.waiverId, eventWaivers.waiverId))
    .where(eq(eventWaivers.eventId, eventId))
    .orderBy(desc(waiverTextVersions.version))
    .limit(1);
  return row ?? null;
}

export type WaiverPersonRow = { participant: typeof participants.$inferSelect; signature: WaiverSignatureRow | null };

/** A booking's people in their order, each with their signature if given. */
export async function bookingPeopleWithSignatures(db: Queryable, bookingId: string): Promise<WaiverPersonRow[]> {
  // The role enum's order puts `main` before `companion`.
  return db
    .select({ participant: participants, signature: waiverSignatures })
    .from(participants)
    .leftJoin(waiverSignatures, eq(waiverSignatures.participantId, participants.id))
    .where(eq(participants.bookingId, bookingId))
    .orderBy(asc(participants.role), asc(participants.position), asc(participants.id));
}

/** A person as the manage page and the back office list them; `signPath` only where the caller may hand it out. */
export function waiverPersonOf(row: WaiverPersonRow, required: readonly WaiverPersonType[] | null, signPath: string | null): WaiverPerson {
  const signature = row.signature ? { method: row.signature.method, signedAt: row.signature.signedAt.toISOString() } : null;
  const waiver = waiverStateOf(row.participant, required, signature);
  return {
    participant_id: row.participant.id,
    name: displayNameOf(row.participant),
    person_type: waiverPersonTypeOf(row.participant),
    waiver,
    sign_path: signPath,
  };
}
