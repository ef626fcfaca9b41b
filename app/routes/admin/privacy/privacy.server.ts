import { data } from "react-router";
import type { StaffPersonalDataFound } from "../../../../core/contracts/personal-data";
import { formatDate } from "../../../../core/domain/dates";
import { can } from "../../../../core/domain/permissions";
import { translatorFor } from "../../../../core/i18n/i18n";
import { AppError } from "../../../../server/errors";
import { forbidden } from "../../../utils/http-errors.server";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/privacy";

/** What the page shows of a found address, formatted here so server and browser render the same text. */
function foundView(found: StaffPersonalDataFound, locale: Parameters<typeof translatorFor>[0]) {
  const t = translatorFor(locale);
  const since = found.account ? formatDate(found.account.created_at.slice(0, 10), locale) : "";
  return {
    email: found.email,
    account: found.account
      ? found.account.role === "customer"
        ? t("admin.privacy.customerAccount", { date: since })
        : t("admin.privacy.staffAccount", { date: since })
      : t("admin.privacy.noAccount"),
    bookings: found.bookings.map((booking, index) => ({
      key: `${booking.code ?? "draft"}-${index}`,
      code: booking.code ?? "—",
      event: booking.event_title,
      status: t(`dashboard.status.${booking.status}`, { defaultValue: booking.status }),
      invoice: booking.invoice_kept ? t("admin.privacy.invoiceKept") : t("admin.privacy.noInvoice"),
    })),
    waitlistEntries: found.waitlist_entries,
    emails: found.emails,
    nothing: found.account === null && found.bookings.length === 0 && found.waitlist_entries === 0 && found.emails === 0,
  };
}
export type FoundView = ReturnType<typeof foundView>;

type Answer = {
  email: string;
  found: FoundView | null;
  errors: Record<string, string>;
  message: string | null;
  failed: boolean;
  /** The erase dialog's own answer: its fields' errors and what was typed there. */
  erase: { errors: Record<string, string>; values: Record<string, string>; answerId: string } | null;
};

/**
 * `/admin/privacy` (+ /de): data-subject requests by e-mail address (issue 30), admins only; others
 * of the staff get the 403 page. The address is posted, never put in the page's address (it would
 * stay in logs and the browser's history): "find" shows what is held, "erase" erases it after the
 * address is typed again; the copy is a download posted to `/admin/privacy/export`.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { actor, locale } = await openStaffDesk(url, context);
  if (!can(actor, "staff.personal-data.manage", null)) forbidden("admins");
  return { locale };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  if (!can(actor, "staff.personal-data.manage", null)) forbidden("admins");
  const t = translatorFor(locale);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const intent = form.get("intent") === "erase" ? "erase" : "find";
  const answer: Answer = { email, found: null, errors: {}, message: null, failed: false, erase: null };
  const firstErrors = (error: AppError) =>
    Object.fromEntries(Object.entries(error.toResponse(locale).errors ?? {}).map(([field, messages]) => [field, messages[0] ?? ""]));
  try {
    if (intent === "erase") {
      const values = { confirm_email: String(form.get("confirm_email") ?? ""), note: String(form.get("note") ?? "") };
      try {
        const erased = await web.services.staffPrivacy.erase(actor, { email, confirmEmail: values.confirm_email, note: values.note, locale });
        const sentence = t("admin.privacy.erased", {
          email: email.trim().toLowerCase(),
          bookings: erased.bookings,
          waitlist: erased.waitlistEntries,
          emails: erased.emails,
        });
        answer.message = erased.accountDeleted ? `${sentence} ${t("admin.privacy.erasedAccount")}` : sentence;
      } catch (error) {
        if (!AppError.is(error) || error.code !== "VALIDATION_FAILED") throw error;
        answer.erase = { errors: firstErrors(error), values, answerId: crypto.randomUUID() };
      }
    }
    answer.found = foundView(await web.services.staffPrivacy.find(actor, { email, locale }), locale);
    return answer;
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return data(
      {
        ...answer,
        errors: firstErrors(error),
        message: error.code === "VALIDATION_FAILED" ? t("admin.privacy.invalid") : error.toResponse(locale).message,
        failed: true,
      },
      error.status,
    );
  }
}
