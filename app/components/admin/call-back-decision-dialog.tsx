import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Button as AriaButton, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "../../utils/use-translation";
import { Form, Link, useNavigation } from "react-router";
import type { Locale } from "../../../core/i18n/locales";
import { useAccountForm } from "../../utils/account-forms";
import { callBackDecisionFormSchema } from "../../utils/call-back-forms";
import { buttonClasses } from "../button";
import { FormMessage } from "../field";

export type Decision = "verify" | "reject";
type Request = { booking: string; code: string; name: string };

const triggerClass = (decision: Decision) => buttonClasses(decision === "verify" ? "secondary" : "ghost");

/**
 * The confirmation of a decision: what will happen, a note for the audit trail and the real post
 * (`intent=verify|reject`) to the queue's action. Shown in the dialog, or in the page itself when the
 * address asks for it (the no-script way: the trigger is then a link to `?decide=…&booking=…`).
 */
export function DecisionForm({
  decision,
  request,
  locale,
  lastResult,
  onCancel,
  cancelHref,
}: {
  decision: Decision;
  request: Request;
  locale: Locale;
  lastResult: SubmissionResult<string[]> | null | undefined;
  onCancel?: () => void;
  cancelHref?: string;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useAccountForm({ id: `decide-${decision}-${request.booking}`, schema: callBackDecisionFormSchema, locale, lastResult });
  const noteError = fields.note.errors?.[0];
  return (
    <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
      {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
      <input type="hidden" name="intent" value={decision} />
      <input type="hidden" name="booking" value={request.booking} />
      <input type="hidden" name="code" value={request.code} />
      <div>
        <label htmlFor={fields.note.id} className="block text-sm font-semibold text-navy-900">
          {t("admin.callBacks.decisionNote")}
        </label>
        <textarea
          {...getTextareaProps(fields.note)}
          rows={3}
          maxLength={2000}
          className={`mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20 ${noteError ? "border-danger-700" : "border-navy-900/20"}`}
        />
        {noteError && (
          <p id={fields.note.errorId} className="mt-1.5 text-sm font-medium text-danger-700">
            {noteError}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <button type="button" onClick={onCancel} className={buttonClasses("ghost")}>
            {t("admin.callBacks.cancel")}
          </button>
        ) : (
          <Link to={cancelHref ?? "."} className={buttonClasses("ghost")}>
            {t("admin.callBacks.cancel")}
          </Link>
        )}
        <button type="submit" disabled={submitting} className={buttonClasses(decision === "verify" ? "secondary" : "primary")}>
          {t(decision === "verify" ? "admin.callBacks.confirmVerify" : "admin.callBacks.confirmReject")}
        </button>
      </div>
    </Form>
  );
}

/**
 * "Verify" or "Reject" on a queue entry: a React Aria modal dialog (focus kept inside, Escape closes
 * it, focus back on the button). Until the page has hydrated the button is a link to the in-page
 * confirmation, so the queue works without JavaScript too.
 */
export function CallBackDecisionDialog({
  decision,
  request,
  locale,
  lastResult,
  fallbackHref,
}: {
  decision: Decision;
  request: Request;
  locale: Locale;
  lastResult: SubmissionResult<string[]> | null | undefined;
  fallbackHref: string;
}) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // A refused post (the note too long, the request decided meanwhile) opens the dialog again with its message.
  const [open, setOpen] = useState(Boolean(lastResult));
  useEffect(() => setOpen(Boolean(lastResult)), [lastResult]);
  const label = t(decision === "verify" ? "admin.callBacks.verify" : "admin.callBacks.reject");
  if (!hydrated)
    return (
      <Link to={fallbackHref} className={triggerClass(decision)}>
        {label}
      </Link>
    );
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <AriaButton className={triggerClass(decision)}>{label}</AriaButton>
      <ModalOverlay isDismissable className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-navy-950/50 p-4">
        <Modal className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl">
          <Dialog className="outline-none">
            {({ close }) => (
              <>
                <Heading slot="title" className="font-display text-xl font-semibold text-navy-900">
                  {t(decision === "verify" ? "admin.callBacks.verifyTitle" : "admin.callBacks.rejectTitle", { code: request.code })}
                </Heading>
                <p className="mt-2 text-sm text-ink">
                  {t(decision === "verify" ? "admin.callBacks.verifyText" : "admin.callBacks.rejectText", { name: request.name })}
                </p>
                <DecisionForm decision={decision} request={request} locale={locale} lastResult={lastResult} onCancel={close} />
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
