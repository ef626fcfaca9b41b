import type { PublicFormItem } from "../../../../core/contracts/forms";
import { vehicleItemOptions } from "../../../../core/domain/booking-choices";
import { answerField, vehicleField, type PageAnswer } from "../../../utils/booking-field-names";
import { VehiclePicker } from "../vehicle-picker";
import type { FormItemKindRenderer } from "./kind-renderer";

/** The picker for a vehicles item of either kind, and its answer: one vehicle per day plus the extras ticked. */
export function vehicleChoices(kind: "vehicles" | "vehicles_per_day"): FormItemKindRenderer {
  return {
    Render: ({ item, error, page }) => (
      <VehiclePicker
        item={{ ...item, kind }}
        answer={page.booking.answers[item.uuid]}
        stock={page.stock}
        prices={page.prices}
        error={error}
        onChoicesChange={page.onChoicesChange}
        runningTotal={page.runningTotal ?? null}
      />
    ),
    readAnswer: (form: FormData, item: PublicFormItem): PageAnswer => {
      const options = vehicleItemOptions(kind, item.options);
      const vehicles = options.days.flatMap((day) => {
        const value = form.get(vehicleField(item.uuid, day));
        return typeof value === "string" && value ? [value] : [];
      });
      const extras = form.getAll(answerField(item.uuid)).filter((value): value is string => typeof value === "string" && value !== "");
      return [...vehicles, ...extras];
    },
  };
}
