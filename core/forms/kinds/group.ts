import { z } from "zod";
import type { FormItemKindModule } from "./kind-module";

/** A container: its children are items with `parent_uuid` set to it. Takes no answer. */
export const group = {
  options: z.looseObject({}),
  answer: null,
} satisfies FormItemKindModule;
