import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, operatorToday } from "../../core/domain/dates";
import { expireHold } from "../../server/bookings/expire-hold";
import { holdAgain } from "../../server/bookings/hold-again";
import { submitBooking } from "../../server/bookings/submit-booking";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, events, participants, voucherRedemptions, vouchers } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { readStaffBooking } from "../../server/staff/bookings/read-staff-booking";
import { createTestApi } from "../support/api-client";
import { createDraftBooking, createStaffMember } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const now = () => new Date();
type NewVoucher = Partial<typeof vouchers.$inferInsert> & { code: string };
async function makeVoucher(values: NewVoucher) {
  const [row] = await database.db
    .insert(vouchers)
    .values({ discountKind: "amount", discountValue: 5000, ...values })
    .returning();
  if (!row) throw new Error("no voucher");
  return row;
}
async function voucherRow(id: string) {
  const [row] = await database.db.select().from(vouchers).where(eq(vouchers.id, id));
  if (!row) throw new Error("no voucher");
  return row;
}
async function draftWithCode(eventId: string, code: string, companions: Parameters<typeof createDraftBooking>[2] = []) {
  const bookingId = await createDraftBooking(database.db, eventId, companions);
  await database.db.update(bookings).set({ voucherCode: code }).where(eq(bookings.id, bookingId));
  return bookingId;
}
async function bookingRow(id: string) {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error("no booking");
  return row;
}

describe("a discount code at submission", () => {
  it("takes its amount off the total as a negative price line and counts one use", async () => {
    const voucher = await makeVoucher({ code: "GOLF50" });
    const bookingId = await draftWithCode(seedIds.events.golfYogaTrip, "GOLF50", ["non_playing"]);
    const result = await submitBooking(database.db, { bookingId, now: now() });
    expect(result.outcome).toBe("held");
    const booking = await bookingRow(bookingId);
    // 108.00 + 88.00 = 196.00, less 50.00 = 146.00; the deposit is 25 % of what is left.
    expect(booking).toMatchObject({ totalCents: 14600, discountCents: 5000, depositCents: 3650, voucherCode: "GOLF50" });
    const discount = booking.priceLines?.filter((line) => line.kind === "discount") ?? [];
    expect(discount.reduce((sum, line) => sum + line.totalCents, 0)).toBe(-5000);
    expect(discount[0]?.label).toEqual({ en: "Voucher GOLF50", de: "Gutschein GOLF50" });
    expect(booking.priceLines?.reduce((sum, line) => sum + line.totalCents, 0)).toBe(14600);
    expect((await voucherRow(voucher.id)).timesUsed).toBe(1);
    // The back office's money panel lists it, in the reader's language.
    const staff = await createStaffMember(database.db);
    const detail = await readStaffBooking(
      { db: database.db, now },
      { user: { userId: staff.id, role: "staff", sessionId: "test", secondFactor: true } },
      { bookingId, locale: "de" },
    );
    expect(detail.money.lines.filter((line) => line.kind === "discount").map((line) => [line.label, line.total_cents])).toEqual([["Gutschein GOLF50", -5000]]);
    expect(detail.money.total_cents).toBe(14600);
  });

  it("is redeemed exactly its limit when 20 buyers use it at once", async () => {
    const limit = 3;
    const voucher = await makeVoucher({ code: "LASTCAR", usageLimit: limit, discountKind: "percent", discountValue: 10 });
    const eventId = seedIds.events.golfCircleTournament;
    const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
    if (!event) throw new Error("no event");
    await database.db
      .update(events)
      .set({ capacity: event.placesTaken + 40 })
      .where(eq(events.id, eventId));
    const drafts = await Promise.all(Array.from({ length: 20 }, () => draftWithCode(eventId, "LASTCAR")));
    const results = await Promise.all(drafts.map((bookingId) => submitBooking(database.db, { bookingId, now: now() })));
    expect(results.filter((result) => result.outcome === "held")).toHaveLength(limit);
    expect(results.filter((result) => result.outcome === "voucher_refused" && result.reason === "used_up")).toHaveLength(20 - limit);
    expect((await voucherRow(voucher.id)).timesUsed).toBe(limit);
    const redemptions = await database.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, voucher.id));
    expect(redemptions).toHaveLength(limit);
    // A refused buyer's draft is as it was: no places, no code, no price.
    const refused = drafts.filter((_, index) => results[index]?.outcome === "voucher_refused");
    for (const bookingId of refused) expect(await bookingRow(bookingId)).toMatchObject({ status: "draft", code: null, placesHeld: 0, discountCents: 0 });
    const [after] = await database.db.select().from(events).where(eq(events.id, eventId));
    expect(after?.placesTaken).toBe(event.placesTaken + limit);
  });

  it("refuses an unknown, expired, not yet valid or foreign code with its reason, changing nothing", async () => {
    const today = operatorToday(now());
    await makeVoucher({ code: "OLD", validUntil: addDays(today, -1) });
    await makeVoucher({ code: "SOON", validFrom: addDays(today, 1) });
    await makeVoucher({ code: "ELSEWHERE", eventIds: [seedIds.events.trackDayTwoDays] });
    for (const [code, reason] of [
      ["NOPE", "unknown"],
      ["OLD", "expired"],
      ["SOON", "not_yet_valid"],
      ["ELSEWHERE", "not_for_event"],
    ] as const) {
      const bookingId = await draftWithCode(seedIds.events.golfYogaTrip, code);
      expect(await submitBooking(database.db, { bookingId, now: now() })).toEqual({ outcome: "voucher_refused", reason });
      expect(await bookingRow(bookingId)).toMatchObject({ status: "draft", placesHeld: 0 });
    }
  });

  it("counts the per-customer limit by e-mail, in any case", async () => {
    await makeVoucher({ code: "ONCEEACH", perCustomerLimit: 1 });
    const first = await draftWithCode(seedIds.events.golfYogaTrip, "ONCEEACH");
    const second = await draftWithCode(seedIds.events.golfYogaTrip, "ONCEEACH");
    await database.db.update(participants).set({ email: "Repeat@Example.com" }).where(eq(participants.bookingId, first));
    await database.db.update(participants).set({ email: "repeat@example.COM" }).where(eq(participants.bookingId, second));
    expect((await submitBooking(database.db, { bookingId: first, now: now() })).outcome).toBe("held");
    expect(await submitBooking(database.db, { bookingId: second, now: now() })).toEqual({ outcome: "voucher_refused", reason: "customer_limit" });
  });

  it("gives its use back when the booking's hold runs out", async () => {
    const voucher = await makeVoucher({ code: "COMEBACK", usageLimit: 1 });
    const bookingId = await draftWithCode(seedIds.events.golfYogaTrip, "COMEBACK");
    const submittedAt = now();
    expect((await submitBooking(database.db, { bookingId, now: submittedAt })).outcome).toBe("held");
    expect((await voucherRow(voucher.id)).timesUsed).toBe(1);
    const booking = await bookingRow(bookingId);
    expect(await expireHold(database.db, bookingId, new Date((booking.holdExpiresAt ?? submittedAt).getTime() + 1000))).toBe("expired");
    expect((await voucherRow(voucher.id)).timesUsed).toBe(0);
    const [redemption] = await database.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.bookingId, bookingId));
    expect(redemption?.releasedAt).not.toBeNull();
    const next = await draftWithCode(seedIds.events.golfYogaTrip, "COMEBACK");
    expect((await submitBooking(database.db, { bookingId: next, now: now() })).outcome).toBe("held");
  });

  it("gives its use back when staff cancel the booking, which keeps its discount line", async () => {
    const voucher = await makeVoucher({ code: "CANCELLED", usageLimit: 1 });
    const bookingId = await draftWithCode(seedIds.events.golfYogaTrip, "CANCELLED");
    await database.db.update(bookings).set({ paymentOption: "invoice" }).where(eq(bookings.id, bookingId));
    expect((await submitBooking(database.db, { bookingId, now: now() })).outcome).toBe("held");
    expect((await voucherRow(voucher.id)).timesUsed).toBe(1);
    const staff = await createStaffMember(database.db);
    const api = createTestApi(database);
    await api.services.staffActions.cancel({ user: { userId: staff.id, role: "staff", sessionId: "test", secondFactor: true } }, { bookingId, refund: "none", notify: false, staff: { id: staff.id, email: staff.email } });
    const booking = await bookingRow(bookingId);
    expect(booking.status).toBe("cancelled");
    expect(booking.priceLines?.some((line) => line.kind === "discount")).toBe(true);
    expect((await voucherRow(voucher.id)).timesUsed).toBe(0);
  });

  it("takes its use again when the booking takes its places again (a late payment, a cancellation reversed)", async () => {
    const voucher = await makeVoucher({ code: "LATEPAY", usageLimit: 1 });
    const bookingId = await draftWithCode(seedIds.events.golfYogaTrip, "LATEPAY");
    const submittedAt = now();
    expect((await submitBooking(database.db, { bookingId, now: submittedAt })).outcome).toBe("held");
    const booking = await bookingRow(bookingId);
    await expireHold(database.db, bookingId, new Date((booking.holdExpiresAt ?? submittedAt).getTime() + 1000));
    expect((await voucherRow(voucher.id)).timesUsed).toBe(0);
    expect(await holdAgain(database.db, booking)).toBe(true);
    expect((await voucherRow(voucher.id)).timesUsed).toBe(1);
    const [redemption] = await database.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.bookingId, bookingId));
    expect(redemption?.releasedAt).toBeNull();
  });
});
