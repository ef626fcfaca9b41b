import { useTranslation } from "../utils/use-translation";

/** Clamps any number to a whole percentage 0–100 (NaN counts as 0). */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return value === Infinity ? 100 : 0;
  return Math.round(Math.min(100, Math.max(0, value)));
}

/** The booking and dashboard progress indicator: takes a number from 0 to 100. */
export function ProgressBar({ value, label }: { value: number; label?: string }) {
  const { t } = useTranslation();
  const percent = clampPercent(value);
  return (
    <div
      role="progressbar"
      aria-label={label ?? t("progress.label")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-navy-100"
    >
      <div className="h-full rounded-full bg-gold-500 transition-[width] duration-500" style={{ width: `${percent}%` }} />
    </div>
  );
}
