import { Form, Link } from "react-router";
import { waiverPersonTypes } from "../../../../core/domain/waivers";
import { translatorFor } from "../../../../core/i18n/i18n";
import { buttonClasses } from "../../../components/button";
import { FormMessage } from "../../../components/field";
import { useLocalizedHref } from "../../../utils/locale";
import { pageMeta } from "../../../utils/meta";
import { useTranslation } from "../../../utils/use-translation";
import type { Route } from "./+types/event-waiver";

export { loader, action } from "./event-waiver.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.waivers.eventWaiver.title", { event: loaderData.event.title })) : [];

/** An event's waiver (decision 080): one text (or none) and the person types who must sign it, drivers and co-drivers by default. */
export default function AdminEventWaiverPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { event, current, texts } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <Link to={href(`/admin/events/${event.uuid}`)} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
          {t("admin.waivers.eventWaiver.back")}
        </Link>
        <h1 id="page-title" className="mt-2 font-display text-3xl font-bold text-navy-900">
          {t("admin.waivers.eventWaiver.title", { event: event.title })}
        </h1>
        <p className="mt-1 max-w-3xl text-ink-soft">{t("admin.waivers.eventWaiver.intro")}</p>
      </div>
      {actionData?.message && <FormMessage tone={actionData.failed ? "error" : "success"}>{actionData.message}</FormMessage>}
      {texts.length === 0 ? (
        <p className="text-ink">
          <Link to={href("/admin/waivers")} className="font-semibold text-navy-700 underline underline-offset-4">
            {t("admin.waivers.eventWaiver.noTexts")}
          </Link>
        </p>
      ) : (
        <Form method="post" className="space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
          <div>
            <label htmlFor="waiver-text" className="block text-sm font-semibold text-navy-900">
              {t("admin.waivers.eventWaiver.waiver")}
            </label>
            <select
              id="waiver-text"
              name="waiver_id"
              defaultValue={current.waiverId ?? ""}
              className="mt-1.5 block w-full rounded-lg border border-navy-900/20 bg-white px-3.5 py-2.5 text-base text-ink sm:w-auto"
            >
              <option value="">{t("admin.waivers.eventWaiver.noWaiver")}</option>
              {texts.map((text) => (
                <option key={text.id} value={text.id}>
                  {text.name} · {t("admin.waivers.version", { version: text.version })}
                </option>
              ))}
            </select>
            {current.version !== null && <p className="mt-1.5 text-sm text-ink-soft">{t("admin.waivers.eventWaiver.current", { version: current.version })}</p>}
          </div>
          <fieldset>
            <legend className="text-sm font-semibold text-navy-900">{t("admin.waivers.eventWaiver.personTypes")}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {waiverPersonTypes.map((type) => (
                <label key={type} className="flex items-center gap-3 rounded-lg px-1 py-1 text-ink">
                  <input type="checkbox" name="person_types" value={type} defaultChecked={current.personTypes.includes(type)} className="h-5 w-5 accent-navy-800" />
                  {t(`waiver.personTypes.${type}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={buttonClasses("primary")}>
            {t("admin.waivers.eventWaiver.save")}
          </button>
        </Form>
      )}
    </div>
  );
}
