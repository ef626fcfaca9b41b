import { z } from "zod";
import { callBackOutcomes } from "../../core/contracts/staff-call-backs";

/**
 * The call-back queue's two forms (`/admin/call-backs`), one schema each for the browser (Conform,
 * before posting) and the page's action: the messages are catalogue keys, so both sides show the same
 * localized text under the field. The bodies the services take are the API's (staff-call-backs.ts).
 */
const note = z.string().trim().max(2000, "validation.tooLong").optional();
const booking = z.string().uuid();

export const callAttemptFormSchema = z.object({
  intent: z.literal("attempt"),
  booking,
  outcome: z.enum(callBackOutcomes, { message: "validation.choice" }),
  note,
});

export const callBackDecisionFormSchema = z.object({
  intent: z.enum(["verify", "reject"]),
  booking,
  note,
});

/** Which of the forms a post is, before it is parsed by its schema. */
export const callBackIntents = ["attempt", "verify", "reject"] as const;
export type CallBackIntent = (typeof callBackIntents)[number];
