import { and, eq, inArray } from "drizzle-orm";
import type { FieldErrors } from "../../core/contracts/errors";
import type { LaterDetailsInput } from "../../core/contracts/manage-booking";
import { operatorToday } from "../../core/domain/dates";
import type { Actor } from "../../core/domain/permissions";
import { isCompletableLater, messageValues, takesAnswer, validateAnswer } from "../../core/forms/kinds";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { authorize, bookingSubject } from "../auth/authorize";
import { getBookingForm } from "../catalog/forms";
import type { Database, Queryable } from "../db/client";
import { bookingEvents, bookings, forms, uploads } from "../db/schema";
import { AppError } from "../errors";
import { openManageLink, type ManagedBooking } from "./manage-access";
import { laterDetailsWindow } from "./manage-view";

type LaterDetailsDeps = { db: Database; manageLinkSecret: string; now: () => Date };

/**
 * The booking a manage link opens, for completing details after checkout: the link, the permission
 * ("booking.complete-details") and the form's deadline checked; locked for update when asked.
 */
export async function openForLaterDetails(
  deps: { db: Queryable; manageLinkSecret: string; now: () => Date },
  caller: Actor,
  input: { token: string; lock: boolean },
): Promise<ManagedBooking> {
  const managed = await openManageLink(deps, caller, input);
  const { booking, event } = managed;
  authorize(managed.actor, "booking.complete-details", bookingSubject(booking));
  const [formRow] = await deps.db.select({ days: forms.laterDetailsDaysBeforeEvent }).from(forms).where(eq(forms.id, booking.formId)).limit(1);
  if (!laterDetailsWindow({ startsOn: event.startsOn, daysBeforeEvent: formRow?.days ?? null, status: booking.status, now: deps.now() }).open) {
    throw new AppError("CONFLICT", "laterDetailsClosed");
  }
  return managed;
}

/**
 * Saves answers to the items that may be completed later, after checkout (decision 023): only those
 * items, validated by the same kind registry as the booking pages, while the form's deadline has not
 * passed. One transaction: the booking row locked, the answers merged, one audit row naming the items.
 * A refused call (wrong, revoked or expired link, closed window, bad answer) changes nothing.
 */
export async function saveLaterDetails(deps: LaterDetailsDeps, caller: Actor, input: { token: string; answers: LaterDetailsInput["answers"]; locale: Locale }) {
  const now = deps.now();
  const t = translatorFor(input.locale);
  return deps.db.transaction(async (tx) => {
    const managed = await openForLaterDetails({ ...deps, db: tx }, caller, { token: input.token, lock: true });
    const { booking } = managed;
    const form = await getBookingForm({ db: tx }, input.locale, booking, now);
    const laterItems = form.pages.flatMap((page) => page.items).filter((item) => takesAnswer(item) && isCompletableLater(item));
    const errors: FieldErrors = {};
    for (const uuid of Object.keys(input.answers)) {
      if (!laterItems.some((item) => item.uuid === uuid)) errors[uuid] = [t("api.laterDetailsNotAllowed")];
    }
    const fileAnswers = laterItems.filter((item) => item.kind === "upload" || item.kind === "file").map((item) => input.answers[item.uuid]);
    const files = fileAnswers.some((value) => typeof value === "string" && value !== "")
      ? await tx
          .select({ id: uploads.id, itemId: uploads.itemId })
          .from(uploads)
          .where(
            and(
              eq(uploads.bookingId, booking.id),
              inArray(
                uploads.id,
                fileAnswers.filter((value): value is string => typeof value === "string" && /^[0-9a-f-]{36}$/i.test(value)),
              ),
            ),
          )
      : [];
    const today = operatorToday(now);
    for (const item of laterItems) {
      if (!(item.uuid in input.answers)) continue;
      const value = input.answers[item.uuid];
      const problem = validateAnswer(item, value, today);
      if (problem) errors[item.uuid] = [t(problem, messageValues(item, problem))];
      // A file answer must name a file of this booking uploaded for this item, as at submission.
      else if (
        (item.kind === "upload" || item.kind === "file") &&
        typeof value === "string" &&
        value !== "" &&
        !files.some((file) => file.id === value && file.itemId === item.uuid)
      ) {
        errors[item.uuid] = [t("validation.required")];
      }
    }
    if (Object.keys(errors).length > 0) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: errors });
    const changed = Object.keys(input.answers);
    if (changed.length > 0) {
      await tx
        .update(bookings)
        .set({ answers: { ...booking.answers, ...input.answers }, updatedAt: now })
        .where(eq(bookings.id, booking.id));
      await tx.insert(bookingEvents).values({
        bookingId: booking.id,
        fromStatus: booking.status,
        toStatus: booking.status,
        cause: "later details completed on the manage page",
        details: { action: "later_details_saved", items: changed },
        at: now,
      });
    }
    return { ...managed, booking: { ...booking, answers: { ...booking.answers, ...input.answers } } };
  });
}
