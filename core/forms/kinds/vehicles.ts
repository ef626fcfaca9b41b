import type { FormItemKindModule } from "./kind-module";
import { vehicleChoices, vehicleOptions } from "./vehicle-choices";

/** Rental vehicles, an instructor and add-ons for the event (one day). */
export const vehicles = { options: vehicleOptions("vehicles"), answer: vehicleChoices("vehicles") } satisfies FormItemKindModule;
