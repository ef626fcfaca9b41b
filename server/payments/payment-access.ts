import { eq } from "drizzle-orm";
import { hashToken } from "../auth/secrets";
import type { Queryable } from "../db/client";
import { bookings, payments } from "../db/schema";
import type { EmailToSend } from "../deps/enqueue-email";
import { anonymousActor, type Actor } from "../../core/domain/permissions";
import { withBookingToken } from "../auth/authorize";
import { type PaymentProviders } from "../deps/payment-provider";
import { bookingOfPayLink } from "./pay-links";
import type { Deps } from "../deps/deps";

export type PaymentDeps = {
  /** The enabled card providers, the operator's default first (decision 071). */
  providers: PaymentProviders;
  /** Absolute origin of the site, for the return URLs and e-mail links. */
  publicOrigin: string;
  /** Stores a mail in the caller's transaction (the e-mail outbox). */
  enqueueMail: (tx: Queryable, mail: EmailToSend) => Promise<unknown>;
  /** Signs the "pay now" links of e-mails (pay-links.ts). */
  payLinkSecret: string;
  /** Signs the "manage my booking" link every booking e-mail carries (server/bookings/manage-links.ts). */
  manageLinkSecret: string;
};

/**
 * Who asks to pay: the browser holding the booking's token, the logged-in owner, or the holder of an
 * earlier payment's return token (the retry button of `/payment/failed/{token}`).
 */
export type PaymentAccess = {
  bookingToken?: string | undefined;
  userId?: string | null | undefined;
  returnToken?: string | undefined;
  /** The token of an e-mail's pay link (`/pay/{token}`). */
  payLink?: string | undefined;
};

/**
 * The actor of a payment call, from what `access` presents: the pay link verified, the return token
 * looked up (reads only). A presented booking token is the only key then held: a wrong one is "not
 * found", whatever else came with it. Whether it may pay is createPayment's question ("booking.pay").
 */
export async function paymentCaller(deps: Pick<Deps, "db" | "payLinkSecret">, access: PaymentAccess): Promise<Actor> {
  if (access.bookingToken) return withBookingToken(anonymousActor, access.bookingToken);
  const returned = access.returnToken ? await paymentByReturnToken(deps.db, access.returnToken) : null;
  return {
    // Only the id matters to "booking.pay": an owner's role and session are the caller's concern.
    user: access.userId ? { userId: access.userId, role: "customer", sessionId: "" } : null,
    payLinkBookingId: access.payLink ? (bookingOfPayLink(deps.payLinkSecret, access.payLink) ?? undefined) : undefined,
    returnTokenBookingId: returned?.booking.id,
  };
}

/** The payment a return page's token stands for, with its booking; null for an unknown token. */
export async function paymentByReturnToken(db: Queryable, token: string) {
  const [row] = await db
    .select({ payment: payments, booking: bookings })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.returnTokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}
