import { participantCsvQuerySchema, participantExportFormats, type ParticipantExportFormat } from "../../../../core/contracts/staff-exports";
import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { badRequest, orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/participants-export";
import { fileDownload } from "../../../utils/file-download.server";

/** The format is the address's ending: one route per format in app/routes.ts, like the API's (decision 029). */
function formatOf(pathname: string): ParticipantExportFormat {
  const format = participantExportFormats.find((candidate) => pathname.endsWith(`.${candidate}`));
  if (!format) badRequest();
  return format;
}

/**
 * `/admin/events/{uuid}/participants.{csv,xlsx,pdf}` (+ /de): the dashboard's export links, for a staff
 * session in the browser (the API's routes want a Bearer token). The services' file is streamed as it
 * is made, as an attachment nobody keeps (it holds every participant's contact details).
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const eventId = uuidOrNotFound(params.uuid);
  const format = formatOf(url.pathname);
  // `dialect` (CSV) and `status` (whom the list shows) as the API takes them; a wrong one is a 400, never a file.
  const query = participantCsvQuerySchema.safeParse({
    dialect: url.searchParams.get("dialect") ?? undefined,
    status: url.searchParams.get("status") ?? undefined,
  });
  if (!query.success) badRequest();
  const file = await orNotFound(
    web.services.staffExports.participants(actor, { eventId, format, dialect: query.data.dialect, filter: query.data.status, locale: pageLocale(url) }),
  );
  return fileDownload(file);
}
