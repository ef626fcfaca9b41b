import { z } from "zod";
import { tokenResponseSchema } from "./auth";

/**
 * Staff's second factor (decision 027). A staff or admin login's password step answers a short-lived
 * challenge instead of tokens; the challenge and a code from the authenticator app (or a recovery
 * code) then open the session. An account without an authenticator yet enrols first.
 */

const challenge = z.string({ error: "validation.required" }).min(1, { error: "validation.required" }).max(200);
/** Six digits; spaces typed between them are fine. */
const totpCode = z
  .string({ error: "validation.required" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().min(1, { error: "validation.required" }).regex(/^\d{6}$/, { error: "validation.totpCode" }));

/** What the password step answers a staff account. */
export const secondFactorRequiredSchema = z.object({
  second_factor: z.object({
    challenge: z.string(),
    /** False: the account has no authenticator yet and must enrol (`…/second-factor/enrolment`). */
    enrolled: z.boolean(),
    expires_in: z.number().int(),
  }),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

/** The login's answer: tokens (customers), or the second step (staff). */
export const loginResponseSchema = z.union([tokenResponseSchema, secondFactorRequiredSchema]);

export const secondFactorRequestSchema = z.union([
  z.object({ challenge, code: totpCode }).strict(),
  z.object({ challenge, recovery_code: z.string().trim().min(1, { error: "validation.required" }).max(40) }).strict(),
]);
export type SecondFactorRequest = z.infer<typeof secondFactorRequestSchema>;

export const enrolmentRequestSchema = z.object({ challenge }).strict();
export const enrolmentResponseSchema = z.object({
  data: z.object({
    /** Base32, for typing into an app by hand. */
    secret: z.string(),
    otpauth_uri: z.string(),
    /** The URI as an SVG QR code. */
    qr_svg: z.string(),
  }),
});
export type Enrolment = z.infer<typeof enrolmentResponseSchema>["data"];

export const enrolmentConfirmSchema = z.object({ challenge, code: totpCode }).strict();
/** The session, and the recovery codes: shown this once, stored only as hashes. */
export const enrolmentConfirmResponseSchema = tokenResponseSchema.extend({ recovery_codes: z.array(z.string()) });

/** The web's second-step forms (their `intent` tells the action which): the code, a recovery code, the enrolment's first code. */
export const secondFactorCodeFormSchema = z.object({ intent: z.literal("code"), code: totpCode });
export const secondFactorRecoveryFormSchema = z.object({
  intent: z.literal("recovery"),
  recovery_code: z.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(40),
});
export const secondFactorEnrolFormSchema = z.object({ intent: z.literal("enrol"), code: totpCode });
export const secondFactorFormSchema = z.discriminatedUnion("intent", [secondFactorCodeFormSchema, secondFactorRecoveryFormSchema, secondFactorEnrolFormSchema]);
