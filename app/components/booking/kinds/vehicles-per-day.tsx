import { vehicleChoices } from "./vehicle-choices";

export const vehiclesPerDay = vehicleChoices("vehicles_per_day");
