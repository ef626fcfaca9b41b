import { z } from "zod";
import { vehicleChoiceProblem, vehicleItemOptions } from "../../domain/booking-choices";
import type { AnswerRule } from "./kind-module";

/** The resource choices of a vehicles item (`"2:street_gt"`), judged by `vehicleChoiceProblem`, "required" included. */
export function vehicleChoices(kind: "vehicles" | "vehicles_per_day"): AnswerRule {
  return {
    blankMessage: "validation.required",
    checksBlank: true,
    schema: (item) =>
      z.unknown().superRefine((value, context) => {
        const found = vehicleChoiceProblem(vehicleItemOptions(kind, item.options), value, item.required);
        if (found) context.addIssue({ code: "custom", message: found });
      }),
  };
}

export const vehicleOptions = (kind: "vehicles" | "vehicles_per_day") =>
  z.record(z.string(), z.unknown()).transform((options) => vehicleItemOptions(kind, options));
