import type { CancellationSchedule } from "../../core/domain/cancellation-schedule";
import { centsOfEuros } from "../../core/domain/euro-amount";

/**
 * The event edit page's cancellation schedule (issue 30) as plain HTML fields, named by the API's error
 * paths: `cancellation_schedule.customer_may_cancel` ("yes"/"no"), and per rule
 * `cancellation_schedule.rules.0.days_before`, `….fee_kind` ("percent"/"amount") and `….fee` (a
 * percentage, or euros). Blank rows are left out; the contract validates the rest.
 */
const prefix = "cancellation_schedule";
export const spareScheduleRows = 2;

export type ScheduleFormValues = { customerMayCancel: boolean; rules: { days_before: string; fee_kind: "percent" | "amount"; fee: string }[] };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};
const whole = (value: string): number | string => (/^-?\d+$/.test(value) ? Number(value) : value);

/** The posted schedule, unvalidated (the contract's schema checks it next); absent fields: left out, the event keeps its own. */
export function scheduleFromForm(form: FormData): unknown {
  const mayCancel = text(form, `${prefix}.customer_may_cancel`);
  if (mayCancel === "") return undefined;
  if (mayCancel === "no") return { customer_may_cancel: false };
  const indexes = [...new Set([...form.keys()].flatMap((key) => (key.startsWith(`${prefix}.rules.`) ? [Number(key.split(".")[2])] : [])))]
    .filter(Number.isInteger)
    .sort((a, b) => a - b);
  const rules = indexes
    .map((index) => ({
      days: text(form, `${prefix}.rules.${index}.days_before`),
      kind: text(form, `${prefix}.rules.${index}.fee_kind`),
      fee: text(form, `${prefix}.rules.${index}.fee`),
    }))
    .filter((row) => row.days !== "" || row.fee !== "")
    .map((row) => ({
      days_before: whole(row.days),
      fee: row.kind === "amount" ? { kind: "amount", amount_cents: /^0+(?:[.,]0+)?$/.test(row.fee) ? 0 : (centsOfEuros(row.fee) ?? row.fee) } : { kind: "percent", percent: whole(row.fee) },
    }));
  return { customer_may_cancel: true, rules };
}

/** The fields' starting values: the event's schedule, plus spare rows. */
export function scheduleFormValues(schedule: CancellationSchedule): ScheduleFormValues {
  const rules = schedule.customer_may_cancel
    ? schedule.rules.map((rule) => ({
        days_before: String(rule.days_before),
        fee_kind: rule.fee.kind,
        fee: rule.fee.kind === "percent" ? String(rule.fee.percent) : (rule.fee.amount_cents / 100).toFixed(2),
      }))
    : [];
  for (let spare = 0; spare < spareScheduleRows; spare += 1) rules.push({ days_before: "", fee_kind: "percent", fee: "" });
  return { customerMayCancel: schedule.customer_may_cancel, rules };
}
