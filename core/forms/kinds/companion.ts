import { z } from "zod";
import { companionItemOptions } from "../../domain/booking-choices";
import type { FormItemKindModule } from "./kind-module";
import { givenElsewhere } from "./structured";

/** The companions of the booking (each validated by `companionProblems`, reported per companion). */
export const companion = {
  options: z.record(z.string(), z.unknown()).transform(companionItemOptions),
  answer: givenElsewhere,
} satisfies FormItemKindModule;
