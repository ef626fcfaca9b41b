import type {
  StaffCategoryInput,
  StaffCategoryMove,
  StaffEventDuplicate,
  StaffEventInput,
  StaffEventStateChange,
  StaffEventView,
} from "../../core/contracts/staff-catalogue";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import type { CatalogueStaff } from "../staff/catalogue/catalogue-records";
import { changeStaffEventState } from "../staff/catalogue/change-staff-event-state";
import { createStaffEvent } from "../staff/catalogue/create-staff-event";
import { deleteStaffCategory } from "../staff/catalogue/delete-staff-category";
import { duplicateStaffEvent } from "../staff/catalogue/duplicate-staff-event";
import { listStaffCategories } from "../staff/catalogue/list-staff-categories";
import { listStaffEvents } from "../staff/catalogue/list-staff-events";
import { moveStaffCategory } from "../staff/catalogue/move-staff-category";
import { readStaffEvent } from "../staff/catalogue/read-staff-event";
import { removeStaffEventImage } from "../staff/catalogue/remove-staff-event-image";
import { setStaffEventImage } from "../staff/catalogue/set-staff-event-image";
import { saveStaffCategory } from "../staff/catalogue/save-staff-category";
import { updateStaffEvent } from "../staff/catalogue/update-staff-event";
import { invalidatingReads } from "../deps/cached-read";
import type { Deps } from "../deps/deps";

/**
 * The back office's catalogue (issue 14, decision 034): events and categories. Every write drops the
 * public read cache, and with it the page micro-cache (decision 003), so the site shows it at once.
 */
export function bindStaffCatalogue(deps: Deps) {
  const catalogue = { db: deps.db, now: deps.now };
  const write = <T>(run: () => Promise<T>) => invalidatingReads(deps, run);
  const withImages = { ...catalogue, images: deps.images };
  return {
    listCategories: (actor: Actor) => listStaffCategories(catalogue, actor),
    createCategory: (actor: Actor, input: CatalogueStaff & { category: StaffCategoryInput }) => write(() => saveStaffCategory(catalogue, actor, input)),
    updateCategory: (actor: Actor, input: CatalogueStaff & { categoryId: number; category: StaffCategoryInput }) =>
      write(() => saveStaffCategory(catalogue, actor, input)),
    deleteCategory: (actor: Actor, input: CatalogueStaff & { categoryId: number }) => write(() => deleteStaffCategory(catalogue, actor, input)),
    moveCategory: (actor: Actor, input: CatalogueStaff & { categoryId: number; move: StaffCategoryMove }) =>
      write(() => moveStaffCategory(catalogue, actor, input)),
    listEvents: (actor: Actor, input: { view: StaffEventView; locale: Locale; categoryId?: number | undefined }) => listStaffEvents(catalogue, actor, input),
    readEvent: (actor: Actor, input: { eventId: string }) => readStaffEvent(catalogue, actor, input),
    createEvent: (actor: Actor, input: CatalogueStaff & { event: StaffEventInput }) => write(() => createStaffEvent(catalogue, actor, input)),
    updateEvent: (actor: Actor, input: CatalogueStaff & { eventId: string; event: StaffEventInput }) => write(() => updateStaffEvent(catalogue, actor, input)),
    duplicateEvent: (actor: Actor, input: CatalogueStaff & { eventId: string; dates: StaffEventDuplicate }) =>
      write(() => duplicateStaffEvent(catalogue, actor, input)),
    /** The event's uploaded image (decision 040): multipart, resized, stored, named by the event. */
    setEventImage: (actor: Actor, input: Parameters<typeof setStaffEventImage>[2]) => write(() => setStaffEventImage(withImages, actor, input)),
    removeEventImage: (actor: Actor, input: CatalogueStaff & { eventId: string }) => write(() => removeStaffEventImage(withImages, actor, input)),
    /** A resized image's bytes by its file name, for the media route; null when there is none. */
    imageFile: (name: string) => deps.images.get(name),
    changeEventState: (actor: Actor, input: CatalogueStaff & { eventId: string; change: StaffEventStateChange }) =>
      write(() => changeStaffEventState(catalogue, actor, input)),
  };
}
