import { can, refusalOf, type Action, type Actor, type ActorUser, type BookingSubject, type Refusal, type SubjectOf } from "../../core/domain/permissions";
import { AppError } from "../errors";
import { hashToken } from "./secrets";

const refusalErrors = {
  not_found: () => new AppError("NOT_FOUND", "bookingNotFound"),
  unauthorized: () => new AppError("UNAUTHORIZED", "unauthorized"),
  forbidden: () => new AppError("FORBIDDEN", "forbidden"),
  staff_only: () => new AppError("FORBIDDEN", "staffOnly"),
  admins_only: () => new AppError("FORBIDDEN", "adminsOnly"),
  legal_page_protected: () => new AppError("FORBIDDEN", "legalPageProtected"),
} satisfies Record<Refusal, () => AppError>;

/**
 * The domain verbs' one question before any side effect (core/domain/permissions.ts): returns when
 * the actor may, throws the AppError the refusal answers otherwise.
 */
export function authorize<A extends Action>(actor: Actor, action: A, subject: SubjectOf[A]): void {
  if (!can(actor, action, subject)) throw refusalErrors[refusalOf(actor, action, subject)]();
}

/** The actor of a live session (as `authenticateSession` read it from the database), or the anonymous one. */
export function actorOf(user: ActorUser | null | undefined): Actor {
  return { user: user ? { userId: user.userId, role: user.role, sessionId: user.sessionId, secondFactor: user.secondFactor === true } : null };
}

/** The same actor, also holding a booking's token (from the request body, the query or the booking cookie). */
export function withBookingToken(actor: Actor, bookingToken: string | null | undefined): Actor {
  return bookingToken ? { ...actor, bookingTokenHash: hashToken(bookingToken) } : actor;
}

/** A booking row's facts that decide access to it. */
export function bookingSubject(row: { id: string; userId: string | null; tokenHash: string }): BookingSubject {
  return { id: row.id, ownerId: row.userId, tokenHash: row.tokenHash };
}
