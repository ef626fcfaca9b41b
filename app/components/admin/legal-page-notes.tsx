import { Link } from "react-router";
import type { StaffPage } from "../../../core/contracts/pages";
import { legalPlaceholderNames } from "../../../core/domain/legal-pages";
import { defaultLocale, localeNames, localizePath, locales, type Locale } from "../../../core/i18n/locales";
import { useTranslation } from "../../utils/use-translation";

/**
 * A legal page's editor says what is special about it (issue 30): it stays online, and its `{{name}}`
 * placeholders are filled from the site settings whenever it is shown.
 */
export function LegalPageNote() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="legal-page-note" className="rounded-2xl border-l-4 border-gold-500 bg-gold-100 p-5 text-sm text-ink sm:p-6">
      <h2 id="legal-page-note" className="font-display text-lg font-semibold text-navy-900">
        {t("admin.pages.legalBadge")}
      </h2>
      <p className="mt-1">{t("admin.pages.legalIntro")}</p>
      <p className="mt-3 font-semibold text-navy-900">{t("admin.pages.placeholders")}</p>
      <ul className="mt-1 flex flex-wrap gap-1.5">
        {legalPlaceholderNames.map((name) => (
          <li key={name}>
            <code className="rounded bg-white px-1.5 py-0.5 text-xs text-navy-900 ring-1 ring-navy-900/15">{`{{${name}}}`}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What staff (not admins) see of a legal page: every language's name, address and text, nothing to change. */
export function LegalPageReadOnly({ page, locale }: { page: StaffPage; locale: Locale }) {
  const { t } = useTranslation();
  const name = page.translations[locale]?.name ?? page.translations.en?.name ?? "";
  return (
    <div className="space-y-6">
      <div>
        <Link to={localizePath("/admin/pages", locale)} className="text-sm font-semibold text-navy-700 underline-offset-2 hover:underline">
          ← {t("admin.pages.back")}
        </Link>
        <h1 id="page-title" className="mt-2 font-display text-3xl font-bold text-navy-900">
          {t("admin.pages.readTitle", { name })}
        </h1>
        <p className="mt-1 text-ink-soft">{t("admin.pages.readOnly")}</p>
      </div>
      <LegalPageNote />
      <div className="grid gap-6 lg:grid-cols-2">
        {locales.map((each) => {
          const translation = page.translations[each];
          if (!translation) return null;
          return (
            <section key={each} aria-labelledby={`page-${each}`} lang={each} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
              <h2 id={`page-${each}`} className="font-display text-xl font-semibold text-navy-900">
                {localeNames[each]}: {translation.name}
              </h2>
              <p className="mt-1 break-all text-sm text-ink-soft">
                /{each === defaultLocale ? "" : `${each}/`}
                {translation.slug}
              </p>
              {/* Stored sanitized (server/rich-text.ts); the placeholders show as written. */}
              <div className="rich-text mt-4 text-sm text-ink" dangerouslySetInnerHTML={{ __html: translation.content }} />
            </section>
          );
        })}
      </div>
    </div>
  );
}
