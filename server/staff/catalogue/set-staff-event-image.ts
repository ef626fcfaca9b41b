import { eq } from "drizzle-orm";
import type { StaffEvent } from "../../../core/contracts/staff-catalogue";
import type { FieldErrors } from "../../../core/contracts/errors";
import type { LocalizedText } from "../../../core/contracts/localized-text";
import type { Actor } from "../../../core/domain/permissions";
import { fieldError } from "../../../core/i18n/field-errors";
import { defaultLocale, locales } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import { events } from "../../db/schema";
import { AppError } from "../../errors";
import { imageError, prepareEventImage } from "../../uploads/event-image";
import type { ImageStore } from "../../deps/image-store";
import { readImageUpload } from "../../uploads/read-image-upload";
import { auditCatalogueAction, readStaffEventRecord, type CatalogueDeps, type CatalogueStaff } from "./catalogue-records";
import { holdImageKey, removeUnusedImageFiles } from "./event-image-files";

export type EventImageDeps = CatalogueDeps & { images: ImageStore };

/** The longest alt text (as the event form's `image_alt`). */
const maximumAltLength = 300;

/**
 * Staff upload an event's image (decision 040): multipart `file` (JPEG, PNG or WebP by its bytes, at
 * most 10 MB) and, optionally, `image_alt.en` / `image_alt.de`. An image needs its English alt text,
 * given here or already stored; the German one falls back to it. The files are made first, then
 * stored in the audited transaction that names them, under their key's lock (decision 044); a
 * refusal stores nothing, and files no event shows any more (the replaced image's) are removed after the commit.
 */
export async function setStaffEventImage(
  deps: EventImageDeps,
  actor: Actor,
  input: CatalogueStaff & { eventId: string; stream: ReadableStream<Uint8Array>; contentType: string; contentLength?: number | undefined },
): Promise<StaffEvent> {
  authorize(actor, "staff.catalogue.manage", null);
  const body = await readImageUpload({ stream: input.stream, contentType: input.contentType, contentLength: input.contentLength, locale: input.locale });
  const [current] = await deps.db.select({ imageAlt: events.imageAlt }).from(events).where(eq(events.id, input.eventId)).limit(1);
  if (!current) throw new AppError("NOT_FOUND", "eventNotFound");
  const alt = altTexts(current.imageAlt, body.fields, input.locale);
  if (!body.file) throw imageError("VALIDATION_FAILED", "imageFileMissing", input.locale);
  const prepared = await prepareEventImage(body.file, input.locale);
  const image = { key: prepared.key, widths: prepared.widths };
  let replaced: typeof image | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      // The key's lock first, the event's row second (always in this order): from the first file
      // written until the commit, no removal of the same picture (another event's) can delete them.
      await holdImageKey(tx, image.key);
      const [locked] = await tx.select({ image: events.image }).from(events).where(eq(events.id, input.eventId)).for("update").limit(1);
      if (!locked) throw new AppError("NOT_FOUND", "eventNotFound");
      for (const file of prepared.files) await deps.images.put(file.name, file.bytes);
      replaced = locked.image && locked.image.key !== image.key ? locked.image : null;
      await tx.update(events).set({ image, imageAlt: alt, updatedAt: deps.now() }).where(eq(events.id, input.eventId));
      await auditCatalogueAction(tx, {
        actor,
        actorEmail: input.actorEmail,
        action: "event_image_set",
        details: { event: input.eventId, image: image.key, widths: image.widths, replaced: locked.image?.key ?? null },
        at: deps.now(),
      });
    });
  } catch (error) {
    // Nothing names the new files unless another event shows the same picture (or is storing it now).
    await removeUnusedImageFiles(deps.db, deps.images, image);
    throw error;
  }
  // In a transaction of its own: holding two keys' locks at once could deadlock with an upload swapping them.
  await removeUnusedImageFiles(deps.db, deps.images, replaced);
  return readStaffEventRecord(deps.db, input.eventId);
}

/** The stored alt texts with the posted ones applied (a posted empty German text removes it: English shows, marked). */
function altTexts(stored: LocalizedText, fields: Map<string, string>, locale: CatalogueStaff["locale"]): LocalizedText {
  const alt: LocalizedText = { ...stored };
  const errors: FieldErrors = {};
  for (const each of locales) {
    const posted = fields.get(`image_alt.${each}`);
    if (posted === undefined) continue;
    const text = posted.trim();
    if (text.length > maximumAltLength) Object.assign(errors, fieldError(`image_alt.${each}`, "validation.tooLong", locale, { count: maximumAltLength }));
    if (text) alt[each] = text;
    else if (each === defaultLocale) alt[each] = "";
    else delete alt[each];
  }
  if (!alt[defaultLocale]?.trim()) Object.assign(errors, fieldError(`image_alt.${defaultLocale}`, "validation.imageAlt", locale));
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: errors });
  return alt;
}
