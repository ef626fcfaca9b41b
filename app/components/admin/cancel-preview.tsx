import { Button as AriaButton } from "react-aria-components";
import { useTranslation } from "../../utils/use-translation";
import type { CancelPreviewView } from "../../utils/admin-booking-actions.server";
import { buttonClasses } from "../button";

/** The cancel dialog's values that the confirmation posts again, exactly as they were previewed. */
export const previewedCancelFields = ["refund", "refund_amount", "notify", "message", "reason", "idempotency_key"] as const;

/**
 * The cancel dialog's second step (issue 28): what the cancellation gives back and keeps, and the
 * customer's mail as the real template renders it in the booking's language (subject, the HTML in a
 * frame without any rights, the plain text). The options previewed are posted again as hidden fields,
 * so what is confirmed is what was seen; "Change the options" goes back to the first step.
 */
export function CancelPreview({ preview, values, onChange }: { preview: CancelPreviewView; values: Record<string, string>; onChange: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="font-semibold text-navy-900">{t("admin.booking.actions.cancelPreviewMoney", { refund: preview.refund, fee: preview.fee })}</p>
      {preview.mail ? (
        <section aria-labelledby="cancel-preview-to" className="space-y-2">
          <p id="cancel-preview-to">{t("admin.booking.actions.cancelPreviewTo", { to: preview.mail.to })}</p>
          <dl>
            <dt className="text-xs font-semibold uppercase tracking-wide text-ink-soft">{t("admin.booking.actions.cancelPreviewSubject")}</dt>
            <dd data-testid="cancel-preview-subject" className="mt-1 break-words rounded-lg bg-navy-50 px-3 py-2 font-semibold text-navy-900">
              {preview.mail.subject}
            </dd>
          </dl>
          {/* No rights at all (sandbox=""): the mail's HTML can neither run script nor reach this page. */}
          <iframe
            sandbox=""
            srcDoc={preview.mail.html}
            title={t("admin.booking.actions.cancelPreviewFrame")}
            className="h-80 w-full rounded-lg border border-navy-900/15 bg-white"
          />
          <details>
            <summary className="cursor-pointer text-sm font-semibold text-navy-900">{t("admin.booking.actions.cancelPreviewText")}</summary>
            <pre data-testid="cancel-preview-text" className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-navy-50 p-3 font-sans text-sm text-ink">
              {preview.mail.text}
            </pre>
          </details>
          {preview.refundMailToo && <p className="text-ink-soft">{t("admin.booking.actions.cancelPreviewRefundMail")}</p>}
          {preview.invoiceMailToo && <p className="text-ink-soft">{t("admin.booking.actions.cancelPreviewInvoiceMail")}</p>}
        </section>
      ) : (
        <p>{t("admin.booking.actions.cancelPreviewNoMail")}</p>
      )}
      {previewedCancelFields.map((name) => {
        const value = values[name] ?? "";
        // An unticked checkbox posts nothing: the notify field stays away then, as the first step would post it.
        return name === "notify" && value !== "on" ? null : <input key={name} type="hidden" name={name} value={value} />;
      })}
      <AriaButton onPress={onChange} className={buttonClasses("ghost", "sm")}>
        {t("admin.booking.actions.cancelPreviewChange")}
      </AriaButton>
    </>
  );
}
