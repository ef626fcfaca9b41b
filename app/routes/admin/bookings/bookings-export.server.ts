import { csvDialects } from "../../../../core/contracts/staff-exports";
import { maximumExportBookings } from "../../../../core/contracts/staff-exports";
import { translatorFor } from "../../../../core/i18n/i18n";
import { AppError } from "../../../../server/errors";
import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/bookings-export";
import { selectedBookingIds } from "../../../utils/admin-bookings-bulk.server";
import { fileDownload } from "../../../utils/file-download.server";

/**
 * `POST /admin/bookings/export` (+ /de): the bookings list's "Export selection (CSV)" (decision 033),
 * the selection form's button posting here as a plain browser download (with or without scripts).
 * A refusal (nothing selected, a booking gone) is a short localized text page: the list stays as it was.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const t = translatorFor(locale);
  const form = await request.formData();
  const ids = selectedBookingIds(form);
  const dialect = csvDialects.find((candidate) => candidate === form.get("dialect")) ?? "rfc4180";
  const refused = (message: string, status: number) =>
    new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  if (ids === null) return refused(t("api.invalidRequest"), 422);
  if (ids.length === 0) return refused(t("admin.bookings.bulk.noneSelected"), 422);
  if (ids.length > maximumExportBookings) return refused(t("admin.bookings.bulk.tooMany", { count: maximumExportBookings }), 422);
  try {
    const file = await web.services.staffExports.selectedBookings(actor, {
      body: { booking_uuids: ids, dialect },
      staff: { id: actor.user?.userId ?? "", email: user.email },
      locale,
    });
    return fileDownload(file);
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return refused(error.toResponse(locale).message, error.status);
  }
}
