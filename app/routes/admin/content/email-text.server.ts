import { data } from "react-router";
import type { EmailTextFieldsInput, EmailTextPreview } from "../../../../core/contracts/staff-email-texts";
import { editableEmailTemplate } from "../../../../core/domain/editable-email-texts";
import { translatorFor } from "../../../../core/i18n/i18n";
import { AppError } from "../../../../server/errors";
import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { notFound, orNotFound } from "../../../utils/http-errors.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/email-text";

/**
 * `/admin/email-texts/{template}/{emailLocale}` (+ /de): one e-mail's texts in one language, each
 * field beside its default, the placeholders, a preview and reset to default (decision 037). The
 * page's language (the prefix) and the e-mail's language (the last segment) are independent.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const detail = await orNotFound(web.services.staffEmailTexts.read(actor, { template: params.template, locale: params.emailLocale }));
  return { locale: pageLocale(url), detail };
}

export type EmailTextAnswer = {
  intent: "save" | "preview" | "reset";
  /** Success (saved, reset) or the form's problem, above the form. */
  message: string | null;
  failed: boolean;
  /** Per field (and `booking_code`): the localized problems, shown at the field. */
  errors: Record<string, string[]>;
  /** The texts as posted, kept in the fields after a preview or a refusal (also without JavaScript). */
  values: Record<string, string> | null;
  bookingCode: string;
  preview: EmailTextPreview | null;
};

/** Three posts: save the texts, preview them (saved or not; sends nothing), reset to default. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const t = translatorFor(locale);
  const entry = editableEmailTemplate(params.template);
  if (!entry) notFound();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = Object.fromEntries(entry.fields.map((field) => [field.name, String(form.get(field.name) ?? "")]));
  const fields: EmailTextFieldsInput = values;
  const bookingCode = String(form.get("booking_code") ?? "").trim();
  const target = { template: params.template, locale: params.emailLocale };
  const answer = (part: Partial<EmailTextAnswer> & Pick<EmailTextAnswer, "intent">): EmailTextAnswer => ({
    message: null,
    failed: false,
    errors: {},
    values: null,
    bookingCode,
    preview: null,
    ...part,
  });
  try {
    if (intent === "save") {
      await orNotFound(web.services.staffEmailTexts.save(actor, { ...target, body: { fields }, staffEmail: user.email, requestLocale: locale }));
      return answer({ intent, message: t("admin.emailTexts.saved") });
    }
    if (intent === "preview") {
      const body = bookingCode ? { fields, booking_code: bookingCode } : { fields };
      const preview = await orNotFound(web.services.staffEmailTexts.preview(actor, { ...target, body, requestLocale: locale }));
      return answer({ intent, values, preview });
    }
    if (intent === "reset") {
      await orNotFound(web.services.staffEmailTexts.reset(actor, { ...target, staffEmail: user.email }));
      return answer({ intent, message: t("admin.emailTexts.resetDone") });
    }
    throw new AppError("VALIDATION_FAILED", "invalidRequest");
  } catch (error) {
    if (!AppError.is(error)) throw error;
    const response = error.toResponse(locale);
    const known = intent === "save" || intent === "preview" ? intent : "reset";
    return data(
      answer({
        intent: known,
        failed: true,
        message: response.errors ? t("admin.emailTexts.invalid") : response.message,
        errors: response.errors ?? {},
        values,
      }),
      error.status,
    );
  }
}
