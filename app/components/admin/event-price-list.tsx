import { useEffect, useRef, useState } from "react";
import { pricedItemName } from "../../../core/domain/price-list-rules";
import { localeNames, type Locale } from "../../../core/i18n/locales";
import { postedResources, priceItemChoices, priceItemValue, type EventFormValues } from "../../utils/staff-event-form";
import { useTranslation } from "../../utils/use-translation";
import { Input, inputClass } from "./labelled-input";

/**
 * The event's price list (issue 28): the main participant's row first and fixed, then rows that each
 * pick what they price from a list (companion types, the resources of the event days), never a typed
 * key. The resources list follows the resource rows below as staff type (with scripts; without, the
 * saved ones). What the server finds without a price is named above the rows.
 */
export function EventPriceList({
  values,
  locales,
  error,
}: {
  values: Pick<EventFormValues, "participant" | "prices" | "resources">;
  locales: Locale[];
  error: (name: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [resources, setResources] = useState(() => values.resources.map(({ kind, key }) => ({ kind, key })));
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form) return;
    const follow = (event: Event) => {
      if (event.target instanceof HTMLElement && event.target.getAttribute("name")?.startsWith("resources.")) setResources(postedResources(new FormData(form)));
    };
    form.addEventListener("input", follow);
    form.addEventListener("change", follow);
    return () => {
      form.removeEventListener("input", follow);
      form.removeEventListener("change", follow);
    };
  }, []);
  const choices = priceItemChoices(resources, values.prices);
  const missing = error("prices");
  return (
    <div ref={ref} className="space-y-4">
      <p className="text-sm text-ink-soft">{t("admin.events.pricesHint")}</p>
      {missing && (
        <p id="field-prices-error" className="rounded-lg bg-danger-50 px-3 py-2 text-sm font-semibold text-danger-700">
          {missing}
        </p>
      )}
      <fieldset className="grid gap-3 sm:grid-cols-7" aria-describedby="main-participant-hint">
        <legend className="mb-1 text-base font-semibold text-navy-900">{t("admin.events.mainParticipantPrice")}</legend>
        <p id="main-participant-hint" className="text-sm text-ink-soft sm:col-span-7">
          {t("admin.events.mainParticipantHint")}
        </p>
        <input type="hidden" name="prices.0.kind" value="participant" />
        <input type="hidden" name="prices.0.key" value="participant" />
        {/* Its labels line up with the other rows' (which start with what they price, two columns wide). */}
        <div className="hidden sm:col-span-2 sm:block" />
        {locales.map((locale) => (
          <Input
            key={locale}
            name={`prices.0.label.${locale}`}
            label={`${t("admin.events.label")} (${localeNames[locale]})`}
            lang={locale}
            defaultValue={values.participant.label[locale] ?? ""}
            error={error(`prices.0.label.${locale}`)}
          />
        ))}
        <Input
          name="prices.0.amount"
          inputMode="decimal"
          label={t("admin.events.amount")}
          defaultValue={values.participant.amount}
          error={error("prices.0.amount_cents")}
        />
        <Input
          name="prices.0.vat"
          inputMode="decimal"
          label={t("admin.events.vat")}
          defaultValue={values.participant.vat}
          error={error("prices.0.vat_rate_basis_points")}
        />
      </fieldset>
      {values.prices.map((price, index) => {
        const row = index + 1;
        const itemError = error(`prices.${row}.key`) ?? error(`prices.${row}.kind`);
        return (
          <fieldset key={row} className="grid gap-3 border-t border-navy-900/10 pt-4 sm:grid-cols-7">
            <legend className="sr-only">{t("admin.events.priceRow", { number: row + 1 })}</legend>
            <div className="sm:col-span-2">
              <Input name={`prices.${row}.item`} label={t("admin.events.pricedItem")} error={itemError}>
                <select
                  id={`field-prices-${row}-item`}
                  name={`prices.${row}.item`}
                  defaultValue={price.item}
                  className={inputClass}
                  aria-invalid={itemError ? true : undefined}
                  aria-describedby={itemError ? `field-prices-${row}-item-error` : undefined}
                >
                  <option value="">{t("admin.events.pricedItemNone")}</option>
                  <optgroup label={t("admin.events.priceGroups.companions")}>
                    {choices.companions.map((item) => (
                      <option key={item.key} value={priceItemValue(item)}>
                        {pricedItemName(item, t)}
                      </option>
                    ))}
                  </optgroup>
                  {choices.resources.length > 0 && (
                    <optgroup label={t("admin.events.priceGroups.resources")}>
                      {choices.resources.map((item) => (
                        <option key={priceItemValue(item)} value={priceItemValue(item)}>
                          {pricedItemName(item, t)}
                        </option>
                      ))}
                    </optgroup>
                  )}
                </select>
              </Input>
            </div>
            {locales.map((locale) => (
              <Input
                key={locale}
                name={`prices.${row}.label.${locale}`}
                label={`${t("admin.events.label")} (${localeNames[locale]})`}
                lang={locale}
                defaultValue={price.label[locale] ?? ""}
                error={error(`prices.${row}.label.${locale}`)}
              />
            ))}
            <Input
              name={`prices.${row}.amount`}
              inputMode="decimal"
              label={t("admin.events.amount")}
              defaultValue={price.amount}
              error={error(`prices.${row}.amount_cents`)}
            />
            <Input
              name={`prices.${row}.vat`}
              inputMode="decimal"
              label={t("admin.events.vat")}
              defaultValue={price.vat}
              error={error(`prices.${row}.vat_rate_basis_points`)}
            />
            <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold text-navy-900">
              <input type="checkbox" name={`prices.${row}.per_day`} defaultChecked={price.per_day} className="h-5 w-5" />
              {t("admin.events.perDay")}
            </label>
          </fieldset>
        );
      })}
    </div>
  );
}
