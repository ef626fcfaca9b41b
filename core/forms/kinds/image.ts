import { z } from "zod";
import type { FormItemKindModule } from "./kind-module";

/** A picture with its alt text. Takes no answer. */
export const image = {
  options: z.looseObject({ src: z.string().catch(""), alt: z.string().catch("") }),
  answer: null,
} satisfies FormItemKindModule;
