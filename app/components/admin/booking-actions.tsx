import { useState, type ReactNode } from "react";
import { useTranslation } from "../../utils/use-translation";
import { Link, useLocation } from "react-router";
import type { BookingActionAnswer, BookingActionIntent, BookingActionsView } from "../../utils/admin-booking-actions.server";
import { Field, FormMessage } from "../field";
import { buttonClasses } from "../button";
import { CancelPreview } from "./cancel-preview";
import { ConfirmAction } from "./confirm-action";

const inputClasses = (invalid: boolean) =>
  `mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20 ${
    invalid ? "border-danger-700" : "border-navy-900/20"
  }`;

/** The form's state of one field: its ids, the server's error for it and what was typed before that error. */
function useFieldOf(intent: BookingActionIntent, answer: BookingActionAnswer | undefined) {
  const mine = answer?.intent === intent ? answer : undefined;
  return (name: string) => ({
    id: `${intent}-${name}`,
    name,
    errorId: `${intent}-${name}-error`,
    errors: mine?.fieldErrors?.[name],
    initialValue: mine?.values?.[name],
  });
}

function TextArea({
  field,
  label,
  rows = 3,
  maxLength,
  required,
}: {
  field: ReturnType<ReturnType<typeof useFieldOf>>;
  label: string;
  rows?: number;
  maxLength: number;
  required?: boolean;
}) {
  const error = field.errors?.[0];
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-semibold text-navy-900">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger-700">
            {" "}
            *
          </span>
        )}
      </label>
      <textarea
        id={field.id}
        name={field.name}
        rows={rows}
        maxLength={maxLength}
        required={required}
        defaultValue={field.initialValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? field.errorId : undefined}
        className={inputClasses(Boolean(error))}
      />
      {error && (
        <p id={field.errorId} className="mt-1.5 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Whether this dialog answered with field errors: it opens again (a new key each time) to show them. */
function reopened(intent: BookingActionIntent, answer: BookingActionAnswer | undefined) {
  const again = answer?.intent === intent && answer.failed && Boolean(answer.fieldErrors) && Boolean(answer.answerId);
  return { key: again ? answer?.answerId : intent, defaultOpen: again };
}

/** Each card payment: paid, refunded so far and what is left, as the refund and cancel dialogs show them. */
function RefundablePayments({ actions }: { actions: BookingActionsView }) {
  const { t } = useTranslation();
  if (actions.refundablePayments.length === 0) return null;
  return (
    <section aria-labelledby="refundable-payments-title">
      <h3 id="refundable-payments-title" className="text-sm font-semibold text-navy-900">
        {t("admin.booking.actions.refundablePayments")}
      </h3>
      <ul className="mt-2 space-y-2">
        {actions.refundablePayments.map((payment) => (
          <li
            key={payment.uuid}
            aria-label={t(`admin.booking.paymentKinds.${payment.kind}`)}
            className="rounded-lg bg-navy-50 px-3 py-2 ring-1 ring-inset ring-navy-900/10"
          >
            <p className="font-semibold text-navy-900">
              {t(`admin.booking.paymentKinds.${payment.kind}`)} · {t(`admin.booking.paymentMethods.${payment.method}`)}
            </p>
            <p className="text-xs text-ink-soft">
              {payment.channel === "provider" ? t("admin.booking.actions.cardRefund") : t("admin.booking.actions.recordedRefund")}
            </p>
            <dl className="mt-1 grid grid-cols-3 gap-2 text-xs">
              {(
                [
                  ["paidColumn", payment.paid],
                  ["refundedColumn", payment.refunded],
                  ["refundableColumn", payment.refundable],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-ink-soft">{t(`admin.booking.actions.${label}`)}</dt>
                  <dd className="font-semibold text-navy-900">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Cancel in two steps (issue 28): the options (refund, whether to tell the customer, a message for
 * them, an internal note), then the mail exactly as the customer will get it, confirmed with "Cancel
 * booking and send". Both steps are real posts: the first asks the page's action for the preview.
 */
function CancelAction({ actions, answer }: { actions: BookingActionsView; answer: BookingActionAnswer | undefined }) {
  const { t } = useTranslation();
  const mine = answer?.intent === "cancel" || answer?.intent === "cancel-preview" ? answer : undefined;
  const [editing, setEditing] = useState<string | null>(null);
  const previewed = mine?.intent === "cancel-preview" && !mine.failed && mine.preview && mine.answerId !== editing ? mine : undefined;
  // The first step again: after field errors, or back from the preview with what was chosen there.
  const field = useFieldOf("cancel", mine ? { ...mine, intent: "cancel" } : undefined);
  const backFromPreview = mine?.intent === "cancel-preview" && editing !== null && mine.answerId === editing;
  const again = reopened("cancel", mine ? { ...mine, intent: "cancel" } : undefined);
  const refund = field("refund");
  const chosen = refund.initialValue === "full" || refund.initialValue === "amount" ? refund.initialValue : "none";
  const choices = [
    ["none", t("admin.booking.actions.refundChoices.none")],
    ["full", t("admin.booking.actions.refundChoices.full")],
    ["amount", t("admin.booking.actions.refundChoicesAmount")],
  ] as const;
  if (previewed?.preview) {
    return (
      <ConfirmAction
        key={`preview-${previewed.answerId}`}
        defaultOpen
        wide
        label={t("admin.booking.actions.cancel")}
        title={t("admin.booking.actions.cancelPreviewTitle")}
        confirmLabel={previewed.preview.mail ? t("admin.booking.actions.cancelSend") : t("admin.booking.actions.cancelConfirm")}
        confirmField={{ name: "intent", value: "cancel" }}
        fields={{}}
        tone="danger"
      >
        <CancelPreview preview={previewed.preview} values={previewed.values ?? {}} onChange={() => setEditing(previewed.answerId ?? "")} />
      </ConfirmAction>
    );
  }
  return (
    <ConfirmAction
      key={backFromPreview ? `back-${editing}` : again.key}
      defaultOpen={backFromPreview || again.defaultOpen}
      label={t("admin.booking.actions.cancel")}
      title={t("admin.booking.actions.cancelTitle")}
      confirmLabel={t("admin.booking.actions.cancelPreviewNext")}
      confirmField={{ name: "intent", value: "cancel-preview" }}
      fields={actions.refund ? { idempotency_key: actions.cancelKey } : { refund: "none", idempotency_key: actions.cancelKey }}
      tone="danger"
    >
      <p>{t("admin.booking.actions.cancelText")}</p>
      {actions.refund && (
        <>
          <RefundablePayments actions={actions} />
          <fieldset aria-describedby={refund.errors ? refund.errorId : undefined}>
            <legend className="text-sm font-semibold text-navy-900">{t("admin.booking.actions.refundChoice")}</legend>
            {choices.map(([value, label]) => (
              <label key={value} className="mt-2 flex items-center gap-2">
                <input type="radio" name="refund" value={value} defaultChecked={chosen === value} className="h-4 w-4 accent-navy-800" />
                {label}
              </label>
            ))}
            {refund.errors && (
              <p id={refund.errorId} className="mt-1.5 text-sm font-medium text-danger-700">
                {refund.errors[0]}
              </p>
            )}
          </fieldset>
          {/* Read only when "Refund an amount" is chosen; always there, so the form works before scripts load. */}
          <Field
            field={field("refund_amount")}
            label={t("admin.booking.actions.cancelRefundAmount")}
            hint={t("admin.booking.actions.cancelRefundAmountHint", { amount: actions.refundableTotal })}
            inputMode="decimal"
            autoComplete="off"
          />
        </>
      )}
      <label className="flex items-start gap-2">
        <input type="checkbox" name="notify" defaultChecked={mine?.values ? mine.values.notify === "on" : true} className="mt-0.5 h-4 w-4 accent-navy-800" />
        <span>{t("admin.booking.actions.notify", { email: actions.customerEmail ?? "" })}</span>
      </label>
      <TextArea field={field("message")} label={t("admin.booking.actions.messageToCustomer")} maxLength={1000} />
      <TextArea field={field("reason")} label={t("admin.booking.actions.reason")} maxLength={1000} />
    </ConfirmAction>
  );
}

function RefundAction({ actions, answer }: { actions: BookingActionsView; answer: BookingActionAnswer | undefined }) {
  const { t } = useTranslation();
  const field = useFieldOf("refund", answer);
  return (
    <ConfirmAction
      key={reopened("refund", answer).key}
      defaultOpen={reopened("refund", answer).defaultOpen}
      label={t("admin.booking.actions.refund")}
      title={t("admin.booking.actions.refundTitle")}
      confirmLabel={t("admin.booking.actions.refundConfirm")}
      fields={{ intent: "refund", idempotency_key: actions.refundKey }}
    >
      <RefundablePayments actions={actions} />
      <Field
        field={field("amount")}
        label={t("admin.booking.actions.amount")}
        hint={t("admin.booking.actions.refundAllLeft", { amount: actions.refundableTotal })}
        inputMode="decimal"
        autoComplete="off"
      />
      {actions.recordsRefunds && (
        <>
          <Field field={field("paid_out_on")} label={t("admin.booking.actions.paidOutOn")} type="date" max={actions.today} />
          <Field field={field("reference")} label={t("admin.booking.actions.paidOutReference")} maxLength={200} autoComplete="off" />
        </>
      )}
      <TextArea field={field("message")} label={t("admin.booking.actions.messageToCustomer")} maxLength={1000} />
      <TextArea field={field("reason")} label={t("admin.booking.actions.reason")} maxLength={1000} />
    </ConfirmAction>
  );
}

/** "Send again" for one of the booking's listed e-mails: a copy to the same address, confirmed first. */
export function ResendEmailAction({ mail }: { mail: { uuid: string; subject: string; to: string } }) {
  const { t } = useTranslation();
  return (
    <ConfirmAction
      label={t("admin.booking.actions.resend")}
      accessibleLabel={t("admin.booking.actions.resendLabel", { subject: mail.subject })}
      title={t("admin.booking.actions.resendTitle")}
      confirmLabel={t("admin.booking.actions.resendConfirm")}
      fields={{ intent: "resend", outbox_id: mail.uuid }}
    >
      <p>{t("admin.booking.actions.resendText", { subject: mail.subject, to: mail.to })}</p>
    </ConfirmAction>
  );
}

function RecordPaymentAction({ actions, answer }: { actions: BookingActionsView; answer: BookingActionAnswer | undefined }) {
  const { t } = useTranslation();
  const field = useFieldOf("record-payment", answer);
  const receivedOn = field("received_on");
  return (
    <ConfirmAction
      key={reopened("record-payment", answer).key}
      defaultOpen={reopened("record-payment", answer).defaultOpen}
      label={t("admin.booking.actions.recordPayment")}
      title={t("admin.booking.actions.recordPaymentTitle")}
      confirmLabel={t("admin.booking.actions.recordPaymentConfirm")}
      fields={{ intent: "record-payment" }}
    >
      <label className="block text-sm font-semibold text-navy-900">
        {t("admin.booking.actions.method")}
        <select
          name="method"
          defaultValue={field("method").initialValue ?? actions.recordMethods[0]}
          className="mt-1 block w-full rounded-lg border border-navy-900/20 px-3 py-2 font-normal"
        >
          {actions.recordMethods.map((method) => (
            <option key={method} value={method}>
              {t(`admin.booking.paymentMethods.${method}`)}
            </option>
          ))}
        </select>
      </label>
      <Field
        field={field("amount")}
        label={t("admin.booking.actions.amount")}
        hint={t("admin.booking.actions.amountHint")}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <Field
        field={{ ...receivedOn, initialValue: receivedOn.initialValue ?? actions.today }}
        label={t("admin.booking.actions.receivedOn")}
        type="date"
        max={actions.today}
        required
      />
      <Field field={field("reference")} label={t("admin.booking.actions.reference")} maxLength={200} autoComplete="off" />
    </ConfirmAction>
  );
}

function MessageAction({ actions, answer }: { actions: BookingActionsView; answer: BookingActionAnswer | undefined }) {
  const { t } = useTranslation();
  const field = useFieldOf("message", answer);
  return (
    <ConfirmAction
      key={reopened("message", answer).key}
      defaultOpen={reopened("message", answer).defaultOpen}
      label={t("admin.booking.actions.message")}
      title={t("admin.booking.actions.messageTitle")}
      confirmLabel={t("admin.booking.actions.messageConfirm")}
      fields={{ intent: "message" }}
    >
      <p>{t("admin.booking.actions.messageText", { email: actions.customerEmail ?? "" })}</p>
      <Field field={field("subject")} label={t("admin.booking.actions.subject")} maxLength={200} autoComplete="off" required />
      <TextArea field={field("body")} label={t("admin.booking.actions.body")} rows={6} maxLength={5000} required />
    </ConfirmAction>
  );
}

/** A customer's cancellation undone within a day (issue 30, decision 075): what comes back and what does not, then one post. */
function ReverseCancellationAction({ reversal }: { reversal: { at: string; until: string } }) {
  const { t } = useTranslation();
  return (
    <ConfirmAction
      label={t("admin.booking.actions.reverse")}
      title={t("admin.booking.actions.reverseTitle")}
      confirmLabel={t("admin.booking.actions.reverseConfirm")}
      fields={{ intent: "reverse-cancellation" }}
    >
      <p>{t("admin.booking.actions.reverseText", { at: reversal.at, until: reversal.until })}</p>
      <p>{t("admin.booking.actions.reverseMail")}</p>
    </ConfirmAction>
  );
}

/**
 * The booking detail's actions (issue 13, decision 030): each a button that opens its confirm dialog
 * with a real form post to the page's action. Only the actions the booking's state allows are shown;
 * the page's answer (success or the verb's refusal) is announced above the buttons.
 */
export function BookingActions({ actions, answer }: { actions: BookingActionsView; answer: BookingActionAnswer | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const buttons: ReactNode[] = [];
  // Its own page (decision 032): the detail's address plus `/edit`, in the page's language.
  if (actions.edit)
    buttons.push(
      <Link key="edit" to={`${pathname.replace(/\/$/, "")}/edit`} className={buttonClasses("ghost", "sm")}>
        {t("admin.booking.actions.editAnswers")}
      </Link>,
    );
  if (actions.cancel) buttons.push(<CancelAction key="cancel" actions={actions} answer={answer} />);
  if (actions.reverseCancellation) buttons.push(<ReverseCancellationAction key="reverse-cancellation" reversal={actions.reverseCancellation} />);
  if (actions.refund) buttons.push(<RefundAction key="refund" actions={actions} answer={answer} />);
  if (actions.recordPayment) buttons.push(<RecordPaymentAction key="record-payment" actions={actions} answer={answer} />);
  if (actions.message) buttons.push(<MessageAction key="message" actions={actions} answer={answer} />);
  return (
    <section aria-labelledby="actions-title" className="space-y-3">
      <h2 id="actions-title" className="sr-only">
        {t("admin.booking.actions.title")}
      </h2>
      {answer?.message && answer.intent !== "resend" && <FormMessage tone={answer.failed ? "error" : "success"}>{answer.message}</FormMessage>}
      {buttons.length > 0 ? <div className="flex flex-wrap gap-2">{buttons}</div> : <p className="text-sm text-ink-soft">{t("admin.booking.actions.none")}</p>}
    </section>
  );
}
