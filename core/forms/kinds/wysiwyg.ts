import { z } from "zod";
import type { FormItemKindModule } from "./kind-module";

/** Rich text from the editor, shown like `html`. Takes no answer. */
export const wysiwyg = {
  options: z.looseObject({ html: z.string().catch("") }),
  answer: null,
} satisfies FormItemKindModule;
