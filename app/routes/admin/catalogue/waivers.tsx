import { Form, Link } from "react-router";
import { translatorFor } from "../../../../core/i18n/i18n";
import { locales } from "../../../../core/i18n/locales";
import { TextAreaField } from "../../../components/admin/text-area-field";
import { buttonClasses } from "../../../components/button";
import { Field, FormMessage } from "../../../components/field";
import { useLocalizedHref } from "../../../utils/locale";
import { pageMeta } from "../../../utils/meta";
import { useTranslation } from "../../../utils/use-translation";
import type { Route } from "./+types/waivers";

export { loader, action } from "./waivers.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.waivers.title")) : []);

/**
 * The waiver texts (decision 080): a form for a new text or a new version of one (title and text in every
 * language side by side), and the list of texts with their versions. A version is never edited.
 */
export default function AdminWaiversPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { texts, editing } = loaderData;
  const values = actionData?.values ?? null;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const saved = actionData && !actionData.failed;
  const initial = (name: string): string => {
    if (values?.[name] !== undefined) return values[name] ?? "";
    if (!editing || saved) return "";
    if (name === "name") return editing.name;
    const [part, language] = name.split(".") as ["title" | "body", (typeof locales)[number]];
    return editing[part][language] ?? "";
  };
  const field = (name: string) => ({
    id: `field-${name.replace(".", "-")}`,
    name,
    errorId: `field-${name.replace(".", "-")}-error`,
    errors: errors[name] ? [errors[name]] : undefined,
    initialValue: initial(name),
    key: saved ? `saved-${actionData.message}` : (editing?.id ?? "new"),
  });
  const formTitle = editing && !saved ? t("admin.waivers.newVersion", { name: editing.name }) : t("admin.waivers.newText");
  return (
    <div className="space-y-6">
      <div>
        <h1 id="page-title" className="font-display text-3xl font-bold text-navy-900">
          {t("admin.waivers.title")}
        </h1>
        <p className="mt-1 max-w-3xl text-ink-soft">{t("admin.waivers.intro")}</p>
      </div>
      {actionData?.message && <FormMessage tone={actionData.failed ? "error" : "success"}>{actionData.message}</FormMessage>}
      <Form method="post" className="space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6" noValidate aria-labelledby="write-title">
        <h2 id="write-title" className="font-display text-xl font-bold text-navy-900">
          {formTitle}
        </h2>
        {editing && !saved && <input type="hidden" name="waiver_id" value={editing.id} />}
        <Field field={field("name")} label={t("admin.waivers.name")} maxLength={120} autoComplete="off" required />
        <div className="grid gap-6 lg:grid-cols-2">
          {locales.map((language) => (
            <fieldset key={language} className="space-y-4" lang={language}>
              <legend className="text-sm font-bold uppercase tracking-wide text-ink-soft">{t(`admin.waivers.language.${language}`)}</legend>
              <Field field={field(`title.${language}`)} label={t("admin.waivers.textTitle")} maxLength={200} autoComplete="off" required />
              <TextAreaField field={field(`body.${language}`)} label={t("admin.waivers.body")} hint={t("admin.waivers.bodyHint")} rows={12} maxLength={20000} />
            </fieldset>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={buttonClasses("primary")}>
            {editing && !saved ? t("admin.waivers.saveVersion", { version: editing.next }) : t("admin.waivers.create")}
          </button>
          {editing && !saved && (
            <Link to={href("/admin/waivers")} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
              {t("admin.waivers.newText")}
            </Link>
          )}
        </div>
      </Form>
      <section aria-labelledby="texts-title" className="space-y-4">
        <h2 id="texts-title" className="font-display text-xl font-bold text-navy-900">
          {t("admin.waivers.texts")}
        </h2>
        {texts.length === 0 && <p className="text-ink-soft">{t("admin.waivers.none")}</p>}
        {texts.map((text) => (
          <article key={text.id} aria-labelledby={`waiver-${text.id}`} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10">
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h3 id={`waiver-${text.id}`} className="font-display text-lg font-bold text-navy-900">
                {text.name}
              </h3>
              <Link to={`${href("/admin/waivers")}?edit=${text.id}`} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
                {t("admin.waivers.editNew")}
              </Link>
            </div>
            <ul className="mt-2 space-y-1 text-sm">
              {text.versions.map((version) => (
                <li key={version.id}>
                  <span className="font-semibold text-navy-900">{version.title}</span> <span className="text-ink-soft">· {t("admin.waivers.versionBy", { version: version.version, date: version.when, by: version.by })}</span>
                </li>
              ))}
            </ul>
          </article>
        ))}
      </section>
    </div>
  );
}
