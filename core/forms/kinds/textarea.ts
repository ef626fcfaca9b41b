import { input } from "./input";
import type { FormItemKindModule } from "./kind-module";

/** Several lines of text: validated as an `input` (length, and e-mail or number when its type says so). */
export const textarea = { options: input.options, answer: input.answer } satisfies FormItemKindModule;
