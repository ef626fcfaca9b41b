import { z } from "zod";

export const maximumPartySize = 20;

export const joinWaitlistSchema = z.object({
  event: z.string({ error: "validation.required" }).uuid({ error: "validation.required" }),
  name: z.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(120, { error: "validation.tooLong" }),
  email: z
    .string({ error: "validation.required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "validation.required" })
    .max(254, { error: "validation.tooLong" })
    .pipe(z.email({ error: "validation.email" })),
  party_size: z.coerce
    .number({ error: "validation.partySize" })
    .int({ error: "validation.partySize" })
    .min(1, { error: "validation.partySize" })
    .max(maximumPartySize, { error: "validation.partySize" }),
});
export type JoinWaitlist = z.infer<typeof joinWaitlistSchema>;
