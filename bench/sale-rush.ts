/**
 * Sale rush: many concurrent buyers completing bookings of one event on a real PostgreSQL server.
 * Each buyer saves a draft booking (main participant) and submits it, which holds the place. More
 * buyers than places: the run prints completed bookings per minute, the p95 latency of a buyer,
 * and how many places were oversold (must be 0).
 *
 *   npm run bench:rush      (RUSH_BUYERS=3000 RUSH_PLACES=2500 RUSH_CONCURRENCY=50)
 */
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { submitBooking } from "../server/bookings/submit-booking";
import { openDatabase } from "../server/db/client";
import { bookings, events } from "../server/db/schema";
import { seedIds } from "../server/db/seed";
import { seedIfEmpty } from "../server/seed/seed-if-empty";
import { startPostgresCluster } from "../scripts/postgres-cluster";
import { createDraftBooking } from "../tests/support/factories";

const buyers = Number(process.env.RUSH_BUYERS ?? 3000);
const places = Number(process.env.RUSH_PLACES ?? 2500);
const concurrency = Number(process.env.RUSH_CONCURRENCY ?? 50);

const cluster = await startPostgresCluster(".tmp");
try {
  const database = await openDatabase({ databaseUrl: cluster.url, poolSize: concurrency });
  await seedIfEmpty(database.db, new Date());
  const eventId = seedIds.events.golfYogaTrip;
  await database.db.update(events).set({ capacity: places, placesTaken: 0 }).where(eq(events.id, eventId));

  const latencies: number[] = [];
  let held = 0;
  let refused = 0;
  let next = 0;
  const started = performance.now();
  async function buyer() {
    for (;;) {
      const index = next++;
      if (index >= buyers) return;
      const t0 = performance.now();
      const bookingId = await createDraftBooking(database.db, eventId);
      const result = await submitBooking(database.db, { bookingId, now: new Date() });
      latencies.push(performance.now() - t0);
      if (result.outcome === "held") held += 1;
      else refused += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, buyer));
  const seconds = (performance.now() - started) / 1000;

  const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
  const heldRows = await database.db.select({ places: bookings.placesHeld }).from(bookings).where(eq(bookings.eventId, eventId));
  const placesHeld = heldRows.reduce((sum, row) => sum + row.places, 0);
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
  console.log(`\nSale rush on PostgreSQL: ${buyers} buyers, ${places} places, ${concurrency} at a time`);
  console.log(`  completed bookings    ${held} (${refused} told "fully booked")`);
  console.log(`  bookings per minute   ${((held / seconds) * 60).toFixed(0)}   (pretix documented ~300–400 per event; goal > 3000)`);
  console.log(`  p95 latency           ${p95.toFixed(1)} ms per buyer (save draft + submit)`);
  console.log(
    `  oversold              ${Math.max(0, placesHeld - places)} (places held ${placesHeld}, counter ${event?.placesTaken}, capacity ${event?.capacity})`,
  );
  await database.close();
  if (placesHeld > places || event?.placesTaken !== placesHeld) process.exitCode = 1;
} finally {
  cluster.stop();
}
