import { z } from "zod";
import type { AnswerRule } from "./kind-module";

/**
 * Answers filled by their own flows (companions, uploads) and checked there: a page save only asks
 * whether a required one is given.
 */
export const givenElsewhere: AnswerRule = { blankMessage: "validation.required", schema: () => z.unknown() };
