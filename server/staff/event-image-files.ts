import { eq, sql } from "drizzle-orm";
import { eventImageFileName, eventImageFormats, type StoredEventImage } from "../../core/contracts/event-images";
import type { Queryable } from "../db/client";
import { events } from "../db/schema";
import type { ImageStore } from "../uploads/image-store";

/**
 * An image's files leave the store when no event shows them any more: a duplicated event shares its
 * source's files (same key), and the same photo uploaded to two events has the same content-hashed
 * name. Called after the change's commit, so a failed change never loses the files it still shows.
 */
export async function removeUnusedImageFiles(db: Queryable, store: ImageStore, image: StoredEventImage | null) {
  if (!image) return;
  const [used] = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(sql`${events.image}->>'key'`, image.key))
    .limit(1);
  if (used) return;
  for (const width of image.widths) {
    for (const format of eventImageFormats) await store.remove(eventImageFileName(image.key, width, format));
  }
}
