import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { pdfDownload } from "../../../utils/pdf-response.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/booking-waiver-pdf";

/** `/admin/bookings/{uuid}/waivers/{participant}/pdf`: a person's signed waiver for staff (decision 080). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const file = await orNotFound(
    web.services.waivers.staffPdf(actor, { bookingId: uuidOrNotFound(params.uuid), participantId: uuidOrNotFound(params.participant), locale: pageLocale(url) }),
  );
  return pdfDownload({ pdf: file.pdf, filename: file.fileName });
}
