import { data } from "react-router";
import { staffCategoryMoveSchema, type StaffCategory } from "../../../../core/contracts/staff-catalogue";
import { categoryNameIn, localesMissing } from "../../../../core/domain/catalogue-rules";
import { translatorFor } from "../../../../core/i18n/i18n";
import { AppError } from "../../../../server/errors";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/categories";

/** `/admin/categories` (+ /de): every event category in menu order, with its events and translations (decision 034). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  const categories = await web.services.staffCatalogue.listCategories(actor);
  return {
    locale,
    categories: categories.map((category) => ({
      ...category,
      ...categoryNameIn(category, locale),
      missingLocales: localesMissing(category.missing_translations),
    })),
  };
}

type Answer = { intent: "move" | "delete"; id: number; direction?: "up" | "down"; message: string; failed?: true };

/** One post per button: move up/down, delete. The answer names the category for the focus to stay on it. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const { web, actor, user, locale } = await openStaffDesk(url, context);
  const t = translatorFor(locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  const staff = { actorEmail: user.email, locale };
  let name = "";
  try {
    if (!Number.isInteger(id) || id <= 0) throw new AppError("VALIDATION_FAILED", "invalidRequest");
    const named = (categories: StaffCategory[]) => {
      const category = categories.find((each) => each.id === id);
      return category ? categoryNameIn(category, locale).name : "";
    };
    if (intent === "move") {
      const move = staffCategoryMoveSchema.safeParse({ direction: form.get("direction") });
      if (!move.success) throw new AppError("VALIDATION_FAILED", "invalidRequest");
      const categories = await web.services.staffCatalogue.moveCategory(actor, { ...staff, categoryId: id, move: move.data });
      return { intent, id, direction: move.data.direction, message: t("admin.categories.moved", { name: named(categories) }) } satisfies Answer;
    }
    if (intent === "delete") {
      name = named(await web.services.staffCatalogue.listCategories(actor));
      await web.services.staffCatalogue.deleteCategory(actor, { ...staff, categoryId: id });
      return { intent, id, message: t("admin.categories.deleted", { name }) } satisfies Answer;
    }
    throw new AppError("VALIDATION_FAILED", "invalidRequest");
  } catch (error) {
    if (!AppError.is(error)) throw error;
    // The refusal names the category: the message itself says only "this category".
    const message = error.toResponse(locale).message;
    return data({ intent: "delete", id, message: name ? `${name}: ${message}` : message, failed: true } satisfies Answer, error.status);
  }
}
