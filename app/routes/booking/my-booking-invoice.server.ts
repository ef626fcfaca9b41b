import { webContext } from "../../../server/load-context";
import { pdfDownload } from "../../utils/pdf-response.server";
import { actorOfSession } from "../../../server/http/web-session-actor";
import { pageLocale } from "../../utils/auth.server";
import { notFound, orNotFound, uuidOrNotFound } from "../../utils/http-errors.server";
import { goneResponse, manageFileCall } from "../../utils/manage-files.server";
import type { Route } from "./+types/my-booking-invoice";

/** `/my-booking/{token}/invoice[/{invoiceUuid}]`: the latest invoice or one of the booking's documents as a PDF through the manage link's authority (decision 023). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const actor = actorOfSession(await web.session());
  const invoice = await manageFileCall(() => orNotFound(web.services.manage.invoicePdf(actor, {
        token: params.token,
        invoiceId: params.invoice === undefined ? undefined : uuidOrNotFound(params.invoice),
      })));
  if (invoice && "gone" in invoice) return goneResponse(pageLocale(url), invoice.gone);
  if (!invoice) notFound();
  return pdfDownload(invoice);
}
