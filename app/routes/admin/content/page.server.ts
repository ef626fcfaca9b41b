import { redirect } from "react-router";
import { staffPageFormSchema, type StaffPage } from "../../../../core/contracts/pages";
import { localizePath } from "../../../../core/i18n/locales";
import { translatorFor } from "../../../../core/i18n/i18n";
import { parseLocalized } from "../../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../../utils/account-forms.server";
import { orNotFound, uuidOrNotFound } from "../../../utils/http-errors.server";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/page";
import { pagePowers } from "../../../utils/page-powers.server";

/** `/admin/pages/new` and `/admin/pages/{uuid}` (+ /de): a content page's editor, every language side by side (decision 035). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  const page: StaffPage | null = params.uuid ? await orNotFound(web.services.staffPages.read(actor, { pageId: uuidOrNotFound(params.uuid) })) : null;
  const created = url.searchParams.get("created") === "1";
  return { locale, page, created, powers: page ? pagePowers(actor, page) : null };
}

/** Saves the page (creates it when new, then opens its own editor); errors next to their fields. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const { web, actor, user, locale } = await openStaffDesk(url, context);
  const submission = parseLocalized(await request.formData(), staffPageFormSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { message: null });
  try {
    if (!params.uuid) {
      const page = await web.services.staffPages.create(actor, { change: submission.value, actorEmail: user.email, locale });
      throw redirect(`${localizePath(`/admin/pages/${page.uuid}`, locale)}?created=1`);
    }
    await web.services.staffPages.update(actor, { pageId: uuidOrNotFound(params.uuid), change: submission.value, actorEmail: user.email, locale });
    return { message: translatorFor(locale)("admin.pages.saved"), result: submission.reply({ resetForm: true }) };
  } catch (error) {
    if (error instanceof Response) throw error;
    return refusedSubmission(submission, error, locale, { message: null });
  }
}
