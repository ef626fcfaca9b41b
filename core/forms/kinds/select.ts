import { choiceOptions, oneChoice } from "./choice";
import type { FormItemKindModule } from "./kind-module";

/** One of the offered choices, from a drop-down list. */
export const select = { options: choiceOptions, answer: oneChoice } satisfies FormItemKindModule;
