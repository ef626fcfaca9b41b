import { Link } from "react-router";
import { useTranslation } from "../../../utils/use-translation";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localeNames, localizePath, locales, type Locale } from "../../../../core/i18n/locales";
import { AdminTable } from "../../../components/admin/admin-table";
import { ConfirmAction } from "../../../components/admin/confirm-action";
import { Button } from "../../../components/button";
import { FormMessage } from "../../../components/field";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/categories";
import { useFocusAfterMove } from "../../../components/admin/focus-after-move";
import { MoveButtons, smallButton } from "../../../components/admin/move-buttons";
import { AdminListCard, AdminPageHeading } from "../../../components/admin/admin-page-parts";

export { loader, action } from "./categories.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.categories.title")), { name: "robots", content: "noindex" }] : [];

/** The language of a name or address in a cell: its code to see, its name to hear. */
function LanguageTag({ locale }: { locale: Locale }) {
  return (
    <>
      <span aria-hidden="true" className="mr-2 inline-block w-6 text-xs font-semibold uppercase text-ink-soft">
        {locale}
      </span>
      <span className="sr-only">{localeNames[locale]}: </span>
    </>
  );
}

/** The event categories in the public menu's order: names per language, events, translations; move, edit, delete. */
export default function AdminCategoriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { categories, locale } = loaderData;
  // The page's language first: it is the name staff know the category by here.
  const pageFirst = [locale, ...locales.filter((each) => each !== locale)];
  useFocusAfterMove(actionData, actionData?.intent === "move" && actionData.direction ? { direction: actionData.direction, row: actionData.id } : null);
  return (
    <div className="space-y-6">
      <AdminPageHeading
        title={t("admin.categories.title")}
        intro={t("admin.categories.intro")}
        action={<Button to={localizePath("/admin/categories/new", locale)}>{t("admin.categories.new")}</Button>}
      />
      <div aria-live="polite">{actionData?.message && <FormMessage tone={"failed" in actionData ? "error" : "success"}>{actionData.message}</FormMessage>}</div>
      <AdminListCard
        headingId="categories-title"
        heading={
          <>
            {t("admin.categories.list")} ({categories.length})
          </>
        }
        emptyText={categories.length === 0 ? t("admin.categories.empty") : null}
      >
        <AdminTable
          labelledBy="categories-title"
          minWidth="50rem"
          headers={[
            t("admin.categories.order"),
            t("admin.categories.name"),
            t("admin.categories.slug"),
            t("admin.categories.events"),
            t("admin.categories.translations"),
            <span key="actions" className="sr-only">
              {t("admin.categories.actions")}
            </span>,
          ]}
        >
          {categories.map((category, index) => (
            <tr key={category.id} data-testid={`category-${category.id}`}>
              <td className="px-5 py-3 sm:px-6">
                <MoveButtons
                  field="id"
                  value={category.id}
                  index={index}
                  count={categories.length}
                  labels={{ up: t("admin.categories.moveUp", { name: category.name }), down: t("admin.categories.moveDown", { name: category.name }) }}
                />
              </td>
              <th scope="row" className="px-3 py-3 text-left font-normal">
                {pageFirst.map((each) => {
                  const name = category.translations[each]?.name;
                  return (
                    <span key={each} className={each === locale ? "block font-semibold text-navy-900" : "block text-ink-soft"}>
                      <LanguageTag locale={each} />
                      {name ? <span lang={each}>{name}</span> : <span className="italic">{t("admin.categories.missingName")}</span>}
                    </span>
                  );
                })}
              </th>
              <td className="px-3 py-3">
                {pageFirst.map((each) => (
                  <span key={each} className="block break-all text-ink-soft">
                    <LanguageTag locale={each} />
                    {category.translations[each]?.slug ?? "–"}
                  </span>
                ))}
              </td>
              <td className="px-3 py-3">
                <Link
                  to={`${localizePath("/admin/events", locale)}?category=${category.id}`}
                  className="font-semibold tabular-nums text-navy-900 underline underline-offset-4"
                  aria-label={`${t("admin.categories.eventsOf", { count: category.events })}: ${t("admin.categories.showEvents", { name: category.name })}`}
                >
                  {t("admin.categories.eventsOf", { count: category.events })}
                </Link>
              </td>
              <td className="px-3 py-3">
                {category.missingLocales.length === 0 ? (
                  <span className="text-success-700">✓ {t("admin.categories.complete")}</span>
                ) : (
                  <span className="text-danger-700">
                    {t("admin.categories.missing", { languages: category.missingLocales.map((each) => localeNames[each]).join(", ") })}
                  </span>
                )}
              </td>
              <td className="px-3 py-3">
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={localizePath(`/admin/categories/${category.id}`, locale)}
                    className={smallButton}
                    aria-label={`${t("admin.categories.edit")}: ${category.name}`}
                  >
                    {t("admin.categories.edit")}
                  </Link>
                  <ConfirmAction
                    label={t("admin.categories.delete")}
                    accessibleLabel={`${t("admin.categories.delete")}: ${category.name}`}
                    title={t("admin.categories.deleteTitle", { name: category.name })}
                    confirmLabel={t("admin.categories.delete")}
                    fields={{ intent: "delete", id: String(category.id) }}
                    tone="danger"
                  >
                    <p>{t("admin.categories.deleteText", { name: category.name })}</p>
                    {category.events > 0 && <p className="font-semibold">{t("admin.categories.deleteHasEvents", { count: category.events })}</p>}
                  </ConfirmAction>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminListCard>
    </div>
  );
}
