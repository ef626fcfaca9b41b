import { staffEventsQuerySchema } from "../../../../core/contracts/staff-catalogue";
import { categoryNameIn, localesMissing } from "../../../../core/domain/catalogue-rules";
import { formatDateRange } from "../../../../core/domain/dates";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/events";

/** `/admin/events` (+ /de): upcoming, past or archived events (`?view=`), of one category (`?category=`) or all, with their state and translations (decision 034). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  const query = staffEventsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const view = query.success ? query.data.view : "upcoming";
  const categoryId = query.success ? query.data.category : undefined;
  const [events, categories] = await Promise.all([
    web.services.staffCatalogue.listEvents(actor, { view, locale, categoryId }),
    web.services.staffCatalogue.listCategories(actor),
  ]);
  return {
    locale,
    view,
    categoryId: categoryId ?? null,
    categories: categories.map((category) => ({ id: category.id, ...categoryNameIn(category, locale) })),
    events: events.map((event) => ({
      ...event,
      dates: formatDateRange(event.starts_on, event.ends_on, locale),
      missingLocales: localesMissing(event.missing_translations),
    })),
  };
}
