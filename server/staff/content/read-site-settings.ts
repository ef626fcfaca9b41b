import type { SiteSettings } from "../../../core/contracts/site";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { notFound } from "../../errors";
import { firstSiteRow, toSiteSettings } from "./site-settings-records";

/** The site settings as stored, for the admins' form (decision 035). */
export async function readSiteSettings(deps: { db: Queryable; widgetFrameAncestorsDefault: string }, actor: Actor): Promise<SiteSettings> {
  authorize(actor, "staff.site.manage", null);
  const row = await firstSiteRow(deps.db);
  if (!row) throw notFound("siteNotFound");
  return toSiteSettings(row, deps.widgetFrameAncestorsDefault);
}
