import { Link } from "react-router";
import { useTranslation } from "../../utils/use-translation";

/**
 * "Page x of y" with previous and next links (plain links: the page is in the address). A missing
 * link is shown as dimmed text, not a disabled link, so Tab never stops on something that does nothing.
 */
export function Pagination({
  page,
  pageCount,
  previousHref,
  nextHref,
}: {
  page: number;
  pageCount: number;
  previousHref: string | null;
  nextHref: string | null;
}) {
  const { t } = useTranslation();
  const link = "rounded-full px-4 py-2 text-sm font-semibold text-navy-800 ring-1 ring-inset ring-navy-800/25 hover:bg-navy-100";
  const idle = "rounded-full px-4 py-2 text-sm font-semibold text-ink-soft";
  return (
    <nav aria-label={t("admin.bookings.pagination")} className="flex flex-wrap items-center justify-between gap-3">
      {previousHref ? (
        <Link to={previousHref} rel="prev" className={link}>
          <span aria-hidden="true">← </span>
          {t("admin.bookings.previous")}
        </Link>
      ) : (
        <span aria-hidden="true" className={idle}>
          ← {t("admin.bookings.previous")}
        </span>
      )}
      <p className="text-sm font-semibold text-navy-900">{t("admin.bookings.pageOf", { page, pages: pageCount })}</p>
      {nextHref ? (
        <Link to={nextHref} rel="next" className={link}>
          {t("admin.bookings.next")}
          <span aria-hidden="true"> →</span>
        </Link>
      ) : (
        <span aria-hidden="true" className={idle}>
          {t("admin.bookings.next")} →
        </span>
      )}
    </nav>
  );
}
