import { eq, sql } from "drizzle-orm";
import { companionItemOptions } from "../../core/domain/booking-choices";
import type { Actor } from "../../core/domain/permissions";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { bookings, participants } from "../db/schema";
import type { Deps } from "../deps/deps";
import { AppError } from "../errors";
import { authorizedBooking } from "./authorized-booking";
import { companionsOf } from "./booking-view";

/** Adds one blank companion (the page's "Add companion" button without scripts); refused at the maximum. */
export async function addBlankCompanion(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { bookingId: string; companionItem: { uuid: string; options: Record<string, unknown> }; locale: Locale },
): Promise<void> {
  const { db } = deps;
  const booking = await authorizedBooking(db, actor, "booking.edit", { bookingId: input.bookingId });
  const options = companionItemOptions(input.companionItem.options);
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for("update").limit(1);
    if (!locked || locked.status !== "draft") throw new AppError("CONFLICT", "bookingSubmitted");
    const existing = await companionsOf(tx, booking.id);
    if (existing.length >= options.maxCompanions) {
      throw new AppError("VALIDATION_FAILED", "pageInvalid", {
        fieldErrors: { [input.companionItem.uuid]: [translatorFor(input.locale)("validation.maxCompanions")] },
      });
    }
    const position = Math.max(0, ...existing.map((row) => row.position)) + 1;
    await tx.insert(participants).values({ bookingId: booking.id, role: "companion", position, companionType: options.types[0] ?? null });
    await tx
      .update(bookings)
      .set({ version: sql`${bookings.version} + 1` })
      .where(eq(bookings.id, booking.id));
  });
}
