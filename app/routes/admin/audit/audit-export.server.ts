import { staffAuditQuerySchema } from "../../../../core/contracts/staff-audit";
import { can } from "../../../../core/domain/permissions";
import { badRequest, forbidden } from "../../../utils/http-errors.server";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import { auditFilterParams } from "./audit.server";
import type { Route } from "./+types/audit-export";
import { fileDownload } from "../../../utils/file-download.server";

/**
 * `/admin/audit/export.csv` (+ /de): the audit log's filtered list as CSV for an admin's browser
 * session (issue 31), itself written to the log. A wrong filter is a 400, never a file.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  if (!can(actor, "staff.audit.read", null)) forbidden();
  const params = url.searchParams;
  const parsed = staffAuditQuerySchema.safeParse(Object.fromEntries(auditFilterParams.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : []))));
  if (!parsed.success) badRequest();
  const { page: _page, per_page: _perPage, ...filter } = parsed.data;
  const file = await web.services.staffAudit.export(actor, { filter, locale });
  return fileDownload(file);
}
