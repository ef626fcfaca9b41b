import type { FormItemKindModule } from "./kind-module";
import { vehicleChoices, vehicleOptions } from "./vehicle-choices";

/** Rental vehicles, an instructor and add-ons chosen for each event day (day 1 can be copied to day 2). */
export const vehiclesPerDay = { options: vehicleOptions("vehicles_per_day"), answer: vehicleChoices("vehicles_per_day") } satisfies FormItemKindModule;
