import { addDays, type IsoDate } from "./dates";

/**
 * Every calendar day from `from` to `to` (both included, oldest first) with its count: days the
 * database has no row for are 0, so a chart and its table show every day, and a gap never reads as
 * "no data". Counts of days outside the range are left out.
 */
export function zeroFilledDays(counts: readonly { date: IsoDate; count: number }[], from: IsoDate, to: IsoDate): { date: IsoDate; count: number }[] {
  const byDate = new Map<IsoDate, number>();
  for (const row of counts) byDate.set(row.date, (byDate.get(row.date) ?? 0) + row.count);
  const days: { date: IsoDate; count: number }[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push({ date, count: byDate.get(date) ?? 0 });
  return days;
}

/** The last `days` operator calendar days ending with `today`. */
export function lastDays(today: IsoDate, days: number): { from: IsoDate; to: IsoDate } {
  return { from: addDays(today, -(Math.max(1, days) - 1)), to: today };
}
