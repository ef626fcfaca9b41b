import { webContext } from "../../../../server/load-context";
import { notFound, orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { pdfDownload } from "../../../utils/pdf-response.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/invoice-pdf";

/** `/admin/invoices/{uuid}/pdf`: any issued invoice or cancellation invoice as a PDF download, for staff. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const invoiceId = uuidOrNotFound(params.invoice);
  const invoice = await orNotFound(web.services.invoices.staffPdf(actor, { invoiceId }));
  if (!invoice) notFound();
  return pdfDownload(invoice);
}
