import { and, eq } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import type { Actor } from "../../core/domain/permissions";
import type { RateLimiter } from "../auth/rate-limiter";
import type { Database, Queryable } from "../db/client";
import { bookingEvents, bookings, participants } from "../db/schema";
import type { EmailToSend } from "../email";
import { AppError } from "../errors";
import { openManageLink } from "./manage-access";
import { manageLinkUrl } from "./manage-links";

type RenewalDeps = {
  db: Database;
  now: () => Date;
  manageLinkSecret: string;
  publicOrigin: string;
  enqueueMail: (tx: Queryable, mail: EmailToSend) => Promise<unknown>;
  manageLinkLimiter: RateLimiter;
};

/** New links one booking may be sent per hour (before the rate-limit multiplier): enough for a lost mail, too few to flood an inbox. */
export const manageLinksPerBookingPerHour = 3;

/**
 * "Send me a new link" (decision 023): raises the booking's link generation, which revokes every link
 * handed out before (this one too), and mails the new link to the booking's e-mail address, never to
 * the caller. One transaction: the generation, the audit row and the outbox mail commit together.
 * Counted per booking, so a leaked link cannot be used to flood the customer's inbox.
 */
export async function renewManageLink(deps: RenewalDeps, caller: Actor, input: { token: string }): Promise<{ sentTo: string }> {
  // Checked once before counting, so a wrong link does not use up the booking's allowance.
  const first = await openManageLink(deps, caller, { token: input.token });
  const allowance = await deps.manageLinkLimiter.hit(first.booking.id);
  if (!allowance.allowed) {
    throw new AppError("TOO_MANY_REQUESTS", "tooManyManageLinks", {
      params: { count: Math.max(1, Math.ceil(allowance.retryAfterSeconds / 60)) },
      retryAfterSeconds: allowance.retryAfterSeconds,
    });
  }
  return deps.db.transaction(async (tx) => {
    const { booking, event } = await openManageLink({ ...deps, db: tx }, caller, { token: input.token, lock: true });
    const [main] = await tx
      .select({ email: participants.email, forename: participants.forename, surname: participants.surname })
      .from(participants)
      .where(and(eq(participants.bookingId, booking.id), eq(participants.role, "main")))
      .limit(1);
    if (!main?.email) throw new AppError("CONFLICT", "manageLinkNoEmail");
    const generation = booking.manageLinkGeneration + 1;
    await tx.update(bookings).set({ manageLinkGeneration: generation, updatedAt: deps.now() }).where(eq(bookings.id, booking.id));
    await tx.insert(bookingEvents).values({
      bookingId: booking.id,
      fromStatus: booking.status,
      toStatus: booking.status,
      cause: "new manage link sent; earlier links revoked",
      details: { action: "manage_link_renewed", generation },
      at: deps.now(),
    });
    await deps.enqueueMail(tx, {
      to: main.email,
      locale: booking.locale,
      template: "manage-link",
      payload: {
        name: [main.forename, main.surname].filter(Boolean).join(" ") || main.email,
        code: booking.code ?? "—",
        eventTitle: pickLocale(event.title, booking.locale),
        manageUrl: manageLinkUrl(deps.publicOrigin, deps.manageLinkSecret, { id: booking.id, manageLinkGeneration: generation, locale: booking.locale }),
      },
    });
    return { sentTo: main.email };
  });
}
