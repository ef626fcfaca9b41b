import { data } from "react-router";
import { openingNoticeRequestSchema } from "../../core/contracts/events";
import type { Locale } from "../../core/i18n/locales";
import { AppError } from "../../server/errors";
import type { WebContext } from "../../server/load-context";
import { parseLocalized } from "./account-forms";
import { invalidSubmission, refusedSubmission } from "./account-forms.server";

/**
 * The "notify me" form's post (event page and /booking-not-bookable-yet): the same schema and
 * service as `POST api/public-events/{uuid}/notify`; a repeat sign-up answers the same.
 */
export async function signUpForOpeningNoticeAction(web: WebContext, request: Request, locale: Locale, eventId: string | null) {
  const submission = parseLocalized(await request.formData(), openingNoticeRequestSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { noticed: null });
  try {
    if (!eventId) throw new AppError("NOT_FOUND", "notFound");
    await web.services.signUpForOpeningNotice({ eventId, notice: submission.value, locale, clientAddress: web.clientAddress });
    return data({ result: submission.reply({ resetForm: true }), noticed: { email: submission.value.email } });
  } catch (error) {
    return refusedSubmission(submission, error, locale, { noticed: null });
  }
}
