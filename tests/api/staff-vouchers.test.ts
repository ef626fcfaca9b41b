import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffVoucherInput } from "../../core/contracts/staff-vouchers";
import type { Actor } from "../../core/domain/permissions";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { applyVoucher } from "../../server/bookings/apply-voucher";
import { bookingCaller } from "../../server/bookings/authorized-booking";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, staffAuditLog } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { AppError } from "../../server/errors";
import { listStaffVouchers } from "../../server/staff/vouchers/list-staff-vouchers";
import { saveStaffVoucher } from "../../server/staff/vouchers/save-staff-voucher";
import { setStaffVoucherActive } from "../../server/staff/vouchers/set-staff-voucher-active";
import { createDraftBooking, createStaffMember } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let staff: Actor;
let staffEmail: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const member = await createStaffMember(database.db);
  staff = { user: { userId: member.id, role: "staff", sessionId: "test", secondFactor: true } };
  staffEmail = member.email;
});
afterAll(async () => {
  await database.close();
});

const deps = () => ({ db: database.db, now: () => new Date() });
const input = (values: Partial<StaffVoucherInput> = {}): StaffVoucherInput => ({
  code: "club-10",
  discount_kind: "percent",
  discount_value: 10,
  valid_from: null,
  valid_until: null,
  usage_limit: 20,
  per_customer_limit: 1,
  event_ids: [],
  category_ids: [],
  ...values,
});
async function refusal(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!AppError.is(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}
async function draftWithToken(eventId: string) {
  const bookingId = await createDraftBooking(database.db, eventId);
  const token = newSecretToken();
  await database.db.update(bookings).set({ tokenHash: hashToken(token) }).where(eq(bookings.id, bookingId));
  return { bookingId, actor: bookingCaller({ bookingToken: token }) };
}

describe("discount codes in the back office", () => {
  it("are created in upper case, listed, changed and deactivated, each action in the staff audit log", async () => {
    const created = await saveStaffVoucher(deps(), staff, { voucher: input(), actorEmail: staffEmail, locale: "en" });
    expect(created).toMatchObject({ code: "CLUB-10", discount_kind: "percent", discount_value: 10, times_used: 0, active: true });
    expect((await listStaffVouchers(deps(), staff)).map((voucher) => voucher.code)).toContain("CLUB-10");
    const changed = await saveStaffVoucher(deps(), staff, { voucherId: created.id, voucher: input({ usage_limit: 30 }), actorEmail: staffEmail, locale: "en" });
    expect(changed.usage_limit).toBe(30);
    expect((await setStaffVoucherActive(deps(), staff, { voucherId: created.id, active: false, actorEmail: staffEmail })).active).toBe(false);
    const audit = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.actorEmail, staffEmail)).orderBy(staffAuditLog.id);
    expect(audit.map((row) => [row.action, row.details.code])).toEqual([
      ["voucher_created", "CLUB-10"],
      ["voucher_updated", "CLUB-10"],
      ["voucher_deactivated", "CLUB-10"],
    ]);
    expect(audit[1]?.details.changed).toEqual(["usageLimit"]);
  });

  it("refuses a code that exists already, and bad values, naming the field, with nothing written", async () => {
    await saveStaffVoucher(deps(), staff, { voucher: input({ code: "TWICE" }), actorEmail: staffEmail, locale: "de" });
    const taken = await refusal(saveStaffVoucher(deps(), staff, { voucher: input({ code: "twice" }), actorEmail: staffEmail, locale: "de" }));
    expect(taken.fieldErrors?.code).toEqual(["Es gibt bereits einen Code TWICE."]);
    const bad = await refusal(saveStaffVoucher(deps(), staff, { voucher: input({ code: "NEW", discount_value: 150, usage_limit: 0 }), actorEmail: staffEmail, locale: "en" }));
    expect(Object.keys(bad.fieldErrors ?? {})).toEqual(["discount_value", "usage_limit"]);
    expect((await listStaffVouchers(deps(), staff)).filter((voucher) => voucher.code === "NEW")).toHaveLength(0);
    const audit = await database.db.select().from(staffAuditLog).where(and(eq(staffAuditLog.actorEmail, staffEmail), eq(staffAuditLog.action, "voucher_created")));
    expect(audit.map((row) => row.details.code)).toEqual(["CLUB-10", "TWICE"]);
  });

  it("are for staff only", async () => {
    const customer: Actor = { user: { userId: staff.user?.userId ?? "", role: "customer", sessionId: "test" } };
    expect((await refusal(listStaffVouchers(deps(), customer))).code).toBe("FORBIDDEN");
    expect((await refusal(saveStaffVoucher(deps(), { user: null }, { voucher: input({ code: "NOBODY" }), actorEmail: "x", locale: "en" }))).code).toBe("UNAUTHORIZED");
  });
});

describe("a customer enters a code on the review step", () => {
  it("keeps a valid code on the draft and prices it; removing it takes the discount off", async () => {
    await saveStaffVoucher(deps(), staff, { voucher: input({ code: "FIFTY", discount_kind: "amount", discount_value: 5000 }), actorEmail: staffEmail, locale: "en" });
    const { bookingId, actor } = await draftWithToken(seedIds.events.golfYogaTrip);
    const view = await applyVoucher(deps(), actor, { bookingId, code: " fifty ", locale: "en" });
    expect(view.voucher).toEqual({ code: "FIFTY", discount: { kind: "amount", amountCents: 5000 } });
    // 108.00 less 50.00.
    expect(view).toMatchObject({ total_cents: 5800, discount_cents: 5000 });
    const removed = await applyVoucher(deps(), actor, { bookingId, code: null, locale: "en" });
    expect(removed).toMatchObject({ voucher: null, total_cents: 10800, discount_cents: 0 });
  });

  it("refuses an unknown, deactivated or foreign code with its localized reason and keeps the draft as it was", async () => {
    const foreign = await saveStaffVoucher(deps(), staff, { voucher: input({ code: "TRACKONLY", event_ids: [seedIds.events.trackDayTwoDays] }), actorEmail: staffEmail, locale: "en" });
    const off = await saveStaffVoucher(deps(), staff, { voucher: input({ code: "OFF" }), actorEmail: staffEmail, locale: "en" });
    await setStaffVoucherActive(deps(), staff, { voucherId: off.id, active: false, actorEmail: staffEmail });
    const { bookingId, actor } = await draftWithToken(seedIds.events.golfYogaTrip);
    await applyVoucher(deps(), actor, { bookingId, code: "FIFTY", locale: "en" });
    for (const [code, locale, message] of [
      ["NOSUCH", "en", "We do not know this code. Please check how it is spelt."],
      ["OFF", "de", "Dieser Code ist nicht mehr gültig."],
      [foreign.code, "en", "This code is not valid for this event."],
      ["x", "en", "Please enter a code of 3 to 32 letters, digits or dashes."],
    ] as const) {
      const error = await refusal(applyVoucher(deps(), actor, { bookingId, code, locale }));
      expect(error.fieldErrors?.voucher_code?.[0] ?? error.toResponse(locale).message).toBe(message);
    }
    const [draft] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(draft).toMatchObject({ voucherCode: "FIFTY", status: "draft" });
  });
});
