import { data } from "react-router";
import { AppError } from "../../server/errors";

/**
 * The one way a loader or action ends in an error page: a thrown `data(null, { status })`, which
 * root.tsx's ErrorBoundary renders as the localized error page (app/components/error-page.tsx).
 */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * Logged in, but not allowed here: a customer in the back office, or (`"admins"`) a staff member on
 * an admins' page, whom the 403 page tells so instead of asking for a staff login (issue 32).
 */
export function forbidden(kind: "staff" | "admins" = "staff"): never {
  throw data(kind === "admins" ? { forbidden: "admins" } : null, { status: 403 });
}

export function badRequest(): never {
  throw data(null, { status: 400 });
}

/** A service's NOT_FOUND (the thing asked for does not exist, or is not this visitor's) becomes the 404 page. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (AppError.is(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

/** A booking or invoice uuid in the address; anything else is a page that does not exist. */
export function uuidOrNotFound(value: string | null | undefined): string {
  if (!value || !/^[0-9a-f-]{36}$/i.test(value)) notFound();
  return value;
}
