import { siteSettingsSchema } from "../../../../core/contracts/site";
import { can } from "../../../../core/domain/permissions";
import { translatorFor } from "../../../../core/i18n/i18n";
import { parseLocalized } from "../../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../../utils/account-forms.server";
import { forbidden } from "../../../utils/http-errors.server";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/site";

/** `/admin/site` (+ /de): the site settings, for admins (decision 035). Staff who are not admins get the 403 page. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  if (!can(actor, "staff.site.manage", null)) forbidden("admins");
  return { locale, settings: await web.services.staffSite.read(actor) };
}

/** Saves every setting at once; errors next to their fields, in the page's language. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const { web, actor, user, locale } = await openStaffDesk(url, context);
  if (!can(actor, "staff.site.manage", null)) forbidden("admins");
  const submission = parseLocalized(await request.formData(), siteSettingsSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { message: null });
  try {
    await web.services.staffSite.update(actor, { settings: submission.value, actorEmail: user.email });
    return { message: translatorFor(locale)("admin.site.saved"), result: submission.reply() };
  } catch (error) {
    return refusedSubmission(submission, error, locale, { message: null });
  }
}
