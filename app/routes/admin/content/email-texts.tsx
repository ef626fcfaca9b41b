import { Link } from "react-router";
import { useTranslation } from "../../../utils/use-translation";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath, locales } from "../../../../core/i18n/locales";
import { AdminTable } from "../../../components/admin/admin-table";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/email-texts";
import { AdminListCard, AdminPageHeading } from "../../../components/admin/admin-page-parts";

export { loader } from "./email-texts.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.emailTexts.title")), { name: "robots", content: "noindex" }] : [];

const smallButton = "inline-flex items-center rounded-full border border-navy-900/20 bg-white px-3 py-1.5 text-sm font-semibold text-navy-900 hover:bg-navy-50";

/** A text's state in one language: the catalogue's default, or reworded by staff. */
export function EmailTextStatus({ changed }: { changed: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${changed ? "bg-gold-100 text-navy-900" : "bg-navy-50 text-ink-soft"}`}>
      {changed ? t("admin.emailTexts.status.changed") : t("admin.emailTexts.status.default")}
    </span>
  );
}

export default function AdminEmailTextsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { templates, locale } = loaderData;
  return (
    <div className="space-y-6">
      <AdminPageHeading title={t("admin.emailTexts.title")} intro={t("admin.emailTexts.intro")} />
      <AdminListCard headingId="email-texts-title" heading={t("admin.emailTexts.listHeading")}>
        <AdminTable
          labelledBy="email-texts-title"
          minWidth="40rem"
          headers={[t("admin.emailTexts.template"), ...locales.map((each) => t(`admin.emailTexts.languages.${each}`))]}
        >
          {templates.map((entry) => {
            const name = t(`admin.emailTexts.templates.${entry.template}.name`);
            return (
              <tr key={entry.template}>
                <th scope="row" className="px-5 py-3 text-left font-normal sm:px-6">
                  <span className="block font-semibold text-navy-900">{name}</span>
                  <span className="block text-ink-soft">{t(`admin.emailTexts.templates.${entry.template}.when`)}</span>
                </th>
                {locales.map((each) => {
                  const state = entry.locales.find((candidate) => candidate.locale === each);
                  return (
                    <td key={each} className="px-3 py-3">
                      <div className="flex flex-wrap items-center gap-2">
                        <EmailTextStatus changed={state?.overridden ?? false} />
                        <Link
                          to={localizePath(`/admin/email-texts/${entry.template}/${each}`, locale)}
                          className={smallButton}
                          aria-label={t("admin.emailTexts.editIn", { template: name, language: t(`admin.emailTexts.languages.${each}`) })}
                        >
                          {t("admin.emailTexts.edit")}
                        </Link>
                      </div>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </AdminTable>
      </AdminListCard>
    </div>
  );
}
