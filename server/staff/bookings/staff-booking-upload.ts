import { and, eq } from "drizzle-orm";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { uploads } from "../../db/schema";
import { AppError } from "../../errors";
import type { FileStore } from "../../deps/file-store";
import { findSubmittedBooking } from "./read-staff-booking";

/**
 * `GET api/staff/bookings/{uuid}/uploads/{uploadUuid}`: a file uploaded to a submitted booking,
 * opened from the store, and how to name it, for staff (the route streams it as an attachment, never
 * inline). A row whose file is gone (a restored database, a cleaned folder) is "not found", not a broken stream.
 */
export async function staffBookingUpload(deps: { db: Queryable; files: FileStore }, actor: Actor, input: { bookingId: string; uploadId: string }) {
  authorize(actor, "staff.bookings.download", null);
  const { booking } = await findSubmittedBooking(deps.db, input.bookingId);
  const [file] = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, input.uploadId), eq(uploads.bookingId, booking.id)))
    .limit(1);
  if (!file) throw new AppError("NOT_FOUND", "notFound");
  // The storage key is ours, but the store keeps any path out of its folder or prefix all the same.
  const stored = await deps.files.open(file.storageKey);
  if (!stored) throw new AppError("NOT_FOUND", "notFound");
  return { body: stored.body, name: file.originalName, mediaType: file.mediaType, sizeBytes: stored.sizeBytes };
}
