import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitlistEntries } from "../../server/db/schema";
import type { DatabaseHandle } from "../../server/db/client";
import { seedIds } from "../../server/db/seed";
import { createServices } from "../../server/services";
import { unusedUploadsDir } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let services: ReturnType<typeof createServices>;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db, {
    cacheTtlMs: 0,
    jwtSecret: "test-secret-of-at-least-thirty-two-characters",
    publicOrigin: "http://site.test",
    uploadsDir: unusedUploadsDir,
  });
});
afterAll(async () => {
  await database.close();
});

describe("waitlist of a fully booked event", () => {
  const event = seedIds.events.golfCircleFinal;

  it("keeps party size and language, queues each address once", async () => {
    expect(await services.joinWaitlist({ event, name: "Ines", email: "ines@example.com", party_size: 2 }, "de")).toEqual({ position: 1 });
    expect(await services.joinWaitlist({ event, name: "Ola", email: "ola@example.com", party_size: 4 }, "en")).toEqual({ position: 2 });
    expect(await services.joinWaitlist({ event, name: "Ines K.", email: "ines@example.com", party_size: 3 }, "de")).toEqual({ position: 1 });
    const rows = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, event));
    expect(rows.map((row) => [row.email, row.partySize, row.locale, row.status]).sort()).toEqual([
      ["ines@example.com", 3, "de", "waiting"],
      ["ola@example.com", 4, "en", "waiting"],
    ]);
  });

  it("is closed for events with free places and unknown events", async () => {
    await expect(services.joinWaitlist({ event: seedIds.events.golfYogaTrip, name: "A", email: "a@example.com", party_size: 1 }, "en")).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(
      services.joinWaitlist({ event: "00000000-0000-4000-8000-000000000000", name: "A", email: "a@example.com", party_size: 1 }, "en"),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
