import { redirect } from "react-router";
import { recordPaperWaiverSchema } from "../../../../core/contracts/waivers";
import { localizePath } from "../../../../core/i18n/locales";
import { AppError } from "../../../../server/errors";
import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/booking-waivers";

/**
 * `POST /admin/bookings/{uuid}/waivers/paper`: the booking detail's "Record a paper waiver" (decision 080).
 * Back to the booking's page either way, which says whose waiver was recorded or what was missing.
 */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const bookingId = uuidOrNotFound(params.uuid);
  const back = (query: Record<string, string>) => redirect(`${localizePath(`/admin/bookings/${bookingId}`, locale)}?${new URLSearchParams(query).toString()}#waivers-title`);
  const form = await request.formData();
  const dateOfBirth = String(form.get("date_of_birth") ?? "");
  const parsed = recordPaperWaiverSchema.safeParse({
    participant_id: String(form.get("participant_id") ?? ""),
    full_name: String(form.get("full_name") ?? ""),
    ...(dateOfBirth ? { date_of_birth: dateOfBirth } : {}),
  });
  if (!parsed.success) return back({ waiver: "invalid" });
  try {
    await orNotFound(web.services.waivers.recordPaper(actor, { ...parsed.data, bookingId, staff: { id: actor.user?.userId ?? "", email: user.email } }));
  } catch (error) {
    // Recorded meanwhile (another desk): the page shows the state as it is.
    if (AppError.is(error) && error.code === "CONFLICT") return back({});
    throw error;
  }
  return back({ waiver: "recorded", person: parsed.data.participant_id });
}
