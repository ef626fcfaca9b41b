import { z } from "zod";
import type { FormItemKindModule } from "./kind-module";

/** Rows of the event's price list, chosen by their keys. Takes no answer. */
export const priceList = {
  options: z.looseObject({ priceKeys: z.array(z.unknown()).catch([]) }),
  answer: null,
} satisfies FormItemKindModule;
