import { data } from "react-router";
import { z } from "zod";
import { maximumBulkBookings, type BulkActionBody } from "../../core/contracts/staff-actions";
import { bookingStatuses, type BookingStatus } from "../../core/domain/booking-status";
import type { Actor } from "../../core/domain/permissions";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { AppError } from "../../server/errors";
import type { WebContext } from "../../server/load-context";

/**
 * The bookings list's bulk actions (decisions 033, issue 28): the selection form's posts. Which
 * bookings: the ticked `booking` boxes, or, when "select all on this page" was ticked (`all_on_page`,
 * which works without scripts), every `page_booking` of the page. Nothing happens on the first post:
 * "Resend confirmation…" and "Cancel bookings…" answer the plan of `services.staffActions.bulk` (the
 * API's `POST api/staff/bookings/bulk` without `confirm`), each booking by its code and status with
 * what will happen to it or why it is left out, and a confirmation form naming only the bookings that
 * fit. Only that form's post (`confirm=yes`) acts; its answer lists each booking's outcome.
 */
export const bulkIntents = ["resend", "cancel"] as const;
export type BulkIntent = (typeof bulkIntents)[number];

export type BulkOutcome = { uuid: string; code: string; done: boolean; reason: string | null };
/** One booking of the plan: it will be acted on (a mail `to` an address), or it is left out with the reason. */
export type BulkPlanRow = { uuid: string; code: string; status: BookingStatus | null; fits: boolean; to: string | null; reason: string | null };
export type BulkAnswer =
  | { kind: "results"; intent: BulkIntent; outcomes: BulkOutcome[] }
  | { kind: "review"; intent: BulkIntent; rows: BulkPlanRow[] }
  | { kind: "refused"; message: string };

const uuid = z.string().uuid();
const isStatus = (value: string | null): value is BookingStatus => value !== null && (bookingStatuses as readonly string[]).includes(value);

/** The selection a form names: the ticked boxes, or the whole page; each id once, in order. */
export function selectedBookingIds(form: FormData): string[] | null {
  const ticked = form.getAll("booking");
  const page = form.get("all_on_page") === "on" ? form.getAll("page_booking") : [];
  const ids = [...new Set([...ticked, ...page])];
  const parsed = z.array(uuid).safeParse(ids);
  return parsed.success ? parsed.data : null;
}

export async function bulkBookingsAction(
  web: WebContext,
  desk: { actor: Actor; user: { email: string } },
  input: { locale: Locale; form: FormData },
): Promise<BulkAnswer | ReturnType<typeof data<BulkAnswer>>> {
  const { form, locale } = input;
  const t = translatorFor(locale);
  const refuse = (message: string, status = 422) => data<BulkAnswer>({ kind: "refused", message }, status);
  const intent = z.enum(bulkIntents).safeParse(form.get("intent"));
  if (!intent.success) return refuse(t("api.invalidRequest"));
  const ids = selectedBookingIds(form);
  if (ids === null) return refuse(t("api.invalidRequest"));
  if (ids.length === 0) return refuse(t("admin.bookings.bulk.noneSelected"));
  if (ids.length > maximumBulkBookings) return refuse(t("admin.bookings.bulk.tooMany", { count: maximumBulkBookings }));
  const confirm = form.get("confirm") === "yes";
  const staff = { id: desk.actor.user?.userId ?? "", email: desk.user.email };
  let body: BulkActionBody;
  if (intent.data === "resend") body = { action: "resend_confirmation", booking_uuids: ids, confirm };
  else if (!confirm) body = { action: "cancel", booking_uuids: ids, refund: "none", notify: false, confirm };
  else {
    const refund = z.enum(["none", "full"]).safeParse(form.get("refund") ?? "none");
    const reason = String(form.get("reason") ?? "").trim();
    if (!refund.success || reason.length > 1000) return refuse(t("api.invalidRequest"));
    body = { action: "cancel", booking_uuids: ids, refund: refund.data, notify: form.get("notify") === "on", ...(reason ? { reason } : {}), confirm };
  }
  try {
    const answer = await web.services.staffActions.bulk(desk.actor, { body, staff, locale, logError: (error) => console.error(error) });
    // A booking not found has no code: it is named by its id.
    const codeOf = (result: { uuid: string; booking_code: string | null }) => result.booking_code ?? result.uuid;
    if (!answer.confirmed) {
      const rows = answer.results.map((result) => ({
        uuid: result.uuid,
        code: codeOf(result),
        status: isStatus(result.booking_status) ? result.booking_status : null,
        fits: result.outcome === "planned",
        to: result.outcome === "planned" ? result.to : null,
        reason: result.outcome === "refused" ? result.reason : null,
      }));
      return { kind: "review", intent: intent.data, rows };
    }
    const outcomes = answer.results.map((result) => ({
      uuid: result.uuid,
      code: codeOf(result),
      done: result.outcome === "ok",
      reason: result.outcome === "refused" ? result.reason : null,
    }));
    return { kind: "results", intent: intent.data, outcomes };
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return refuse(error.toResponse(locale).message, error.status);
  }
}
