import { getFormProps, getInputProps } from "@conform-to/react";
import { useTranslation } from "../../../utils/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { staffPageFormSchema } from "../../../../core/contracts/pages";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localeNames, localizePath, locales } from "../../../../core/i18n/locales";
import { RichTextEditor } from "../../../components/admin/rich-text-editor";
import { Button } from "../../../components/button";
import { Field, FormMessage } from "../../../components/field";
import { useAccountForm } from "../../../utils/account-forms";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/page";
import { LegalPageNote, LegalPageReadOnly } from "../../../components/admin/legal-page-notes";

export { loader, action } from "./page.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [];
  const t = translatorFor(loaderData.locale);
  const name = loaderData.page?.translations[loaderData.locale]?.name ?? loaderData.page?.translations.en?.name;
  return [
    ...pageMeta(
      loaderData.locale,
      name ? t(loaderData.powers?.edit === false ? "admin.pages.readTitle" : "admin.pages.editTitle", { name }) : t("admin.pages.newTitle"),
    ),
    { name: "robots", content: "noindex" },
  ];
};

export default function AdminPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, locale, created, powers } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const blank = { name: "", slug: "", content: "" };
  const [form, fields] = useAccountForm({
    id: `page-${page?.uuid ?? "new"}-${page?.updated_at ?? ""}`,
    schema: staffPageFormSchema,
    locale,
    lastResult: actionData?.result,
    defaultValue: {
      show_on_mobile: page?.show_on_mobile ? "on" : undefined,
      translations: Object.fromEntries(locales.map((each) => [each, page?.translations[each] ?? blank])),
    } as never,
  });
  const translations = fields.translations.getFieldset();
  const name = page?.translations[locale]?.name ?? page?.translations.en?.name;
  const message = actionData?.message ?? (created ? t("admin.pages.created") : null);
  // A legal page is admins' to edit (issue 30): staff read it.
  if (page && powers && !powers.edit) return <LegalPageReadOnly page={page} locale={locale} />;
  return (
    <div className="space-y-6">
      <div>
        <Link to={localizePath("/admin/pages", locale)} className="text-sm font-semibold text-navy-700 underline-offset-2 hover:underline">
          ← {t("admin.pages.back")}
        </Link>
        <h1 id="page-title" className="mt-2 font-display text-3xl font-bold text-navy-900">
          {name ? t("admin.pages.editTitle", { name }) : t("admin.pages.newTitle")}
        </h1>
      </div>
      {message && <FormMessage tone="success">{message}</FormMessage>}
      {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
      {page?.legal_key && <LegalPageNote />}
      <Form method="post" className="space-y-6" {...getFormProps(form)}>
        <div className="grid gap-6 lg:grid-cols-2">
          {locales.map((each) => {
            const fieldset = translations[each].getFieldset();
            return (
              <section
                key={each}
                aria-labelledby={`page-${each}`}
                lang={each}
                className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6"
              >
                <h2 id={`page-${each}`} className="font-display text-xl font-semibold text-navy-900">
                  {localeNames[each]}
                </h2>
                <Field field={fieldset.name} label={`${t("admin.pages.name")} (${localeNames[each]})`} required />
                <Field field={fieldset.slug} label={`${t("admin.pages.slug")} (${localeNames[each]})`} hint={t("admin.pages.slugHelp")} spellCheck={false} />
                <RichTextEditor
                  key={fieldset.content.key}
                  id={fieldset.content.id}
                  name={fieldset.content.name}
                  label={`${t("admin.pages.content")} (${localeNames[each]})`}
                  initialHtml={typeof fieldset.content.initialValue === "string" ? fieldset.content.initialValue : ""}
                  error={fieldset.content.errors?.[0]}
                  errorId={fieldset.content.errorId}
                  hint={t("admin.pages.editor.htmlNote")}
                  lang={each}
                />
              </section>
            );
          })}
        </div>
        <div className="flex items-center gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
          <input {...getInputProps(fields.show_on_mobile, { type: "checkbox" })} key={fields.show_on_mobile.key} className="size-5 accent-navy-900" />
          <label htmlFor={fields.show_on_mobile.id} className="text-base text-navy-900">
            {t("admin.pages.showOnMobile")}
          </label>
        </div>
        <Button type="submit" disabled={submitting}>
          {t("admin.pages.save")}
        </Button>
      </Form>
    </div>
  );
}
