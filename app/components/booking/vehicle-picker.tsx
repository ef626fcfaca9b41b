import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../utils/use-translation";
import type { PublicFormItem } from "../../../core/contracts/forms";
import {
  adjustUsed,
  canTake,
  choiceValue,
  copyDay1ToDay2,
  parseResourceChoices,
  vehicleItemOptions,
  type ResourceChoice,
} from "../../../core/domain/booking-choices";
import { answerField, vehicleField } from "../../utils/booking-field-names";
import { describedBy, ErrorText, Hint, RequiredMark } from "./item-frame";
import type { DayStock, FormattedPrice } from "./kinds/kind-renderer";

/** Stock and use of one resource on one day, as `GET api/form/reserved-vehicles/{id}` answers it. */

/**
 * Vehicle, instructor and extras per event day. Each pick moves the "left" counter by one, never
 * below 0 or above the stock; sold-out choices are disabled unless already picked. "Copy day 1 to
 * day 2" copies what day 2 still has.
 */
export function VehiclePicker({
  item,
  answer,
  stock,
  prices,
  error,
  onChoicesChange,
  runningTotal = null,
}: {
  item: PublicFormItem & { kind: "vehicles" | "vehicles_per_day" };
  answer: unknown;
  stock: DayStock[];
  prices: FormattedPrice[];
  error?: string | undefined;
  onChoicesChange: (uuid: string) => void;
  /** The booking's total as the page stands: on phones it follows each day's choices, which change it (issue 32). */
  runningTotal?: string | null;
}) {
  const { t } = useTranslation();
  const options = vehicleItemOptions(item.kind, item.options);
  const [choices, setChoices] = useState<ResourceChoice[]>(() => parseResourceChoices(options, answer) ?? []);
  const [copyMessage, setCopyMessage] = useState<string | null>(null);
  const id = `item-${item.uuid}`;
  // Every radio and check box points at the item's error and hint, so each control announces them
  // (ids derive from the item uuid: the same on server and client).
  const described = { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, error, item.help) } as const;

  const resourceOf = (day: number, key: string) => stock.find((entry) => entry.day === day)?.resources.find((resource) => resource.key === key);
  const isChosen = (day: number, key: string) => choices.some((choice) => choice.day === day && choice.key === key);
  const usedNow = (day: number, key: string) => {
    const resource = resourceOf(day, key);
    if (!resource) return { used: 0, stock: 0 };
    // The server counts held and sold units; this draft holds nothing yet, so its own pick is added here.
    const used = isChosen(day, key) ? adjustUsed(resource.used, resource.stock, 1) : resource.used;
    return { used, stock: resource.stock };
  };
  const priceOf = (kind: string, key: string) => prices.find((price) => price.kind === kind && price.key === key);
  const labelOf = (key: string) => prices.find((price) => price.key === key)?.label ?? key;

  // Tell the page once the new choices are in the DOM, so the live price reads them from the form.
  const firstRender = useRef(true);
  const notify = useRef(onChoicesChange);
  notify.current = onChoicesChange;
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    notify.current(item.uuid);
  }, [choices, item.uuid]);
  const update = (next: ResourceChoice[]) => setChoices(next);
  const pickVehicle = (day: number, key: string) => {
    const withoutDay = choices.filter((choice) => !(choice.day === day && choice.kind === "vehicle"));
    update(key ? [...withoutDay, { day, key, kind: "vehicle" }] : withoutDay.filter((choice) => choice.day !== day));
  };
  const toggleExtra = (day: number, key: string, kind: ResourceChoice["kind"]) => {
    update(isChosen(day, key) ? choices.filter((choice) => !(choice.day === day && choice.key === key)) : [...choices, { day, key, kind }]);
  };
  const copy = () => {
    const result = copyDay1ToDay2(choices, (key) => {
      const resource = resourceOf(2, key);
      if (!resource) return 0;
      return resource.stock === null ? null : resource.stock - resource.used;
    });
    update(result.choices);
    setCopyMessage(result.skipped.length ? t("booking.vehicles.copySkipped", { items: result.skipped.map(labelOf).join(", ") }) : t("booking.vehicles.copied"));
  };

  const availability = (day: number, key: string) => {
    const { used, stock: total } = usedNow(day, key);
    if (total === null) return t("booking.vehicles.unlimited");
    const left = Math.max(0, total - used);
    return left === 0 ? t("booking.vehicles.soldOut") : t("booking.vehicles.left", { count: left, stock: total });
  };
  const takeable = (day: number, key: string) => {
    const resource = resourceOf(day, key);
    if (!resource) return false;
    return isChosen(day, key) || canTake(resource.used, resource.stock);
  };
  const canCopy = options.copyDay1ToDay2 && options.days.includes(2);
  const extras: { key: string; kind: ResourceChoice["kind"]; priceKind: string }[] = [
    ...(options.instructor ? [{ key: "instructor", kind: "instructor" as const, priceKind: "instructor" }] : []),
    ...options.addons.map((key) => ({ key, kind: key as ResourceChoice["kind"], priceKind: "addon" })),
  ];

  return (
    <section id={id} tabIndex={-1} className="outline-none" aria-labelledby={`${id}-title`} aria-describedby={describedBy(id, error, item.help)}>
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-navy-900">
        {item.label}
        <RequiredMark required={item.required} />
      </h2>
      <Hint id={id} help={item.help} />
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {options.days.map((day) => {
          const dayStock = stock.find((entry) => entry.day === day);
          const vehicle = choices.find((choice) => choice.day === day && choice.kind === "vehicle")?.key ?? "";
          return (
            <fieldset key={day} className="min-w-0 rounded-xl p-4 ring-1 ring-navy-900/15">
              <legend className="px-1 text-sm font-semibold text-navy-900">{dayStock?.label ?? t("booking.vehicles.day", { day })}</legend>
              {/* Under day 2's heading, where the visitor decides day 2 (below the days it was missed on phones). */}
              {day === 2 && canCopy && (
                <div className="mb-4">
                  <button
                    type="button"
                    onClick={copy}
                    className="rounded-full px-4 py-2 text-sm font-semibold text-navy-800 ring-1 ring-inset ring-navy-800/25 hover:bg-navy-100"
                  >
                    {t("booking.vehicles.copy")}
                  </button>
                  <p role="status" className="mt-2 text-sm text-ink-soft empty:mt-0">
                    {copyMessage}
                  </p>
                </div>
              )}
              <fieldset>
                <legend className="text-xs font-semibold uppercase tracking-wide text-ink-soft">{t("booking.vehicles.vehicle")}</legend>
                <div className="mt-2 space-y-2">
                  {/* "No vehicle" only where it may be chosen: a required item needs one every day, so nothing is pre-selected (issue 32). */}
                  {!item.required && (
                    <label className="flex items-start gap-2.5 text-sm text-ink">
                      <input
                        type="radio"
                        name={vehicleField(item.uuid, day)}
                        value=""
                        checked={vehicle === ""}
                        onChange={() => pickVehicle(day, "")}
                        {...described}
                        className="mt-0.5 h-4 w-4 accent-navy-800"
                      />
                      {t("booking.vehicles.none")}
                    </label>
                  )}
                  {options.vehicleKeys.map((key) => (
                    <label key={key} className={`flex items-start gap-2.5 text-sm ${takeable(day, key) ? "text-ink" : "text-ink-soft"}`}>
                      <input
                        type="radio"
                        name={vehicleField(item.uuid, day)}
                        value={choiceValue(day, key)}
                        checked={vehicle === key}
                        disabled={!takeable(day, key)}
                        onChange={() => pickVehicle(day, key)}
                        {...described}
                        className="mt-0.5 h-4 w-4 accent-navy-800"
                      />
                      <span>
                        <span className="font-medium">{labelOf(key)}</span> · {priceOf("vehicle", key)?.amount}
                        <span className="block text-xs text-ink-soft" data-testid={`left-${day}-${key}`}>
                          {availability(day, key)}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              {extras.length > 0 && (
                <fieldset className="mt-4">
                  <legend className="text-xs font-semibold uppercase tracking-wide text-ink-soft">{t("booking.vehicles.extras")}</legend>
                  <div className="mt-2 space-y-2">
                    {extras.map((extra) => (
                      <label
                        key={extra.key}
                        className={`flex items-start gap-2.5 text-sm ${takeable(day, extra.key) && vehicle ? "text-ink" : "text-ink-soft"}`}
                      >
                        <input
                          type="checkbox"
                          name={answerField(item.uuid)}
                          value={choiceValue(day, extra.key)}
                          checked={isChosen(day, extra.key)}
                          disabled={!isChosen(day, extra.key) && (!vehicle || !takeable(day, extra.key))}
                          onChange={() => toggleExtra(day, extra.key, extra.kind)}
                          {...described}
                          className="mt-0.5 h-4 w-4 accent-navy-800"
                        />
                        <span>
                          <span className="font-medium">{labelOf(extra.key)}</span> · {priceOf(extra.priceKind, extra.key)?.amount}
                          <span className="block text-xs text-ink-soft" data-testid={`left-${day}-${extra.key}`}>
                            {availability(day, extra.key)}
                          </span>
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
              {/*
                On phones the price summary is screens below: the total follows each day's choices, which change
                it (issue 32), and links to the summary. In the flow, covering nothing; wide screens have the
                summary beside the form. Not a live region: the summary's list already announces each change.
              */}
              {runningTotal && (
                <a
                  href="#price-summary-inline-title"
                  className="mt-4 flex items-baseline justify-between gap-4 rounded-lg bg-navy-50 px-3 py-2 text-sm text-navy-900 lg:hidden"
                >
                  <span className="underline underline-offset-2">{t("booking.price.runningTotal")}</span>
                  <span className="font-semibold tabular-nums">{runningTotal}</span>
                </a>
              )}
            </fieldset>
          );
        })}
      </div>
      <ErrorText id={id} error={error} />
    </section>
  );
}
