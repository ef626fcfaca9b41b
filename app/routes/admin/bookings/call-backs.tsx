import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "../../../utils/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { callBackOutcomes } from "../../../../core/contracts/staff-call-backs";
import { translatorFor } from "../../../../core/i18n/i18n";
import type { Locale } from "../../../../core/i18n/locales";
import { CallBackDecisionDialog, DecisionForm, type Decision } from "../../../components/admin/call-back-decision-dialog";
import { buttonClasses } from "../../../components/button";
import { FormMessage } from "../../../components/field";
import { useAccountForm } from "../../../utils/account-forms";
import { callAttemptFormSchema, type CallBackIntent } from "../../../utils/call-back-forms";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/call-backs";

export { loader, action } from "./call-backs.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.callBacks.title")) : [];

type Entry = Route.ComponentProps["loaderData"]["callBacks"][number];
type ActionResult = { booking: string; intent: CallBackIntent; result: SubmissionResult<string[]> } | undefined;

const controlClass = (invalid: boolean) =>
  `mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none focus:border-navy-700 focus:ring-2 focus:ring-navy-700/20 ${invalid ? "border-danger-700" : "border-navy-900/20"}`;

/** The attempt form of one request: outcome and note, checked by the same schema in the browser and in the action. */
function AttemptForm({ entry, locale, lastResult }: { entry: Entry; locale: Locale; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("booking") === entry.booking_uuid;
  const [form, fields] = useAccountForm({ id: `attempt-${entry.booking_uuid}`, schema: callAttemptFormSchema, locale, lastResult });
  const outcomeError = fields.outcome.errors?.[0];
  const noteError = fields.note.errors?.[0];
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <h4 id={`${form.id}-title`} className="font-semibold text-navy-900">
        {t("admin.callBacks.recordTitle")}
      </h4>
      {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
      <input type="hidden" name="intent" value="attempt" />
      <input type="hidden" name="booking" value={entry.booking_uuid} />
      <input type="hidden" name="code" value={entry.code ?? ""} />
      <div>
        <label htmlFor={fields.outcome.id} className="block text-sm font-semibold text-navy-900">
          {t("admin.callBacks.outcome")}
          <span aria-hidden="true" className="text-danger-700">
            {" "}
            *
          </span>
        </label>
        <select {...getSelectProps(fields.outcome)} className={controlClass(Boolean(outcomeError))}>
          <option value="">{t("admin.callBacks.chooseOutcome")}</option>
          {callBackOutcomes.map((outcome) => (
            <option key={outcome} value={outcome}>
              {t(`admin.callBacks.outcomes.${outcome}`)}
            </option>
          ))}
        </select>
        {outcomeError && (
          <p id={fields.outcome.errorId} className="mt-1.5 text-sm font-medium text-danger-700">
            {outcomeError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={fields.note.id} className="block text-sm font-semibold text-navy-900">
          {t("admin.callBacks.note")}
        </label>
        <textarea {...getTextareaProps(fields.note)} rows={2} maxLength={2000} className={controlClass(Boolean(noteError))} />
        {noteError && (
          <p id={fields.note.errorId} className="mt-1.5 text-sm font-medium text-danger-700">
            {noteError}
          </p>
        )}
      </div>
      <button type="submit" disabled={submitting} className={buttonClasses("ghost", "sm")}>
        {t("admin.callBacks.recordSubmit")}
      </button>
    </Form>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-ink-soft">{label}</dt>
      <dd className="mt-0.5 text-sm text-ink">{children}</dd>
    </div>
  );
}

function CallBackEntry({
  entry,
  locale,
  actionData,
  confirming,
  selfHref,
}: {
  entry: Entry;
  locale: Locale;
  actionData: ActionResult;
  confirming: { decision: Decision; booking: string } | null;
  selfHref: string;
}) {
  const { t } = useTranslation();
  const code = entry.code ?? entry.booking_uuid.slice(0, 8);
  const mine = actionData?.booking === entry.booking_uuid ? actionData : undefined;
  const attemptResult = mine?.intent === "attempt" ? mine.result : undefined;
  const decisionResult = (decision: Decision) => (mine?.intent === decision ? mine.result : undefined);
  const request = { booking: entry.booking_uuid, code, name: entry.main_participant.name };
  const inPage = confirming?.booking === entry.booking_uuid ? confirming.decision : null;
  const main = entry.main_participant;
  const { by_type: byType } = entry.summary.companions;
  const companions = Object.entries(byType)
    .filter(([, count]) => (count ?? 0) > 0)
    .map(([type, count]) => `${count} × ${t(`manage.companionTypes.${type as keyof typeof byType}`)}`);
  const headingId = `request-${entry.booking_uuid}-title`;
  return (
    <li id={`request-${entry.booking_uuid}`}>
      <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-6" data-booking={entry.booking_uuid}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="font-display text-xl font-semibold text-navy-900">
            <Link to={entry.bookingHref} className="underline underline-offset-4 hover:text-navy-700">
              {t("admin.callBacks.openBooking", { code })}
            </Link>
            <span className="ml-2 text-base font-normal text-ink">· {main.name}</span>
          </h2>
          <p className="text-sm text-ink-soft">
            {t("admin.callBacks.submittedAt")}: {entry.display.submittedAt}
          </p>
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
          <Detail label={t("admin.callBacks.event")}>
            {entry.event.title}, {entry.display.eventStarts}
          </Detail>
          <Detail label={t("admin.callBacks.phone")}>
            {main.phone_e164 ? (
              <a href={`tel:${main.phone_e164}`} className="font-semibold text-navy-700 underline underline-offset-4">
                {main.phone ?? main.phone_e164}
              </a>
            ) : main.phone ? (
              <>
                {main.phone} <span className="text-ink-soft">({t("admin.callBacks.phoneUnreadable")})</span>
              </>
            ) : (
              t("admin.callBacks.noPhone")
            )}
          </Detail>
          <Detail label={t("admin.callBacks.email")}>
            {main.email ? (
              <a href={`mailto:${main.email}`} className="break-words text-navy-700 underline underline-offset-4">
                {main.email}
              </a>
            ) : (
              "–"
            )}
          </Detail>
          <Detail label={t("admin.callBacks.language")}>{entry.display.language}</Detail>
          <Detail label={t("admin.callBacks.places")}>{entry.places}</Detail>
          <Detail label={t("admin.callBacks.total")}>
            <span className="tabular-nums">{entry.display.total}</span>{" "}
            <span className="text-ink-soft">
              ({t("admin.callBacks.deposit")} <span className="tabular-nums">{entry.display.deposit}</span>)
            </span>
          </Detail>
          <Detail label={t("admin.callBacks.companions")}>{companions.length ? companions.join(", ") : t("admin.callBacks.noCompanions")}</Detail>
          <Detail label={t("admin.callBacks.paymentChoice")}>{t(`admin.callBacks.paymentChoices.${entry.summary.payment_choice ?? "none"}`)}</Detail>
          {entry.summary.additional_comments && (
            <div className="sm:col-span-2 lg:col-span-4">
              <Detail label={t("admin.callBacks.comments")}>
                <span className="whitespace-pre-line">{entry.summary.additional_comments}</span>
              </Detail>
            </div>
          )}
        </dl>
        <div className="mt-5 grid gap-6 border-t border-navy-900/10 pt-4 md:grid-cols-2">
          <div>
            <h3 id={`${headingId}-attempts`} className="font-semibold text-navy-900">
              {t("admin.callBacks.attemptsTitle")}
            </h3>
            {entry.display.attempts.length === 0 ? (
              <p className="mt-2 text-sm text-ink-soft">{t("admin.callBacks.noAttempts")}</p>
            ) : (
              <ol className="mt-2 space-y-2">
                {entry.display.attempts.map((attempt) => (
                  <li key={attempt.uuid} className="rounded-lg bg-navy-50 px-3 py-2 text-sm">
                    <p>
                      <span className="font-semibold text-navy-900">{t(`admin.callBacks.outcomes.${attempt.outcome}`)}</span>{" "}
                      <span className="text-ink-soft">{t("admin.callBacks.attemptBy", { at: attempt.at, staff: attempt.staff.email })}</span>
                    </p>
                    {attempt.note && <p className="mt-1 whitespace-pre-line text-ink">{attempt.note}</p>}
                  </li>
                ))}
              </ol>
            )}
          </div>
          {/* A new key once an attempt is saved: the form starts empty again instead of keeping the last values. */}
          <AttemptForm key={entry.attempts.length} entry={entry} locale={locale} lastResult={attemptResult} />
        </div>
        <div className="mt-5 flex flex-wrap justify-end gap-3 border-t border-navy-900/10 pt-4">
          {(["reject", "verify"] as const).map((decision) => (
            <CallBackDecisionDialog
              key={decision}
              decision={decision}
              request={request}
              locale={locale}
              lastResult={inPage ? undefined : decisionResult(decision)}
              fallbackHref={`${selfHref}?decide=${decision}&booking=${entry.booking_uuid}#request-${entry.booking_uuid}`}
            />
          ))}
        </div>
        {inPage && (
          <div className="mt-4 rounded-xl bg-navy-50 p-4 ring-1 ring-inset ring-navy-900/15">
            <h3 id={`${headingId}-confirm`} className="font-display text-lg font-semibold text-navy-900">
              {t(inPage === "verify" ? "admin.callBacks.verifyTitle" : "admin.callBacks.rejectTitle", { code })}
            </h3>
            <p className="mt-1 text-sm text-ink">{t(inPage === "verify" ? "admin.callBacks.verifyText" : "admin.callBacks.rejectText", { name: main.name })}</p>
            <DecisionForm decision={inPage} request={request} locale={locale} lastResult={decisionResult(inPage)} cancelHref={selfHref} />
          </div>
        )}
      </article>
    </li>
  );
}

/** `/admin/call-backs`: the SMA requests waiting for a call, oldest first; attempts, verify, reject (issue 13, decision 031). */
export default function AdminCallBacks({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { callBacks, done, confirming, locale, selfHref } = loaderData;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="font-display text-3xl font-semibold text-navy-900">{t("admin.callBacks.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-ink-soft">{t("admin.callBacks.intro")}</p>
      </header>
      {done && <FormMessage tone="success">{t(`admin.callBacks.${done.kind}`, { code: done.code })}</FormMessage>}
      {callBacks.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-ink shadow-sm ring-1 ring-navy-900/10">{t("admin.callBacks.empty")}</p>
      ) : (
        <>
          <p className="text-sm font-semibold text-navy-900">{t("admin.callBacks.count", { count: callBacks.length })}</p>
          <ol className="space-y-6">
            {callBacks.map((entry) => (
              <CallBackEntry key={entry.booking_uuid} entry={entry} locale={locale} actionData={actionData} confirming={confirming} selfHref={selfHref} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
