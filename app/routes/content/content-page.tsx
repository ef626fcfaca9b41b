import { useTranslation } from "../../utils/use-translation";
import { pageMeta } from "../../utils/meta";
import { withoutHydration } from "../../utils/static-page";
import type { Route } from "./+types/content-page";
import type { RouteHandle } from "../../utils/route-handle";

export { loader } from "./content-page.server";
// Plain HTML, no app JavaScript in the browser (decision 056).
export const handle = { caching: "public", ...withoutHydration } satisfies RouteHandle;
export const meta: Route.MetaFunction = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.locale, loaderData.page.name) : []);

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-display text-4xl font-bold text-navy-900">{page.name}</h1>
      <p className="mt-2 text-sm text-ink-soft">
        {t("content.updated")} <time dateTime={page.updated_at}>{loaderData.updatedOn}</time>
      </p>
      <div
        className="rich-text mt-8 rounded-2xl bg-white p-5 text-ink shadow-sm ring-1 ring-navy-900/10 sm:p-10"
        dangerouslySetInnerHTML={{ __html: page.content }}
      />
    </article>
  );
}
