import { z } from "zod";
import type { FormItemKindModule } from "./kind-module";

/** Operator-written rich text (sanitized when the form is served). Takes no answer. */
export const html = {
  options: z.looseObject({ html: z.string().catch("") }),
  answer: null,
} satisfies FormItemKindModule;
