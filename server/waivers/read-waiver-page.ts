import { pickLocale } from "../../core/contracts/localized-text";
import type { Actor } from "../../core/domain/permissions";
import type { WaiverMethod } from "../../core/domain/waivers";
import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { displayNameOf } from "../bookings/main-participant";
import { openWaiver, type WaiverAccess } from "./open-waiver";
import { signRefusal } from "./sign-waiver";
import { versionText, waiverTextHash } from "./waiver-records";

export type WaiverPage = {
  eventTitle: string;
  startsOn: string;
  endsOn: string;
  code: string;
  personName: string;
  /** `sign`: the form; `signed`: given already (the PDF); `not_required`: the event asks none of this person. */
  state: "sign" | "signed" | "not_required";
  signed: { method: WaiverMethod; signedAt: string; fullName: string } | null;
  /** The text to sign now (null unless `sign`): its version, the exact words, their hash. */
  text: { versionId: string; version: number; title: string; body: string; hash: string } | null;
};

/** What the sign page shows (decision 080): the person, the event, and the text to sign, or that it is signed. */
export async function readWaiverPage(deps: { db: Queryable; manageLinkSecret: string; now: () => Date }, caller: Actor, input: { access: WaiverAccess; locale: Locale }): Promise<WaiverPage> {
  const opened = await openWaiver(deps, caller, { access: input.access });
  const refusal = signRefusal(opened);
  const version = opened.waiver?.version ?? null;
  const text = refusal === null && version ? versionText(version, input.locale) : null;
  return {
    eventTitle: pickLocale(opened.event.title, input.locale),
    startsOn: opened.event.startsOn,
    endsOn: opened.event.endsOn,
    code: opened.booking.code ?? "",
    personName: displayNameOf(opened.participant),
    state: refusal === "waiverAlreadySigned" ? "signed" : refusal === "waiverNotRequired" ? "not_required" : "sign",
    signed: opened.signature ? { method: opened.signature.method, signedAt: opened.signature.signedAt.toISOString(), fullName: opened.signature.fullName } : null,
    text: text && version ? { versionId: version.id, version: version.version, title: text.title, body: text.body, hash: waiverTextHash(text.text) } : null,
  };
}
