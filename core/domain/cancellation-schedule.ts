import { addDays, type IsoDate } from "./dates";
import type { Cents } from "./money";

/**
 * An event's cancellation schedule (issue 30, decision 075): what a customer who cancels their own
 * booking owes, by how many days before the event's first day they cancel ("Stornostaffel", § 651h
 * BGB), or that the customer cannot cancel it themselves at all. Pure: the manage page's preview and
 * the cancellation itself ask `cancellationFeeOn` with the operator's calendar day.
 *
 * A rule reads "N or more days before the start: this fee". Rules are ordered by days, most first, no
 * two with the same days; on a given day the first rule whose N the days before the start reach
 * applies. With fewer days left than the last rule's N (or once the event has started) the customer can
 * no longer cancel online. A fee is a whole percentage of what the booking costs (its total less
 * reductions) or a fixed amount, never more than that cost. A valid schedule is monotone: cancelling
 * later never costs less, whatever the booking's total.
 */

export type CancellationFee = { kind: "percent"; percent: number } | { kind: "amount"; amount_cents: Cents };
export type CancellationRule = { days_before: number; fee: CancellationFee };
export type CancellationSchedule = { customer_may_cancel: false } | { customer_may_cancel: true; rules: CancellationRule[] };

/** New events start with this (the migration gave it to the existing ones): 20 % from 30 days out, 50 % from 14, 80 % until the start. */
export const defaultCancellationSchedule: CancellationSchedule = {
  customer_may_cancel: true,
  rules: [
    { days_before: 30, fee: { kind: "percent", percent: 20 } },
    { days_before: 14, fee: { kind: "percent", percent: 50 } },
    { days_before: 0, fee: { kind: "percent", percent: 80 } },
  ],
};

export const maxScheduleRules = 10;
export const maxDaysBefore = 730;

/** The fee a rule asks of a booking costing `baseCents`: rounded to the cent, never above the cost. */
export function feeOf(fee: CancellationFee, baseCents: Cents): Cents {
  const raw = fee.kind === "percent" ? Math.round((baseCents * fee.percent) / 100) : fee.amount_cents;
  return Math.max(0, Math.min(baseCents, raw));
}

/**
 * Whether `later` (fewer days before the start) asks at least what `earlier` asks, for every cost of
 * a booking. Two percentages or two amounts compare directly; across kinds only where no cost can
 * turn them round: nothing before, or everything (100 %) after.
 */
export function neverCheaper(earlier: CancellationFee, later: CancellationFee): boolean {
  if (earlier.kind === "percent" && later.kind === "percent") return later.percent >= earlier.percent;
  if (earlier.kind === "amount" && later.kind === "amount") return later.amount_cents >= earlier.amount_cents;
  if (earlier.kind === "percent" ? earlier.percent === 0 : earlier.amount_cents === 0) return true;
  return later.kind === "percent" && later.percent === 100;
}

export type ScheduleProblem = { path: (string | number)[]; problem: "order" | "fee_lower" | "percent" | "amount" | "days" | "empty" | "too_many" };

/** What is wrong with a schedule (empty: nothing): the staff form shows each next to its field. */
export function scheduleProblems(schedule: CancellationSchedule): ScheduleProblem[] {
  if (!schedule.customer_may_cancel) return [];
  const problems: ScheduleProblem[] = [];
  const { rules } = schedule;
  if (rules.length === 0) problems.push({ path: ["rules"], problem: "empty" });
  if (rules.length > maxScheduleRules) problems.push({ path: ["rules"], problem: "too_many" });
  rules.forEach((rule, index) => {
    if (!Number.isInteger(rule.days_before) || rule.days_before < 0 || rule.days_before > maxDaysBefore)
      problems.push({ path: ["rules", index, "days_before"], problem: "days" });
    if (rule.fee.kind === "percent" && (!Number.isInteger(rule.fee.percent) || rule.fee.percent < 0 || rule.fee.percent > 100))
      problems.push({ path: ["rules", index, "fee"], problem: "percent" });
    if (rule.fee.kind === "amount" && (!Number.isInteger(rule.fee.amount_cents) || rule.fee.amount_cents < 0 || rule.fee.amount_cents > 100_000_000))
      problems.push({ path: ["rules", index, "fee"], problem: "amount" });
    const before = rules[index - 1];
    if (before && rule.days_before >= before.days_before) problems.push({ path: ["rules", index, "days_before"], problem: "order" });
    else if (before && !neverCheaper(before.fee, rule.fee)) problems.push({ path: ["rules", index, "fee"], problem: "fee_lower" });
  });
  return problems;
}

/** Whole calendar days from `today` to `startsOn` (negative once the event has started). */
export function daysBefore(startsOn: IsoDate, today: IsoDate): number {
  return Math.round((Date.parse(`${startsOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export type CancellationTerms =
  | { allowed: true; rule: CancellationRule; daysBefore: number; feeCents: Cents; /** The last day this fee applies (a higher one from the day after). */ until: IsoDate }
  | { allowed: false; reason: "not_by_customer" | "too_late"; daysBefore: number };

/** What cancelling on `today` (the operator's calendar day) costs a booking costing `baseCents`, by the event's schedule. */
export function cancellationFeeOn(schedule: CancellationSchedule, input: { startsOn: IsoDate; today: IsoDate; baseCents: Cents }): CancellationTerms {
  const days = daysBefore(input.startsOn, input.today);
  if (!schedule.customer_may_cancel) return { allowed: false, reason: "not_by_customer", daysBefore: days };
  const index = schedule.rules.findIndex((rule) => days >= rule.days_before);
  const rule = schedule.rules[index];
  if (!rule || days < 0) return { allowed: false, reason: "too_late", daysBefore: days };
  // The rule holds while at least its days are left: its last day is that many days before the start.
  const until = addDays(input.startsOn, -rule.days_before);
  return { allowed: true, rule, daysBefore: days, feeCents: feeOf(rule.fee, input.baseCents), until };
}
