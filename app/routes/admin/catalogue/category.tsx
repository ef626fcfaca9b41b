import { useState, type ReactNode } from "react";
import { useTranslation } from "../../../utils/use-translation";
import { Form, Link } from "react-router";
import { slugify } from "../../../../core/domain/slugs";
import { translatorFor } from "../../../../core/i18n/i18n";
import { defaultLocale, localeNames, localizePath, type Locale } from "../../../../core/i18n/locales";
import { FormMessage } from "../../../components/field";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/category";

export { loader, action } from "./category.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        ...pageMeta(
          loaderData.locale,
          translatorFor(loaderData.locale)(loaderData.category ? "admin.categories.editTitle" : "admin.categories.newTitle", {
            name: loaderData.values[loaderData.locale].name || loaderData.values.en.name,
          }),
        ),
        { name: "robots", content: "noindex" },
      ]
    : [];

const inputClass = "mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base font-normal text-ink";

/** One labelled control with its hint and error, both tied to it for assistive technology. */
function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: ReactNode; error?: string | undefined; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A category's editor: name, address and description in every language side by side (decision 034). */
export default function AdminCategoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { category, locale, created } = loaderData;
  const pageLocales = loaderData.locales as Locale[];
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData && "errors" in actionData ? (actionData.errors ?? {}) : {};
  // The address a language gets when its slug is left empty, shown while the name is typed.
  const [names, setNames] = useState(() => Object.fromEntries(pageLocales.map((each) => [each, values[each].name])) as Record<Locale, string>);
  const ownName = values[locale].name;
  const heading = category ? t("admin.categories.editHeading") : t("admin.categories.newTitle");
  const control = (name: string, error: string | undefined, hint: boolean) => ({
    id: `field-${name.replace(/\./g, "-")}`,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby":
      [hint ? `field-${name.replace(/\./g, "-")}-hint` : "", error ? `field-${name.replace(/\./g, "-")}-error` : ""].filter(Boolean).join(" ") || undefined,
    className: `${inputClass} ${error ? "border-danger-700" : "border-navy-900/20"}`,
  });
  return (
    <div className="space-y-6">
      <div>
        <Link to={localizePath("/admin/categories", locale)} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
          {t("admin.categories.back")}
        </Link>
        <h1 id="page-title" className="mt-2 font-display text-3xl font-bold text-navy-900">
          {category ? (
            <>
              {heading}: {ownName ? ownName : <span lang={defaultLocale}>{values[defaultLocale].name}</span>}
            </>
          ) : (
            heading
          )}
        </h1>
        {category && (
          <p className="mt-1 text-ink-soft">
            {t("admin.categories.eventsOf", { count: category.events })} ·{" "}
            {category.missing.length === 0 ? t("admin.categories.complete") : t("admin.events.missingList", { fields: category.missing.join(", ") })}
          </p>
        )}
      </div>
      <div aria-live="polite">
        {actionData?.message ? (
          <FormMessage tone={actionData.failed ? "error" : "success"}>{actionData.message}</FormMessage>
        ) : (
          created && <FormMessage tone="success">{t("admin.categories.created")}</FormMessage>
        )}
      </div>
      {/* Keyed by what it shows: after a save the fields start from the stored values (a generated slug). */}
      <Form key={JSON.stringify(values)} method="post" noValidate className="space-y-6">
        <section aria-labelledby="texts-title" className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
          <h2 id="texts-title" className="font-display text-xl font-semibold text-navy-900">
            {t("admin.events.texts")}
          </h2>
          <div className="grid gap-6 md:grid-cols-2">
            {pageLocales.map((each) => {
              const field = (name: "name" | "slug" | "description") => `translations.${each}.${name}`;
              const error = (name: "name" | "slug" | "description") => errors[field(name)]?.[0];
              const suggestion = slugify(names[each] ?? "");
              return (
                <fieldset key={each} className="space-y-4 rounded-xl border border-navy-900/10 p-4">
                  <legend className="px-1 font-semibold text-navy-900">{localeNames[each]}</legend>
                  <Field id={`field-translations-${each}-name`} label={t("admin.categories.name")} error={error("name")}>
                    <input
                      {...control(field("name"), error("name"), false)}
                      lang={each}
                      defaultValue={values[each].name}
                      required={each === defaultLocale}
                      onChange={(event) => setNames((current) => ({ ...current, [each]: event.target.value }))}
                    />
                  </Field>
                  <Field
                    id={`field-translations-${each}-slug`}
                    label={t("admin.categories.slug")}
                    error={error("slug")}
                    hint={suggestion ? t("admin.categories.slugSuggestion", { slug: suggestion }) : t("admin.categories.slugHelp")}
                  >
                    <input {...control(field("slug"), error("slug"), true)} defaultValue={values[each].slug} autoComplete="off" spellCheck={false} />
                  </Field>
                  <Field id={`field-translations-${each}-description`} label={t("admin.categories.description")} error={error("description")}>
                    <textarea {...control(field("description"), error("description"), false)} rows={4} lang={each} defaultValue={values[each].description} />
                  </Field>
                </fieldset>
              );
            })}
          </div>
        </section>
        <button type="submit" className="rounded-full bg-navy-900 px-6 py-3 font-semibold text-white hover:bg-navy-700">
          {t("admin.categories.save")}
        </button>
      </Form>
    </div>
  );
}
