import { z } from "zod";
import type { FormItemKindModule } from "./kind-module";
import { givenElsewhere } from "./structured";

/** A file such as a video, uploaded to its own endpoint; the answer is the upload's uuid. */
export const upload = {
  options: z.looseObject({ accept: z.array(z.string()).optional().catch(undefined) }),
  answer: givenElsewhere,
} satisfies FormItemKindModule;
