import type { ScheduleFormValues } from "../../utils/cancellation-schedule-form";
import { useTranslation } from "../../utils/use-translation";
import { Input, inputClass } from "./labelled-input";

/**
 * The event's cancellation schedule on its edit page (issue 30): whether customers may cancel
 * themselves, and the rules "N or more days before the start: this fee", most days first. Plain fields:
 * the page posts without scripts; the contract validates the order and that later is never cheaper.
 */
export function CancellationScheduleFields({ values, error }: { values: ScheduleFormValues; error: (name: string) => string | undefined }) {
  const { t } = useTranslation();
  const name = (index: number, field: string) => `cancellation_schedule.rules.${index}.${field}`;
  const feeError = (index: number) => error(name(index, "fee")) ?? error(name(index, "fee.percent")) ?? error(name(index, "fee.amount_cents"));
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-soft">{t("admin.events.cancellationHint")}</p>
      <Input name="cancellation_schedule.customer_may_cancel" label={t("admin.events.cancellationByCustomer")}>
        <select
          id="field-cancellation_schedule-customer_may_cancel"
          name="cancellation_schedule.customer_may_cancel"
          defaultValue={values.customerMayCancel ? "yes" : "no"}
          className={inputClass}
        >
          <option value="yes">{t("admin.events.cancellationAllowed")}</option>
          <option value="no">{t("admin.events.cancellationNotAllowed")}</option>
        </select>
      </Input>
      {error("cancellation_schedule.rules") && <p className="text-sm text-danger-700">{error("cancellation_schedule.rules")}</p>}
      {values.rules.map((rule, index) => (
        <fieldset key={index} className="grid gap-3 border-t border-navy-900/10 pt-4 sm:grid-cols-3">
          <legend className="sr-only">{t("admin.events.cancellationRule", { number: index + 1 })}</legend>
          <Input
            name={name(index, "days_before")}
            type="number"
            min={0}
            inputMode="numeric"
            label={t("admin.events.cancellationDays")}
            defaultValue={rule.days_before}
            error={error(name(index, "days_before"))}
          />
          <Input name={name(index, "fee_kind")} label={t("admin.events.cancellationFeeKind")}>
            <select id={`field-cancellation_schedule-rules-${index}-fee_kind`} name={name(index, "fee_kind")} defaultValue={rule.fee_kind} className={inputClass}>
              <option value="percent">{t("admin.events.cancellationPercent")}</option>
              <option value="amount">{t("admin.events.cancellationAmount")}</option>
            </select>
          </Input>
          <Input name={name(index, "fee")} inputMode="decimal" label={t("admin.events.cancellationFee")} defaultValue={rule.fee} error={feeError(index)} />
        </fieldset>
      ))}
    </div>
  );
}
