import { bookingTokenFromCookie } from "../../../server/http/booking-cookies";
import { webContext } from "../../../server/load-context";
import { pdfDownload } from "../../utils/pdf-response.server";
import { notFound, uuidOrNotFound } from "../../utils/http-errors.server";
import type { Route } from "./+types/invoice-pdf";

/** `/invoice/{bookingUuid}[/{invoiceUuid}]`: the booking's latest invoice, or one of its documents, as a PDF download, for its owner or the browser that booked it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const bookingId = uuidOrNotFound(params.uuid);
  const web = context.get(webContext);
  const { user } = await web.session();
  const invoice = await web.services.invoices.pdfFor({
    bookingId,
    invoiceId: params.invoice === undefined ? undefined : uuidOrNotFound(params.invoice),
    userId: user?.uuid ?? null,
    // Either way opens it: the account that owns the booking, or the browser that made it (a guest who logged in since).
    bookingToken: bookingTokenFromCookie(request.headers.get("cookie"), bookingId),
  });
  if (!invoice) notFound();
  return pdfDownload(invoice);
}
