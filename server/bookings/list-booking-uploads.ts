import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { uploads } from "../db/schema";
import { toUploadView } from "../uploads/store-upload";

/** The files uploaded to a booking, for the upload fields of its pages (the caller opened the booking with its token first). */
export async function listBookingUploads(deps: { db: Queryable }, input: { bookingId: string }) {
  return (await deps.db.select().from(uploads).where(eq(uploads.bookingId, input.bookingId))).map(toUploadView);
}
