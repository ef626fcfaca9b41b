import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails, waitlistEntries } from "../../server/db/schema";
import { parseEmailMessage } from "../../server/deps/email-messages";
import { renderEmail } from "../../server/email";
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

describe("the sign-up's confirmation and the way off the list (issue 32)", () => {
  const event = seedIds.events.golfCircleFinal;
  const mailsTo = (email: string) =>
    database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.template, "waitlist-joined")));

  it("mails each sign-up in its language, with a signed link that takes the entry off the list once", async () => {
    await services.joinWaitlist({ event, name: "Greta", email: "greta@example.com", party_size: 2 }, "de");
    const [mail] = await mailsTo("greta@example.com");
    expect(mail?.locale).toBe("de");
    if (!mail) return;
    const rendered = await renderEmail(parseEmailMessage(mail), "de");
    expect(rendered.subject).toMatch(/^Sie stehen auf der Warteliste: /);
    expect(rendered.text).toContain("mit 2 Plätzen auf die Warteliste gesetzt");
    const leaveUrl = (mail.payload as { leaveUrl: string }).leaveUrl;
    expect(leaveUrl).toMatch(/^http:\/\/site\.test\/de\/waitlist\/leave\/[0-9a-f-]{36}\.[\w-]{43}$/);
    expect(rendered.html).toContain(leaveUrl);
    const token = leaveUrl.split("/").at(-1) ?? "";

    expect(await services.readWaitlistLeave(token, "de")).toMatchObject({ onTheList: true, partySize: 2 });
    expect(await services.leaveWaitlist(token, "de")).toMatchObject({ outcome: "left" });
    expect(await services.leaveWaitlist(token, "de")).toMatchObject({ outcome: "already_left" });
    expect(await services.readWaitlistLeave(token, "de")).toMatchObject({ onTheList: false });
    const [entry] = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "greta@example.com"));
    expect(entry?.status).toBe("cancelled");
  });

  it("refuses a link that was not signed here, and an English sign-up gets an English mail", async () => {
    await services.joinWaitlist({ event, name: "Olga", email: "olga@example.com", party_size: 1 }, "en");
    const [mail] = await mailsTo("olga@example.com");
    if (!mail) throw new Error("no waitlist-joined mail");
    const rendered = await renderEmail(parseEmailMessage(mail), "en");
    expect(rendered.subject).toMatch(/^You are on the waitlist: /);
    expect(rendered.text).toContain("for 1 place.");
    const token = ((mail.payload as { leaveUrl: string }).leaveUrl.split("/").at(-1) ?? "").replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    await expect(services.leaveWaitlist(token, "en")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(services.leaveWaitlist("not-a-token", "en")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [entry] = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "olga@example.com"));
    expect(entry?.status).toBe("waiting");
  });
});
