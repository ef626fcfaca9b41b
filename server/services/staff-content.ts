import type { StaffPageChange } from "../../core/contracts/pages";
import type { SiteSettingsChange } from "../../core/contracts/site";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { createContentPage } from "../staff/content/create-content-page";
import { deleteContentPage } from "../staff/content/delete-content-page";
import { listContentPages } from "../staff/content/list-content-pages";
import { moveContentPage } from "../staff/content/move-content-page";
import { publishContentPage } from "../staff/content/publish-content-page";
import { readContentPage } from "../staff/content/read-content-page";
import { readSiteSettings } from "../staff/content/read-site-settings";
import { firstSiteRow } from "../staff/content/site-settings-records";
import { updateContentPage } from "../staff/content/update-content-page";
import { updateSiteSettings } from "../staff/content/update-site-settings";
import { cachedRead, invalidatingReads } from "../deps/cached-read";
import type { Deps } from "../deps/deps";

/**
 * The back office's site settings (admins) and content pages (staff), decision 035. Every write
 * drops the public read cache (footer, menu, site) and with it the page micro-cache (decision 003),
 * so the public pages show the change at once.
 */
export function bindStaffContent(deps: Deps) {
  return {
    staffSite: {
      read: (actor: Actor) => readSiteSettings(deps, actor),
      update: (actor: Actor, input: { settings: SiteSettingsChange; actorEmail: string }) =>
        invalidatingReads(deps, () => updateSiteSettings(deps, actor, input)),
    },
    staffPages: {
      list: (actor: Actor) => listContentPages(deps, actor),
      read: (actor: Actor, input: { pageId: string }) => readContentPage(deps, actor, input),
      create: (actor: Actor, input: { change: StaffPageChange; actorEmail: string; locale: Locale }) =>
        invalidatingReads(deps, () => createContentPage(deps, actor, input)),
      update: (actor: Actor, input: { pageId: string; change: StaffPageChange; actorEmail: string; locale: Locale }) =>
        invalidatingReads(deps, () => updateContentPage(deps, actor, input)),
      remove: (actor: Actor, input: { pageId: string; actorEmail: string }) => invalidatingReads(deps, () => deleteContentPage(deps, actor, input)),
      publish: (actor: Actor, input: { pageId: string; published: boolean; actorEmail: string }) =>
        invalidatingReads(deps, () => publishContentPage(deps, actor, input)),
      move: (actor: Actor, input: { pageId: string; direction: "up" | "down"; actorEmail: string }) =>
        invalidatingReads(deps, () => moveContentPage(deps, actor, input)),
    },
    /**
     * Who may frame the event widget: the site settings' partner origins, or the server's default
     * (env WIDGET_FRAME_ANCESTORS) when they name none. Read through the cache; the header is built
     * from it by server/http/security-headers.ts.
     */
    widgetFrameAncestors: () =>
      cachedRead(deps, "widget-frame-ancestors", async () => (await firstSiteRow(deps.db))?.widgetFrameAncestors || deps.widgetFrameAncestorsDefault),
  };
}
