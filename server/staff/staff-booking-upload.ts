import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { uploads } from "../db/schema";
import { AppError } from "../errors";
import { findSubmittedBooking } from "./read-staff-booking";

/**
 * `GET api/staff/bookings/{uuid}/uploads/{uploadUuid}`: where a file uploaded to a submitted booking
 * lies on disk and how to name it, for staff (the route streams it as an attachment, never inline).
 */
export async function staffBookingUpload(deps: { db: Queryable; uploadsDir: string }, actor: Actor, input: { bookingId: string; uploadId: string }) {
  authorize(actor, "staff.bookings.download", null);
  const { booking } = await findSubmittedBooking(deps.db, input.bookingId);
  const [file] = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, input.uploadId), eq(uploads.bookingId, booking.id)))
    .limit(1);
  if (!file) throw new AppError("NOT_FOUND", "notFound");
  // The storage key is ours, but basename() keeps any path out of the upload folder all the same.
  return { path: path.join(deps.uploadsDir, path.basename(file.storageKey)), name: file.originalName, mediaType: file.mediaType, sizeBytes: file.sizeBytes };
}
