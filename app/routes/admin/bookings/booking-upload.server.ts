import { webContext } from "../../../../server/load-context";
import { orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/booking-upload";

/**
 * `/admin/bookings/{uuid}/uploads/{upload}`: a file uploaded to a booking, for staff (the page's
 * download link; the same file as `GET api/staff/bookings/{uuid}/uploads/{upload}`). Never from the
 * web root, always as an attachment.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const bookingId = uuidOrNotFound(params.uuid);
  const uploadId = uuidOrNotFound(params.upload);
  const file = await orNotFound(Promise.resolve().then(() => web.services.staffBookings.uploadFile(actor, { bookingId, uploadId })));
  return new Response(file.body, {
    headers: {
      // Served as a download only, never rendered by the browser (the type was sniffed at upload).
      "Content-Type": file.mediaType,
      "Content-Length": String(file.sizeBytes),
      "Content-Disposition": `attachment; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
