import { and, eq } from "drizzle-orm";
import type { BookingView } from "../../core/contracts/bookings";
import { operatorToday } from "../../core/domain/dates";
import type { Actor } from "../../core/domain/permissions";
import { normalizeVoucherCode, voucherCodePattern } from "../../core/domain/vouchers";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { bookings, events, participants } from "../db/schema";
import type { Deps } from "../deps/deps";
import { AppError } from "../errors";
import { authorizedBooking } from "./authorized-booking";
import { bookingViewOf } from "./booking-view";
import { checkVoucher, discountOfVoucher } from "./voucher-redemption";
import { voucherField, voucherRefusedError } from "./voucher-errors";

/**
 * A discount code entered on the review step (decision 079): checked now (unknown, not valid today,
 * not for this event, used up, the customer's limit), and kept on the draft with what it is worth, so
 * the running price shows it; `code: null` removes it. A refused code changes nothing and says why.
 * The submission checks it again and redeems it under the code's row lock.
 */
export async function applyVoucher(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { bookingId: string; code: string | null; locale: Locale },
): Promise<BookingView> {
  const { db } = deps;
  const booking = await authorizedBooking(db, actor, "booking.edit", { bookingId: input.bookingId });
  const code = input.code === null ? null : normalizeVoucherCode(input.code);
  if (code !== null && !voucherCodePattern.test(code)) {
    const message = translatorFor(input.locale)("api.voucherInvalid");
    throw new AppError("VALIDATION_FAILED", "voucherInvalid", { fieldErrors: { [voucherField]: [message] } });
  }
  const now = deps.now();
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for("update").limit(1);
    if (!locked || locked.status !== "draft") throw new AppError("CONFLICT", "bookingSubmitted");
    let set: Pick<typeof bookings.$inferInsert, "voucherCode" | "voucherDiscount"> = { voucherCode: null, voucherDiscount: null };
    if (code !== null) {
      const [event] = await tx.select({ id: events.id, categoryId: events.categoryId }).from(events).where(eq(events.id, locked.eventId)).limit(1);
      if (!event) throw new AppError("NOT_FOUND", "bookingNotFound");
      // A draft's main participant gets their e-mail at submission; the limit per customer is checked again then.
      const [main] = await tx
        .select({ email: participants.email })
        .from(participants)
        .where(and(eq(participants.bookingId, locked.id), eq(participants.role, "main")))
        .limit(1);
      const checked = await checkVoucher(tx, code, { eventId: event.id, categoryId: event.categoryId, email: main?.email ?? null, today: operatorToday(now) });
      if (!checked.ok) throw voucherRefusedError(checked.reason);
      set = { voucherCode: checked.voucher.code, voucherDiscount: discountOfVoucher(checked.voucher) };
    }
    const [updated] = await tx
      .update(bookings)
      .set({ ...set, updatedAt: now })
      .where(eq(bookings.id, locked.id))
      .returning();
    return bookingViewOf(tx, updated ?? locked, now);
  });
}
