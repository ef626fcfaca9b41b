import { vehicleChoices } from "./vehicle-choices";

export const vehicles = vehicleChoices("vehicles");
