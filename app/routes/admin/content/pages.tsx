import { useTranslation } from "../../../utils/use-translation";
import { Form, Link } from "react-router";
import type { StaffPage } from "../../../../core/contracts/pages";
import { translatorFor } from "../../../../core/i18n/i18n";
import { defaultLocale, localizePath, locales, type Locale } from "../../../../core/i18n/locales";
import { AdminTable } from "../../../components/admin/admin-table";
import { ConfirmAction } from "../../../components/admin/confirm-action";
import { Button } from "../../../components/button";
import { FormMessage } from "../../../components/field";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/pages";
import { useFocusAfterMove } from "../../../components/admin/focus-after-move";
import { MoveButtons, smallButton } from "../../../components/admin/move-buttons";
import { AdminListCard, AdminPageHeading } from "../../../components/admin/admin-page-parts";

export { loader, action } from "./pages.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.pages.title")), { name: "robots", content: "noindex" }] : [];

function nameIn(page: StaffPage, locale: Locale): string {
  return page.translations[locale]?.name ?? page.translations.en?.name ?? "";
}

/** A legal page (issue 30): marked, and said why it has no delete or unpublish button. */
function LegalBadge() {
  const { t } = useTranslation();
  return (
    <>
      <span className="ml-1 inline-block rounded-full bg-navy-900/10 px-2.5 py-0.5 text-xs font-semibold text-navy-900">{t("admin.pages.legalBadge")}</span>
      <span className="mt-1 block text-xs text-ink-soft">{t("admin.pages.protected")}</span>
    </>
  );
}

export default function AdminPagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pages, locale, powers } = loaderData;
  // What this caller may do per page (issue 30): the legal pages are never deleted or unpublished, and staff only read them.
  const may = (page: StaffPage) => powers[page.uuid] ?? { edit: false, remove: false, unpublish: false };
  useFocusAfterMove(actionData, actionData?.intent === "move" && actionData.direction ? { direction: actionData.direction, row: actionData.uuid } : null);
  return (
    <div className="space-y-6">
      <AdminPageHeading
        title={t("admin.pages.title")}
        intro={t("admin.pages.intro")}
        action={<Button to={localizePath("/admin/pages/new", locale)}>{t("admin.pages.new")}</Button>}
      />
      <div aria-live="polite">{actionData?.message && <FormMessage tone={"failed" in actionData ? "error" : "success"}>{actionData.message}</FormMessage>}</div>
      <AdminListCard headingId="pages-title" heading={t("footer.contentPages")} emptyText={pages.length === 0 ? t("admin.pages.empty") : null}>
        <AdminTable
          labelledBy="pages-title"
          minWidth="52rem"
          headers={[
            t("admin.pages.order"),
            t("admin.pages.name"),
            t("admin.pages.slug"),
            t("admin.pages.status"),
            t("admin.pages.mobile"),
            <span key="actions" className="sr-only">
              {t("admin.pages.actions")}
            </span>,
          ]}
        >
          {pages.map((page, index) => (
            <tr key={page.uuid}>
              <td className="px-5 py-3 sm:px-6">
                <MoveButtons
                  field="uuid"
                  value={page.uuid}
                  index={index}
                  count={pages.length}
                  labels={{ up: t("admin.pages.moveUp", { name: nameIn(page, locale) }), down: t("admin.pages.moveDown", { name: nameIn(page, locale) }) }}
                />
              </td>
              <th scope="row" className="px-3 py-3 text-left font-normal">
                {locales.map((each) => (
                  <span key={each} lang={each} className={each === locale ? "block font-semibold text-navy-900" : "block text-ink-soft"}>
                    {page.translations[each]?.name}
                  </span>
                ))}
              </th>
              <td className="px-3 py-3">
                {locales.map((each) => (
                  <span key={each} className="block break-all text-ink-soft">
                    /{each === defaultLocale ? "" : `${each}/`}
                    {page.translations[each]?.slug}
                  </span>
                ))}
              </td>
              <td className="px-3 py-3">
                <span
                  className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${page.published ? "bg-success-50 text-success-700" : "bg-gold-100 text-navy-900"}`}
                >
                  {page.published ? t("admin.pages.published") : t("admin.pages.draft")}
                </span>
                {page.legal_key && <LegalBadge />}
              </td>
              <td className="px-3 py-3">{page.show_on_mobile ? t("admin.pages.yes") : t("admin.pages.no")}</td>
              <td className="px-3 py-3">
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={localizePath(`/admin/pages/${page.uuid}`, locale)}
                    className={smallButton}
                    aria-label={`${t(may(page).edit ? "admin.pages.edit" : "admin.pages.read")}: ${nameIn(page, locale)}`}
                  >
                    {t(may(page).edit ? "admin.pages.edit" : "admin.pages.read")}
                  </Link>
                  {(!page.published || may(page).unpublish) && (
                    <Form method="post">
                      <input type="hidden" name="intent" value={page.published ? "unpublish" : "publish"} />
                      <input type="hidden" name="uuid" value={page.uuid} />
                      <button
                        type="submit"
                        className={smallButton}
                        aria-label={`${t(page.published ? "admin.pages.unpublish" : "admin.pages.publish")}: ${nameIn(page, locale)}`}
                      >
                        {t(page.published ? "admin.pages.unpublish" : "admin.pages.publish")}
                      </button>
                    </Form>
                  )}
                  {may(page).remove && (
                    <ConfirmAction
                      label={t("admin.pages.delete")}
                      title={t("admin.pages.delete")}
                      confirmLabel={t("admin.pages.delete")}
                      fields={{ intent: "delete", uuid: page.uuid }}
                      tone="danger"
                    >
                      <p>{t("admin.pages.deleteText", { name: nameIn(page, locale) })}</p>
                    </ConfirmAction>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminListCard>
    </div>
  );
}
