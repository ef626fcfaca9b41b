import { countryCode, countryOptions } from "./country";
import type { FormItemKindModule } from "./kind-module";

/** A country (of an address), sent as its ISO code. */
export const countrySelect = { options: countryOptions, answer: countryCode } satisfies FormItemKindModule;
