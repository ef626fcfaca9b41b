import { z } from "zod";
import { problem, textOption, type FormItemKindModule } from "./kind-module";

/** A single tick box (terms, consent, "separate billing address"); required means it must be ticked. */
export const checkbox = {
  options: z.looseObject({ termsPageSlug: textOption }),
  answer: {
    blankMessage: "validation.mustAccept",
    schema: () => z.union([z.literal(true), z.literal("true"), z.literal("on")], problem("validation.mustAccept")),
  },
} satisfies FormItemKindModule;
