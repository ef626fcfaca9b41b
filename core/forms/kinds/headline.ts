import { z } from "zod";
import type { FormItemKindModule } from "./kind-module";

/** A heading between items. Takes no answer. */
export const headline = {
  options: z.looseObject({}),
  answer: null,
} satisfies FormItemKindModule;
