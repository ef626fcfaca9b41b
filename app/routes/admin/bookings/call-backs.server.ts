import { data, redirect } from "react-router";
import type { CallBack } from "../../../../core/contracts/staff-call-backs";
import { formatDate, formatDateTime } from "../../../../core/domain/dates";
import { formatMoney } from "../../../../core/domain/money";
import { localeNames, localizePath, type Locale } from "../../../../core/i18n/locales";
import { AppError } from "../../../../server/errors";
import { webContext } from "../../../../server/load-context";
import { parseLocalized } from "../../../utils/account-forms";
import { pageLocale } from "../../../utils/auth.server";
import { callAttemptFormSchema, callBackDecisionFormSchema, type CallBackIntent as Intent } from "../../../utils/call-back-forms";
import type { Decision } from "../../../components/admin/call-back-decision-dialog";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/call-backs";

/** Dates and amounts formatted here, so the server's page and the hydrated one read the same. */
function callBackView(entry: CallBack, locale: Locale) {
  return {
    ...entry,
    display: {
      submittedAt: formatDateTime(entry.submitted_at, locale),
      eventStarts: formatDate(entry.event.starts_on, locale),
      total: formatMoney(entry.total_cents, locale),
      deposit: formatMoney(entry.deposit_cents, locale),
      language: localeNames[entry.locale],
      attempts: entry.attempts.map((attempt) => ({ ...attempt, at: formatDateTime(attempt.at, locale) })),
    },
    bookingHref: localizePath(`/admin/bookings/${entry.booking_uuid}`, locale),
  };
}

/** What the last post did, read from the address after the redirect (post, redirect, get): `?done=verified&code=…`. */
function doneOf(url: URL): { kind: "verified" | "rejected" | "recorded"; code: string } | null {
  const kind = url.searchParams.get("done");
  const code = url.searchParams.get("code") ?? "";
  return kind === "verified" || kind === "rejected" || kind === "recorded" ? { kind, code: code.slice(0, 40) } : null;
}

/**
 * `/admin/call-backs` (+ /de): the pending SMA requests, the oldest first (decision 031). `?decide=
 * verify|reject&booking={uuid}` shows the confirmation in the page (without JavaScript the dialog
 * cannot open).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const queue = await web.services.staffCallBacks.list(actor, { locale });
  const decide = url.searchParams.get("decide");
  const confirming = decide === "verify" || decide === "reject" ? { decision: decide as Decision, booking: url.searchParams.get("booking") ?? "" } : null;
  return {
    locale,
    callBacks: queue.map((entry) => callBackView(entry, locale)),
    done: doneOf(url),
    confirming,
    selfHref: localizePath("/admin/call-backs", locale),
  };
}

/** A refusal of the services (a request decided meanwhile, a booking gone) as the form's message, with the API's status. */
function refused(error: unknown, locale: Locale, booking: string, intent: Intent, result: ReturnType<typeof parseLocalized>) {
  if (!AppError.is(error)) throw error;
  const response = error.toResponse(locale);
  return data({ booking, intent, result: result.reply({ formErrors: [response.message] }) }, error.status);
}

/**
 * Records a call attempt (`intent=attempt`) or decides the request (`intent=verify|reject`) through
 * the same services as the API, with the staff member's id and e-mail for the audit trail. Success
 * redirects back to the queue with what happened; a refused or invalid post answers the errors for
 * that request's form only.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const form = await request.formData();
  const staff = { id: actor.user?.userId ?? "", email: user.email };
  const booking = String(form.get("booking") ?? "");
  const self = localizePath("/admin/call-backs", locale);
  // Only echoed in the success message (the booking code the form showed); never used to find anything.
  const code = String(form.get("code") ?? "")
    .replace(/[^A-Za-z0-9-]/g, "")
    .slice(0, 40);

  if (form.get("intent") === "attempt") {
    const submission = parseLocalized(form, callAttemptFormSchema, locale);
    if (submission.status !== "success") return data({ booking, intent: "attempt" as Intent, result: submission.reply() }, 422);
    try {
      await web.services.staffCallBacks.recordAttempt(actor, {
        bookingId: submission.value.booking,
        attempt: { outcome: submission.value.outcome, ...(submission.value.note ? { note: submission.value.note } : {}) },
        staff,
      });
    } catch (error) {
      return refused(error, locale, booking, "attempt", submission);
    }
    return redirect(`${self}?done=recorded&code=${encodeURIComponent(code)}#request-${submission.value.booking}`);
  }

  const intent: Intent = form.get("intent") === "reject" ? "reject" : "verify";
  const submission = parseLocalized(form, callBackDecisionFormSchema, locale);
  if (submission.status !== "success") return data({ booking, intent, result: submission.reply() }, 422);
  try {
    const { status } = await web.services.bookings.decideSma(actor, {
      bookingId: submission.value.booking,
      decision: submission.value.intent,
      staff,
      note: submission.value.note ? submission.value.note : undefined,
    });
    return redirect(`${self}?done=${status === "confirmed" ? "verified" : "rejected"}&code=${encodeURIComponent(code)}`);
  } catch (error) {
    return refused(error, locale, booking, intent, submission);
  }
}
