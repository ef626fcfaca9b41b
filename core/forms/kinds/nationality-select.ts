import { countryCode, countryOptions } from "./country";
import type { FormItemKindModule } from "./kind-module";

/** A nationality, sent as the country's ISO code. */
export const nationalitySelect = { options: countryOptions, answer: countryCode } satisfies FormItemKindModule;
