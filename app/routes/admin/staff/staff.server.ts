import { data } from "react-router";
import { staffAccountChangeSchema, staffInvitationActionSchema, staffInvitationFormSchema } from "../../../../core/contracts/staff-accounts";
import { can } from "../../../../core/domain/permissions";
import { translatorFor } from "../../../../core/i18n/i18n";
import { AppError } from "../../../../server/errors";
import { webContext } from "../../../../server/load-context";
import { parseLocalized } from "../../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../../utils/account-forms.server";
import { pageLocale } from "../../../utils/auth.server";
import { forbidden } from "../../../utils/http-errors.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/staff";

/** `/admin/staff` (+ /de): the staff accounts, for admins (decision 027). Staff who are not admins get the 403 page. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  if (!can(actor, "staff.accounts.manage", null)) forbidden("admins");
  const locale = pageLocale(url);
  const accounts = await web.services.staffAccounts.list(actor);
  return { locale, accounts, self: user.uuid };
}

/**
 * Invite (`intent=invite`), send a pending invitation again or take it back (`intent=resend_invitation`,
 * `revoke_invitation`), or change one account (`intent=change`, one change per post).
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  if (!can(actor, "staff.accounts.manage", null)) forbidden("admins");
  const locale = pageLocale(url);
  const t = translatorFor(locale);
  const form = await request.formData();
  if (form.get("intent") === "invite") {
    const submission = parseLocalized(form, staffInvitationFormSchema, locale);
    if (submission.status !== "success") return invalidSubmission(submission, { intent: "invite" as const, message: null });
    try {
      const { name, email, role, locale: mailLocale } = submission.value;
      const invitation = { name, email, role, locale: mailLocale };
      const invited = await web.services.staffAccounts.invite(actor, { invitation, inviter: { email: user.email, name: user.name }, locale });
      return { intent: "invite" as const, message: t("admin.staff.invited", { email: invited.email }), result: submission.reply({ resetForm: true }) };
    } catch (error) {
      return refusedSubmission(submission, error, locale, { intent: "invite" as const, message: null });
    }
  }
  const invitationAction = staffInvitationActionSchema.safeParse({ intent: form.get("intent"), uuid: form.get("uuid") });
  if (invitationAction.success) {
    const { intent, uuid: userId } = invitationAction.data;
    try {
      if (intent === "resend_invitation") {
        const invited = await web.services.staffAccounts.resendInvitation(actor, { userId, inviter: { email: user.email, name: user.name } });
        return { intent: "change" as const, message: t("admin.staff.invitationResent", { email: invited.email }), result: null };
      }
      const revoked = await web.services.staffAccounts.revokeInvitation(actor, { userId, actorEmail: user.email });
      return { intent: "change" as const, message: t("admin.staff.invitationRevoked", { email: revoked.email }), result: null };
    } catch (error) {
      if (!AppError.is(error)) throw error;
      return data({ intent: "change" as const, message: error.toResponse(locale).message, failed: true, result: null }, error.status);
    }
  }
  const change = staffAccountChangeSchema.safeParse({ change: form.get("change"), ...(form.get("role") ? { role: form.get("role") } : {}) });
  const userId = String(form.get("uuid") ?? "");
  if (!change.success || !/^[0-9a-f-]{36}$/i.test(userId)) return data({ intent: "change" as const, message: t("api.invalidRequest"), failed: true, result: null }, 422);
  try {
    const changed = await web.services.staffAccounts.update(actor, { userId, change: change.data, actorEmail: user.email });
    return { intent: "change" as const, message: t(`admin.staff.changed.${change.data.change}`, { name: changed.name }), result: null };
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return data({ intent: "change" as const, message: error.toResponse(locale).message, failed: true, result: null }, error.status);
  }
}
