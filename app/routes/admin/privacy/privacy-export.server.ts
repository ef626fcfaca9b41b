import { can } from "../../../../core/domain/permissions";
import { AppError } from "../../../../server/errors";
import { badRequest, forbidden } from "../../../utils/http-errors.server";
import { personalDataDownload } from "../../../utils/personal-data-response.server";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/privacy-export";

/**
 * `POST /admin/privacy/export` (+ /de): a data-subject request's copy (issue 30) as JSON or PDF, for an
 * admin's browser session; the address comes in the form, never in the URL. Written to the audit log.
 * A wrong address or format is a 400, never a file.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  if (!can(actor, "staff.personal-data.manage", null)) forbidden("admins");
  const form = await request.formData();
  try {
    const file = await web.services.staffPrivacy.export(actor, { email: form.get("email"), format: form.get("format"), locale });
    return personalDataDownload(file);
  } catch (error) {
    if (AppError.is(error) && error.code === "VALIDATION_FAILED") badRequest();
    throw error;
  }
}
