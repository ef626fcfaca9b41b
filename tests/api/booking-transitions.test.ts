import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordTransition, auditDetailsSchema, TransitionRefused } from "../../server/bookings/record-transition";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, jobs, outboxEmails } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { enqueueEmail } from "../../server/deps/enqueue-email";
import { balanceDueJob, runBalanceDue } from "../../server/payments/balance-due";
import { createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * `recordTransition` (server/bookings/record-transition.ts): every status change goes through the
 * transition table, writes its audit row with the event as structured data, and its follow-up jobs;
 * balance reminders are counted from that structured data, not from the audit row's wording.
 */

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
});
afterAll(async () => {
  await database.close();
});

const auditOf = (bookingId: string) => database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id));

async function bookingRow(id: string) {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error("no booking");
  return row;
}

/** A trip booking whose deposit is paid: confirmed, with a balance still to pay. */
async function confirmedWithBalance() {
  const { bookingId } = await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip, { companions: ["non_playing"] });
  const held = await bookingRow(bookingId);
  await database.db.transaction((tx) =>
    recordTransition(tx, {
      booking: held,
      event: "paid_in_part",
      cause: "deposit paid (test)",
      set: { paidCents: held.depositCents, holdExpiresAt: null },
      now: new Date(),
    }),
  );
  return bookingRow(bookingId);
}

const balanceDeps = (now: Date) => ({ now, publicOrigin: "http://site.test", payLinkSecret: "pay-link-secret-of-enough-length-1234", manageLinkSecret: "manage-link-secret-of-enough-length-12", enqueueMail: enqueueEmail });

describe("recording a transition", () => {
  it("writes the status, the audit row with its structured event, and the follow-up job the table names", async () => {
    const booking = await confirmedWithBalance();
    expect(booking).toMatchObject({ status: "confirmed", paidCents: booking.depositCents, holdExpiresAt: null });
    const audit = await auditOf(booking.id);
    expect(audit.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([
      ["draft", "submitted"],
      ["submitted", "confirmed"],
    ]);
    expect(audit.map((entry) => auditDetailsSchema.parse(entry.details).event)).toEqual(["submitted_for_card_payment", "paid_in_part"]);
    const followUps = await database.db.select().from(jobs).where(and(eq(jobs.kind, balanceDueJob), eq(jobs.payload, { bookingId: booking.id })));
    expect(followUps).toHaveLength(1);
  });

  it("refuses an event the table does not allow in the booking's status, and the transaction writes nothing", async () => {
    const booking = await confirmedWithBalance();
    const before = await auditOf(booking.id);
    await expect(
      database.db.transaction((tx) => recordTransition(tx, { booking, event: "hold_expired", cause: "should not happen", set: { placesHeld: 0 }, now: new Date() })),
    ).rejects.toBeInstanceOf(TransitionRefused);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed", placesHeld: booking.placesHeld });
    expect(await auditOf(booking.id)).toHaveLength(before.length);
  });
});

describe("balance reminders", () => {
  it("are counted from the audit's structured event: a reminder whose wording changed still counts", async () => {
    const booking = await confirmedWithBalance();
    const reminderMails = async () =>
      (await database.db.select().from(outboxEmails).where(eq(outboxEmails.template, "balance-due"))).filter((mail) =>
        JSON.stringify(mail.payload).includes(booking.code ?? "—"),
      );

    expect(await runBalanceDue(database.db, { bookingId: booking.id }, balanceDeps(new Date()))).toBe("sent");
    const [first] = (await auditOf(booking.id)).filter((entry) => auditDetailsSchema.parse(entry.details).event === "balance_reminder_sent");
    expect(first).toMatchObject({ fromStatus: "confirmed", toStatus: "confirmed", details: { event: "balance_reminder_sent", n: 1, reminder: false } });

    // Someone rewords the audit text (a translation, a clearer sentence): the count must not care.
    await database.db
      .update(bookingEvents)
      .set({ cause: "Zahlungserinnerung verschickt" })
      .where(eq(bookingEvents.id, first?.id ?? -1));

    expect(await runBalanceDue(database.db, { bookingId: booking.id }, balanceDeps(new Date()))).toBe("sent");
    expect((await reminderMails()).map((mail) => (mail.payload as { reminder: boolean }).reminder)).toEqual([false, true]);
    const reminders = (await auditOf(booking.id)).filter((entry) => auditDetailsSchema.parse(entry.details).event === "balance_reminder_sent");
    expect(reminders.map((entry) => entry.details)).toMatchObject([{ n: 1 }, { n: 2, reminder: true }]);
    // Each reminder leaves the next one a week later (plus the first job, still marked not done here).
    const scheduled = await database.db.select().from(jobs).where(and(eq(jobs.kind, balanceDueJob), eq(jobs.payload, { bookingId: booking.id })));
    expect(scheduled).toHaveLength(3);
  });

  it("a free-text audit row that merely reads like a reminder does not count", async () => {
    const booking = await confirmedWithBalance();
    await database.db.insert(bookingEvents).values({
      bookingId: booking.id,
      fromStatus: "confirmed",
      toStatus: "confirmed",
      cause: "balance due e-mail sent",
      details: { note: "written by hand" },
    });
    expect(await runBalanceDue(database.db, { bookingId: booking.id }, balanceDeps(new Date()))).toBe("sent");
    const [mail] = (await database.db.select().from(outboxEmails).where(eq(outboxEmails.template, "balance-due"))).filter((candidate) =>
      JSON.stringify(candidate.payload).includes(booking.code ?? "—"),
    );
    expect(mail?.payload).toMatchObject({ reminder: false });
  });
});
