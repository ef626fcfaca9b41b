import { z } from "zod";
import { choicesOption, textOption, type FormItemKindModule } from "./kind-module";
import { oneChoice } from "./choice";

/**
 * The booking request (SMA): a tick box whose value is its one choice (`requested`); when ticked, the
 * pages after it wait for staff, and items naming it in `notRequiredWhen` become optional.
 */
export const sma = {
  options: z.looseObject({ choices: choicesOption, description: textOption }),
  answer: oneChoice,
} satisfies FormItemKindModule;
