import type { StaffPage } from "../../core/contracts/pages";
import { can, type Actor } from "../../core/domain/permissions";

/** What the back office may offer for a page to this caller (core/domain/permissions.ts; issue 30): the verbs refuse the rest anyway. */
export type PagePowers = { edit: boolean; remove: boolean; unpublish: boolean };

export function pagePowers(actor: Actor, page: Pick<StaffPage, "legal_key">): PagePowers {
  const subject = { legalKey: page.legal_key };
  return { edit: can(actor, "staff.pages.edit", subject), remove: can(actor, "staff.pages.delete", subject), unpublish: can(actor, "staff.pages.unpublish", subject) };
}
