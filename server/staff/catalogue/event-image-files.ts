import { eq, sql } from "drizzle-orm";
import { eventImageFileName, eventImageFormats, type StoredEventImage } from "../../../core/contracts/event-images";
import type { Database, Queryable } from "../../db/client";
import { events } from "../../db/schema";
import type { ImageStore } from "../../deps/image-store";

/**
 * The advisory-lock space of image keys (decision 044): the two-number form of PostgreSQL's advisory
 * locks, so it never meets the one-number keys of other locks (the seed's). The second number is the
 * first 32 bits of the content hash: two pictures sharing it only wait for each other, never mix up.
 */
const imageLockSpace = 7_352_044;
const lockNumber = (key: string) => Number.parseInt(key.slice(0, 8), 16) | 0;

/**
 * Writers of an image's files (an upload) hold its key's lock shared from before the first file is
 * written until the event that names them commits; the removal below holds it exclusively. So a
 * removal either finishes before the files are written again or sees the event that names them.
 */
export async function holdImageKey(tx: Queryable, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${imageLockSpace}::integer, ${lockNumber(key)}::integer)`);
}

/**
 * An image's files leave the store when no event shows them any more: a duplicated event shares its
 * source's files (same key), and the same photo uploaded to two events has the same content-hashed
 * name. Called after the change's commit, so a failed change never loses the files it still shows,
 * and in a transaction of its own holding the key's lock exclusively (decision 044): an upload of the
 * same picture to another event that is still writing or committing cannot lose its files.
 */
export async function removeUnusedImageFiles(db: Database, store: ImageStore, image: StoredEventImage | null) {
  if (!image) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${imageLockSpace}::integer, ${lockNumber(image.key)}::integer)`);
    // A statement after the lock: under read committed it sees every event committed before the lock was granted.
    const [used] = await tx
      .select({ id: events.id })
      .from(events)
      .where(eq(sql`${events.image}->>'key'`, image.key))
      .limit(1);
    if (used) return;
    for (const width of image.widths) {
      for (const format of eventImageFormats) await store.remove(eventImageFileName(image.key, width, format));
    }
  });
}
