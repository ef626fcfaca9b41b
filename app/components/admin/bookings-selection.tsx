import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../../utils/use-translation";
import { Form } from "react-router";
import { csvDialects } from "../../../core/contracts/staff-exports";
import type { BulkAnswer, BulkPlanRow } from "../../utils/admin-bookings-bulk.server";
import { buttonClasses } from "../button";
import { FormMessage } from "../field";
import { BookingStatusBadge } from "./status-badge";

/**
 * The bookings list's selection (decision 033, issue 28): one form around the table whose rows carry a
 * `booking` checkbox each. Nothing is sent or cancelled from the toolbar: "Resend confirmation…" and
 * "Cancel bookings…" post the selection and the page answers the plan — each booking by its code and
 * status, what will happen to it or why it is left out — with a confirmation form naming only the
 * bookings that fit; its button acts. The same without scripts ("select all on this page" is a real
 * field); with scripts the count follows every tick, "select all" ticks the rows, and the plan takes
 * the focus when it appears.
 */

type Row = { uuid: string; code: string | null };

export function BookingsSelection({
  rows,
  action,
  exportAction,
  defaultDialect,
  answer,
  children,
}: {
  rows: Row[];
  /** The list's own address with its filters, sort and page: they stay after the action. */
  action: string;
  exportAction: string;
  defaultDialect: (typeof csvDialects)[number];
  answer: BulkAnswer | undefined;
  /** The table, its rows' checkboxes inside this form. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => setHydrated(true), []);

  const boxes = () => [...(form.current?.querySelectorAll<HTMLInputElement>('input[name="booking"]') ?? [])];
  const recount = useCallback(() => {
    const all = [...(form.current?.querySelectorAll<HTMLInputElement>('input[name="booking"]') ?? [])];
    const ticked = all.filter((box) => box.checked);
    const selectAll = form.current?.querySelector<HTMLInputElement>('input[name="all_on_page"]');
    if (selectAll) {
      selectAll.checked = all.length > 0 && ticked.length === all.length;
      selectAll.indeterminate = ticked.length > 0 && ticked.length < all.length;
    }
    setSelected(ticked.map((box) => box.value));
  }, []);
  // An answered action starts a fresh selection (the rows may have changed state).
  useEffect(() => {
    if (answer?.kind !== "results") return;
    form.current?.reset();
    recount();
  }, [answer, recount]);

  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "all_on_page") for (const box of boxes()) box.checked = target.checked;
    if (target.name === "booking" || target.name === "all_on_page") recount();
  };
  const nothing = hydrated && selected.length === 0;

  return (
    <div className="space-y-4">
      {answer && answer.kind !== "review" && <BulkAnswerPanel answer={answer} />}
      {answer?.kind === "review" && <BulkReview intent={answer.intent} rows={answer.rows} action={action} />}
      <Form
        ref={form}
        method="post"
        action={action}
        reloadDocument
        onChange={onChange}
        aria-label={t("admin.bookings.bulk.selectionLabel")}
        className="space-y-3"
      >
        {rows.map((row) => (
          <input key={row.uuid} type="hidden" name="page_booking" value={row.uuid} />
        ))}
        <div className="flex flex-col gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-navy-900/10 sm:flex-row sm:flex-wrap sm:items-center sm:p-4">
          <label className="inline-flex items-center gap-2 text-sm font-semibold text-navy-900">
            <input type="checkbox" name="all_on_page" className="h-5 w-5 accent-navy-800" />
            {t("admin.bookings.bulk.selectAll")}
          </label>
          <p className="text-sm text-ink-soft sm:mr-auto" aria-live="polite" aria-atomic="true">
            {hydrated ? t("admin.bookings.bulk.selected", { count: selected.length }) : t("admin.bookings.bulk.hint")}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <button type="submit" name="intent" value="resend" disabled={nothing} className={buttonClasses("ghost", "sm")}>
              {t("admin.bookings.bulk.resend")}
            </button>
            <span className="inline-flex flex-wrap items-center gap-2">
              <label htmlFor="bulk-dialect" className="sr-only">
                {t("admin.bookings.bulk.dialect")}
              </label>
              <select
                id="bulk-dialect"
                name="dialect"
                defaultValue={defaultDialect}
                className="rounded-full border border-navy-900/20 bg-white px-3 py-1.5 text-sm text-ink outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20"
              >
                {csvDialects.map((dialect) => (
                  <option key={dialect} value={dialect}>
                    {t(`admin.bookings.bulk.dialects.${dialect}`)}
                  </option>
                ))}
              </select>
              <button type="submit" formAction={exportAction} disabled={nothing} className={buttonClasses("ghost", "sm")}>
                {t("admin.bookings.bulk.export")}
              </button>
            </span>
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={nothing}
              className={buttonClasses("ghost", "sm", "text-danger-700 ring-danger-700/40")}
            >
              {t("admin.bookings.bulk.cancel")}
            </button>
          </div>
        </div>
        {children}
      </Form>
    </div>
  );
}

/**
 * The plan of a bulk action (issue 28): each selected booking with its status and what will happen to
 * it, or why it is left out; then the confirmation form, which names only the bookings that fit.
 */
function BulkReview({ intent, rows, action }: { intent: "resend" | "cancel"; rows: BulkPlanRow[]; action: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The plan appears above the list: with scripts it takes the focus, so it is read and in view.
  useEffect(() => heading.current?.focus(), [rows]);
  const fitting = rows.filter((row) => row.fits);
  return (
    <section
      aria-labelledby="bulk-review"
      className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ${intent === "cancel" ? "ring-danger-700/30" : "ring-navy-900/10"}`}
    >
      <h2 id="bulk-review" ref={heading} tabIndex={-1} className="font-display text-xl font-semibold text-navy-900 outline-none">
        {t(`admin.bookings.bulk.reviewTitle.${intent}`)}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t("admin.bookings.bulk.reviewSummary", { fits: fitting.length, left: rows.length - fitting.length })}</p>
      <ul className="mt-3 divide-y divide-navy-900/10 text-sm">
        {rows.map((row) => (
          <li key={row.uuid} className="flex flex-col gap-1 py-2 sm:flex-row sm:flex-wrap sm:items-baseline sm:gap-x-3">
            <span className="inline-flex items-center gap-2">
              <span className="font-mono font-semibold text-navy-900">{row.code}</span>
              {row.status && <BookingStatusBadge status={row.status} />}
            </span>
            <span className={`break-words ${row.fits ? "text-ink" : "text-danger-700"}`}>
              {row.fits
                ? intent === "resend"
                  ? t("admin.bookings.bulk.willResend", { to: row.to ?? "" })
                  : t("admin.bookings.bulk.willCancel")
                : t("admin.bookings.bulk.leftOut", { reason: row.reason ?? "" })}
            </span>
          </li>
        ))}
      </ul>
      {fitting.length === 0 ? (
        <div className="mt-4 space-y-3">
          <FormMessage tone="error">{t("admin.bookings.bulk.nothingFits")}</FormMessage>
          <a href={action} className={buttonClasses("ghost", "md")}>
            {t("admin.bookings.bulk.back")}
          </a>
        </div>
      ) : (
        <Form method="post" action={action} className="mt-4 space-y-4 text-sm text-ink">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="confirm" value="yes" />
          {fitting.map((row) => (
            <input key={row.uuid} type="hidden" name="booking" value={row.uuid} />
          ))}
          {intent === "cancel" && <CancelFields />}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClasses(intent === "cancel" ? "danger" : "primary", "md")}>
              {t(`admin.bookings.bulk.confirm.${intent}`, { count: fitting.length })}
            </button>
            <a href={action} className={buttonClasses("ghost", "md")}>
              {t("admin.bookings.bulk.back")}
            </a>
          </div>
        </Form>
      )}
    </section>
  );
}

/** What a bulk cancellation asks before it is confirmed. */
function CancelFields() {
  const { t } = useTranslation();
  return (
    <>
      <p>{t("admin.bookings.bulk.cancelText")}</p>
      <fieldset>
        <legend className="text-sm font-semibold text-navy-900">{t("admin.booking.actions.refundChoice")}</legend>
        {(["none", "full"] as const).map((value) => (
          <label key={value} className="mt-2 flex items-center gap-2">
            <input type="radio" name="refund" value={value} defaultChecked={value === "none"} className="h-4 w-4 accent-navy-800" />
            {t(`admin.booking.actions.refundChoices.${value}`)}
          </label>
        ))}
      </fieldset>
      <label className="flex items-start gap-2">
        <input type="checkbox" name="notify" defaultChecked className="mt-0.5 h-4 w-4 accent-navy-800" />
        <span>{t("admin.bookings.bulk.notify")}</span>
      </label>
      <div>
        <label htmlFor="bulk-cancel-reason" className="block text-sm font-semibold text-navy-900">
          {t("admin.booking.actions.reason")}
        </label>
        <textarea
          id="bulk-cancel-reason"
          name="reason"
          rows={3}
          maxLength={1000}
          className="mt-1.5 block w-full rounded-lg border border-navy-900/20 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20"
        />
      </div>
    </>
  );
}

/** Each booking's outcome by its code: done, or refused with the verb's localized reason. */
function BulkAnswerPanel({ answer }: { answer: Exclude<BulkAnswer, { kind: "review" }> }) {
  const { t } = useTranslation();
  if (answer.kind === "refused") return <FormMessage tone="error">{answer.message}</FormMessage>;
  const done = answer.outcomes.filter((outcome) => outcome.done).length;
  return (
    <section aria-labelledby="bulk-results" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10">
      <h2 id="bulk-results" className="text-base font-semibold text-navy-900">
        {t(`admin.bookings.bulk.resultsTitle.${answer.intent}`)}
      </h2>
      <p role="status" className="mt-1 text-sm text-ink-soft">
        {t("admin.bookings.bulk.summary", { done, refused: answer.outcomes.length - done })}
      </p>
      <ul className="mt-3 divide-y divide-navy-900/10 text-sm">
        {answer.outcomes.map((outcome) => (
          <li key={outcome.uuid} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
            <span className="font-mono font-semibold text-navy-900">{outcome.code}</span>
            <span className={outcome.done ? "text-success-700" : "text-danger-700"}>
              {outcome.done ? t("admin.bookings.bulk.done") : t("admin.bookings.bulk.refused", { reason: outcome.reason ?? "" })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
