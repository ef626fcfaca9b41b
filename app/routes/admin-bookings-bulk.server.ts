import { data } from "react-router";
import { z } from "zod";
import { maximumBulkBookings } from "../../core/contracts/staff-actions";
import type { Actor } from "../../core/domain/permissions";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { AppError } from "../../server/errors";
import type { WebContext } from "../../server/load-context";

/**
 * The bookings list's bulk actions (decision 033): the selection form's posts. Which bookings: the
 * ticked `booking` boxes, or, when "select all on this page" was ticked (`all_on_page`, which works
 * without scripts), every `page_booking` of the page. Each action goes to `services.staffActions.bulk`
 * (the API's `POST api/staff/bookings/bulk`), which answers per booking; the answer names each booking
 * by its code, with the verb's localized reason when it was refused.
 */
export const bulkIntents = ["resend", "review-cancel", "cancel"] as const;
export type BulkIntent = (typeof bulkIntents)[number];

export type BulkOutcome = { uuid: string; code: string; done: boolean; reason: string | null };
export type BulkAnswer =
  | { kind: "results"; intent: "resend" | "cancel"; outcomes: BulkOutcome[] }
  /** No scripts: "Cancel bookings…" answers the confirmation as a form on the page instead of a dialog. */
  | { kind: "review"; bookings: { uuid: string; code: string }[] }
  | { kind: "refused"; message: string };

const uuid = z.string().uuid();

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
  const codes = await web.services.staffBookings.codes(desk.actor, { bookingIds: ids });
  const staff = { id: desk.actor.user?.userId ?? "", email: desk.user.email };
  const codeOf = (id: string) => codes[id] ?? id;
  if (intent.data === "review-cancel") return { kind: "review", bookings: ids.map((id) => ({ uuid: id, code: codeOf(id) })) };
  try {
    let body: Parameters<typeof web.services.staffActions.bulk>[1]["body"];
    if (intent.data === "resend") body = { action: "resend_confirmation", booking_uuids: ids };
    else {
      const refund = z.enum(["none", "full"]).safeParse(form.get("refund") ?? "none");
      const reason = String(form.get("reason") ?? "").trim();
      if (!refund.success || reason.length > 1000) return refuse(t("api.invalidRequest"));
      body = { action: "cancel", booking_uuids: ids, refund: refund.data, notify: form.get("notify") === "on", ...(reason ? { reason } : {}) };
    }
    const results = await web.services.staffActions.bulk(desk.actor, { body, staff, locale, logError: (error) => console.error(error) });
    const outcomes = results.map((result) => ({
      uuid: result.uuid,
      code: codeOf(result.uuid),
      done: result.outcome === "ok",
      reason: result.outcome === "refused" ? result.reason : null,
    }));
    return { kind: "results", intent: intent.data, outcomes };
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return refuse(error.toResponse(locale).message, error.status);
  }
}
