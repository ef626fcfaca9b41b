import { useTranslation } from "../../utils/use-translation";

type PlacesBarProps = {
  places: { capacity: number; taken: number; held: number; free: number; in_review: number };
  /** Widths in per cent of the capacity (computed on the server). */
  bar: { taken: number; held: number; free: number };
};

/**
 * Places taken, held and free against the capacity: a bar for the eye (hidden from assistive technology)
 * and the same numbers as text. Taken is solid, held is striped, free is empty, so the parts differ by
 * pattern as well as by colour; the legend names each.
 */
export function PlacesBar({ places, bar }: PlacesBarProps) {
  const { t } = useTranslation();
  const stripes = "repeating-linear-gradient(135deg, var(--color-gold-400) 0 6px, var(--color-gold-100) 6px 10px)";
  return (
    <div>
      <div aria-hidden="true" className="flex h-3 w-full overflow-hidden rounded-full bg-white ring-1 ring-inset ring-navy-900/25">
        <div className="h-full bg-navy-800" style={{ width: `${bar.taken}%` }} />
        <div className="h-full" style={{ width: `${bar.held}%`, background: stripes }} />
      </div>
      <p className="mt-1.5 text-sm text-ink">
        {t("admin.dashboard.placesSummary", { taken: places.taken, held: places.held, free: places.free, capacity: places.capacity })}
        {places.in_review > 0 && <span className="text-ink-soft"> ({t("admin.dashboard.inReview", { count: places.in_review })})</span>}
      </p>
      <ul aria-hidden="true" className="mt-1 flex flex-wrap gap-x-4 text-xs text-ink-soft">
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-4 rounded-sm bg-navy-800" />
          {t("admin.dashboard.taken")}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-4 rounded-sm" style={{ background: stripes }} />
          {t("admin.dashboard.held")}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-4 rounded-sm bg-white ring-1 ring-inset ring-navy-900/25" />
          {t("admin.dashboard.free")}
        </li>
      </ul>
    </div>
  );
}
