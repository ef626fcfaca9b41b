import { Form, Link } from "react-router";
import { eventMessagePaymentFilters } from "../../../../core/domain/event-message-audience";
import { translatorFor } from "../../../../core/i18n/i18n";
import { locales } from "../../../../core/i18n/locales";
import { AdminListCard } from "../../../components/admin/admin-page-parts";
import { AdminTable } from "../../../components/admin/admin-table";
import { TextAreaField } from "../../../components/admin/text-area-field";
import { buttonClasses } from "../../../components/button";
import { Field, FormMessage } from "../../../components/field";
import { useLocalizedHref } from "../../../utils/locale";
import { pageMeta } from "../../../utils/meta";
import { useTranslation } from "../../../utils/use-translation";
import type { Route } from "./+types/event-messages";

export { loader, action } from "./event-messages.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.eventMessages.title", { event: loaderData.event.title })) : [];

/** A day or vehicle filter: a select whose first choice keeps everyone. */
function ChoiceFilter({
  name,
  label,
  all,
  choices,
  value,
  resetKey,
}: {
  name: string;
  label: string;
  all: string;
  choices: { value: string; label: string }[];
  value: string;
  resetKey: string;
}) {
  return (
    <div>
      <label htmlFor={`field-${name}`} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      <select
        id={`field-${name}`}
        name={name}
        key={resetKey}
        defaultValue={value}
        className="mt-1.5 block w-full rounded-lg border border-navy-900/20 bg-white px-3.5 py-2.5 text-base text-ink sm:w-auto"
      >
        <option value="">{all}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Write to an event's participants (issue 31): whom (every active booking, nothing paid, something
 * still owed), a subject and a text per language; Preview shows the mail one real booking would get and
 * how many it reaches, Send queues it for each. Below, what was sent to the event: when, by whom, to whom.
 */
export default function AdminEventMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { event, messages } = loaderData;
  const values = actionData?.values ?? null;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const field = (name: string) => ({
    id: `field-${name.replace(".", "-")}`,
    name,
    errorId: `field-${name.replace(".", "-")}-error`,
    errors: errors[name] ? [errors[name]] : undefined,
    initialValue: values?.[name] ?? "",
    // A sent message empties the form: its fields start again.
    key: actionData?.sent ? "sent" : "draft",
  });
  const preview = actionData?.preview ?? null;
  return (
    <div className="space-y-6">
      <div>
        <Link to={href(`/admin/events/${event.uuid}`)} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
          {t("admin.eventMessages.back")}
        </Link>
        <h1 id="page-title" className="mt-2 font-display text-3xl font-bold text-navy-900">
          {t("admin.eventMessages.title", { event: event.title })}
        </h1>
        <p className="mt-1 text-ink-soft">{t("admin.eventMessages.intro")}</p>
      </div>
      {actionData?.message && <FormMessage tone={actionData.failed ? "error" : "success"}>{actionData.message}</FormMessage>}
      <Form method="post" className="space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6" noValidate aria-labelledby="write-title">
        <h2 id="write-title" className="font-display text-xl font-bold text-navy-900">
          {t("admin.eventMessages.write")}
        </h2>
        <div>
          <label htmlFor="field-payment" className="block text-sm font-semibold text-navy-900">
            {t("admin.eventMessages.to")}
          </label>
          <select
            id="field-payment"
            name="payment"
            key={actionData?.sent ? "sent" : "draft"}
            defaultValue={values?.payment || "all"}
            className="mt-1.5 block w-full rounded-lg border border-navy-900/20 bg-white px-3.5 py-2.5 text-base text-ink sm:w-auto"
          >
            {eventMessagePaymentFilters.map((filter) => (
              <option key={filter} value={filter}>
                {t(`admin.eventMessages.filters.${filter}`)}
              </option>
            ))}
          </select>
        </div>
        {(loaderData.days.length > 0 || loaderData.vehicles.length > 0) && (
          <div className="flex flex-wrap gap-4">
            {loaderData.days.length > 0 && (
              <ChoiceFilter
                name="day"
                label={t("admin.eventMessages.day")}
                all={t("admin.eventMessages.allDays")}
                choices={loaderData.days}
                value={values?.day ?? ""}
                resetKey={actionData?.sent ? "sent" : "draft"}
              />
            )}
            {loaderData.vehicles.length > 0 && (
              <ChoiceFilter
                name="vehicle"
                label={t("admin.eventMessages.vehicle")}
                all={t("admin.eventMessages.anyVehicle")}
                choices={loaderData.vehicles}
                value={values?.vehicle ?? ""}
                resetKey={actionData?.sent ? "sent" : "draft"}
              />
            )}
            <p className="basis-full text-sm text-ink-soft">{t("admin.eventMessages.filterHint")}</p>
          </div>
        )}
        <div className="grid gap-6 lg:grid-cols-2">
          {locales.map((language) => (
            <fieldset key={language} className="space-y-4" lang={language}>
              <legend className="text-sm font-bold uppercase tracking-wide text-ink-soft">{t(`admin.eventMessages.language.${language}`)}</legend>
              <Field field={field(`subject.${language}`)} label={t("admin.eventMessages.subject")} maxLength={200} autoComplete="off" required />
              <TextAreaField
                field={field(`body.${language}`)}
                label={t("admin.eventMessages.body")}
                hint={t("admin.eventMessages.bodyHint")}
                rows={8}
                maxLength={5000}
              />
            </fieldset>
          ))}
        </div>
        {preview && (
          <section aria-labelledby="preview-title" className="space-y-3 rounded-xl bg-navy-50 p-4">
            <h2 id="preview-title" className="font-display text-lg font-bold text-navy-900">
              {t("admin.eventMessages.preview")}
            </h2>
            <p data-testid="event-message-count" className="font-semibold text-navy-900">
              {t("admin.eventMessages.reaches", { count: preview.count })}
            </p>
            {preview.mail && (
              <>
                <p>
                  {t("admin.eventMessages.previewFor", {
                    code: preview.mail.code,
                    to: preview.mail.to,
                    language: t(`admin.eventMessages.language.${preview.mail.locale}`),
                  })}
                </p>
                <p data-testid="event-message-subject" className="break-words rounded-lg bg-white px-3 py-2 font-semibold text-navy-900">
                  {preview.mail.subject}
                </p>
                {/* No rights at all (sandbox=""): the mail's HTML can neither run script nor reach this page. */}
                <iframe
                  sandbox=""
                  srcDoc={preview.mail.html}
                  title={t("admin.eventMessages.previewFrame")}
                  className="h-96 w-full rounded-lg border border-navy-900/15 bg-white"
                />
              </>
            )}
          </section>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="preview" className={buttonClasses("secondary")}>
            {t("admin.eventMessages.previewButton")}
          </button>
          {preview && preview.count > 0 && (
            <button type="submit" name="intent" value="send" className={buttonClasses("primary")}>
              {t("admin.eventMessages.send", { count: preview.count })}
            </button>
          )}
        </div>
      </Form>
      <AdminListCard
        headingId="history-title"
        heading={<>{t("admin.eventMessages.history")}</>}
        emptyText={messages.length === 0 ? t("admin.eventMessages.none") : null}
      >
        <AdminTable
          labelledBy="history-title"
          minWidth="40rem"
          headers={[
            t("admin.eventMessages.when"),
            t("admin.eventMessages.subject"),
            t("admin.eventMessages.to"),
            t("admin.eventMessages.count"),
            t("admin.eventMessages.by"),
          ]}
        >
          {messages.map((message) => (
            <tr key={message.at + message.by}>
              <td className="px-5 py-3 text-ink-soft sm:px-6">{message.when}</td>
              <th scope="row" className="px-3 py-3 font-semibold text-navy-900">
                {message.subjectShown}
              </th>
              <td className="px-3 py-3">
                {[t(`admin.eventMessages.filters.${message.payment}`), message.dayShown, message.vehicleShown].filter(Boolean).join(" · ")}
              </td>
              <td className="px-3 py-3 tabular-nums">{message.count}</td>
              <td className="px-3 py-3 break-words text-ink-soft">{message.by}</td>
            </tr>
          ))}
        </AdminTable>
      </AdminListCard>
    </div>
  );
}
