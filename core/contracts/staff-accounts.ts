import { z } from "zod";
import { staffRoles } from "../domain/permissions";
import { locales } from "../i18n/locales";

/**
 * The staff accounts an admin manages (decision 027): invite by e-mail, change the role, disable or
 * enable, reset the second factor. Validation messages are catalogue keys, as in contracts/auth.ts.
 */

const staffRole = z.enum(staffRoles, { error: "validation.required" });

export const staffAccountSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  role: staffRole,
  locale: z.enum(locales),
  second_factor: z.boolean(),
  disabled: z.boolean(),
  /** Invited, no password set yet. */
  invitation_pending: z.boolean(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountsResponseSchema = z.object({ data: z.array(staffAccountSchema) });

export const staffInvitationSchema = z
  .object({
    name: z.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(100, { error: "validation.atMost100Characters" }),
    email: z
      .string({ error: "validation.required" })
      .trim()
      .toLowerCase()
      .min(1, { error: "validation.required" })
      .max(254, { error: "validation.tooLong" })
      .pipe(z.email({ error: "validation.email" })),
    role: staffRole,
    locale: z.enum(locales, { error: "validation.required" }),
  })
  .strict();
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;
/** The back office page's invitation form: the same fields, and its `intent`. */
export const staffInvitationFormSchema = staffInvitationSchema.extend({ intent: z.literal("invite") });

export const staffAccountParamsSchema = z.object({ uuid: z.string().uuid() });

/** The back office page's post about a pending invitation: send it again, or take it back (issue 32). */
export const staffInvitationActionSchema = z.object({ intent: z.enum(["resend_invitation", "revoke_invitation"]), uuid: z.string().uuid() });

/** One change at a time, each its own audit row. */
export const staffAccountChangeSchema = z.discriminatedUnion("change", [
  z.object({ change: z.literal("role"), role: staffRole }).strict(),
  z.object({ change: z.literal("disable") }).strict(),
  z.object({ change: z.literal("enable") }).strict(),
  z.object({ change: z.literal("reset_second_factor") }).strict(),
]);
export type StaffAccountChange = z.infer<typeof staffAccountChangeSchema>;
export const staffAccountResponseSchema = z.object({ data: staffAccountSchema });

export const staffInvitationAcceptSchema = z.object({ password: z.string({ error: "validation.required" }).min(1, { error: "validation.required" }) }).strict();
