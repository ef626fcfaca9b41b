import { choiceOptions, oneChoice } from "./choice";
import type { FormItemKindModule } from "./kind-module";

/** One of the offered choices, as radio buttons. */
export const radio = { options: choiceOptions, answer: oneChoice } satisfies FormItemKindModule;
