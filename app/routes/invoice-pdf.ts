import { data } from "react-router";
import { bookingTokenFromCookie } from "../../server/http/booking-cookies";
import type { Route } from "./+types/invoice-pdf";

/** `/invoice/{bookingUuid}`: the booking's invoice as a PDF download, for its owner or the browser that booked it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const bookingId = params.uuid;
  if (!/^[0-9a-f-]{36}$/i.test(bookingId)) throw data(null, { status: 404 });
  const { user } = await context.session();
  const invoice = await context.services.invoices.pdfFor({
    bookingId,
    userId: user?.uuid ?? null,
    // Either way opens it: the account that owns the booking, or the browser that made it (a guest who logged in since).
    bookingToken: bookingTokenFromCookie(request.headers.get("cookie"), bookingId),
  });
  if (!invoice) throw data(null, { status: 404 });
  return new Response(new Uint8Array(invoice.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoice.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
