import type { SignWaiver, WaiverSigned } from "../../core/contracts/waivers";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import type { Database } from "../db/client";
import { bookingEvents, waiverSignatures } from "../db/schema";
import { AppError } from "../errors";
import { openWaiver, type OpenedWaiver, type WaiverAccess } from "./open-waiver";
import { versionText, waiverTextHash } from "./waiver-records";

export type SignWaiverInput = SignWaiver & { access: WaiverAccess; locale: Locale; ipAddress: string | null; userAgent: string | null };

/** Whether this opened person may sign now; the refusal's reason otherwise (also what the sign page shows). */
export function signRefusal(opened: OpenedWaiver): "waiverAlreadySigned" | "waiverNotRequired" | null {
  if (opened.signature) return "waiverAlreadySigned";
  if (!opened.required || !opened.waiver) return "waiverNotRequired";
  return null;
}

/**
 * One person signs the event's waiver (decision 080), from their sign link or the manage page: the
 * typed full name, the date of birth, the drawn signature or the tick, the time, the caller's address,
 * and which version was signed in which language with that text's SHA-256. Refused with nothing stored
 * when the person has signed already (also under a race: the unique index), when the event asks no
 * waiver of them, or when the text got a new version since the page was opened.
 */
export async function signWaiver(deps: { db: Database; manageLinkSecret: string; now: () => Date }, caller: Actor, input: SignWaiverInput): Promise<WaiverSigned> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const opened = await openWaiver({ ...deps, db: tx }, caller, { access: input.access, lock: true });
    const refusal = signRefusal(opened);
    if (refusal) throw new AppError("CONFLICT", refusal);
    const version = opened.waiver?.version;
    if (!version) throw new AppError("CONFLICT", "waiverNotRequired");
    if (version.id !== input.version_id) throw new AppError("CONFLICT", "waiverTextChanged");
    const textHash = waiverTextHash(versionText(version, input.locale).text);
    const method = input.signature_png ? "drawn" : "ticked";
    await tx.insert(waiverSignatures).values({
      participantId: opened.participant.id,
      bookingId: opened.booking.id,
      versionId: version.id,
      locale: input.locale,
      textHash,
      method,
      fullName: input.full_name,
      dateOfBirth: input.date_of_birth,
      signaturePng: input.signature_png ?? null,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent?.slice(0, 400) ?? null,
      signedAt: now,
    });
    await tx.insert(bookingEvents).values({
      bookingId: opened.booking.id,
      fromStatus: opened.booking.status,
      toStatus: opened.booking.status,
      cause: `waiver version ${version.version} signed (${method}) by ${input.full_name}`,
      details: { action: "waiver_signed", participant: opened.participant.id, person: input.full_name, method, version: version.version, textHash },
      at: now,
    });
    return { participant_id: opened.participant.id, method, signed_at: now.toISOString(), text_hash: textHash };
  });
}
