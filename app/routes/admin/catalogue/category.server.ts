import { data, redirect } from "react-router";
import type { FieldErrors } from "../../../../core/contracts/errors";
import { staffCategoryInputSchema, type StaffCategory } from "../../../../core/contracts/staff-catalogue";
import { fieldErrorsOf } from "../../../../core/i18n/field-errors";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath, locales } from "../../../../core/i18n/locales";
import { AppError } from "../../../../server/errors";
import { notFound } from "../../../utils/http-errors.server";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/category";

const categoryFields = ["name", "slug", "description"] as const;
export type CategoryValues = Record<(typeof locales)[number], Record<(typeof categoryFields)[number], string>>;

/** The id from the address, or 404: categories are named by number (decision 034). */
function categoryIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,9}$/.test(value ?? "") || id <= 0) notFound();
  return id;
}

const valuesOf = (category: StaffCategory | null): CategoryValues =>
  Object.fromEntries(
    locales.map((locale) => {
      const translation = category?.translations[locale];
      return [locale, { name: translation?.name ?? "", slug: translation?.slug ?? "", description: translation?.description ?? "" }];
    }),
  ) as CategoryValues;

/** `/admin/categories/new` and `/admin/categories/{id}` (+ /de): a category's languages side by side (decision 034). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  let category: StaffCategory | null = null;
  if (params.id !== undefined) {
    const id = categoryIdOf(params.id);
    category = (await web.services.staffCatalogue.listCategories(actor)).find((each) => each.id === id) ?? notFound();
  }
  return {
    locale,
    locales,
    category: category ? { id: category.id, events: category.events, missing: category.missing_translations } : null,
    values: valuesOf(category),
    created: url.searchParams.get("created") === "1",
  };
}

type ActionAnswer = { message: string; failed: boolean; errors?: FieldErrors; values?: CategoryValues };

/** Saves the category (creates it when new, then opens its own page); field errors next to their fields, the typed values kept. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const { web, actor, user, locale } = await openStaffDesk(url, context);
  const t = translatorFor(locale);
  const form = await request.formData();
  const typed = Object.fromEntries(
    locales.map((each) => [each, Object.fromEntries(categoryFields.map((field) => [field, String(form.get(`translations.${each}.${field}`) ?? "")]))]),
  ) as CategoryValues;
  const parsed = staffCategoryInputSchema.safeParse({ translations: typed });
  if (!parsed.success)
    return data({ message: t("form.errorSummary"), failed: true, errors: fieldErrorsOf(parsed.error, locale), values: typed } satisfies ActionAnswer, 422);
  const staff = { actorEmail: user.email, locale, category: parsed.data };
  try {
    if (params.id === undefined) {
      const created = await web.services.staffCatalogue.createCategory(actor, staff);
      return redirect(`${localizePath(`/admin/categories/${created.id}`, locale)}?created=1`);
    }
    const saved = await web.services.staffCatalogue.updateCategory(actor, { ...staff, categoryId: categoryIdOf(params.id) });
    return { message: t("admin.categories.saved"), failed: false, values: valuesOf(saved) } satisfies ActionAnswer;
  } catch (error) {
    if (!AppError.is(error)) throw error;
    const answer = error.toResponse(locale);
    return data({ message: answer.message, failed: true, errors: answer.errors, values: typed } satisfies ActionAnswer, error.status);
  }
}
