import { z } from "zod";
import type { FormItemKindModule } from "./kind-module";
import { givenElsewhere } from "./structured";

/** A document (certificate, licence), uploaded to its own endpoint; the answer is the upload's uuid. */
export const file = {
  options: z.looseObject({ accept: z.array(z.string()).optional().catch(undefined) }),
  answer: givenElsewhere,
} satisfies FormItemKindModule;
