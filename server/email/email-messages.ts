import { z } from "zod";

/** How long an e-mail verification link stays valid; the account feature must issue tokens with this expiry. */
export const verifyEmailValidHours = 48;

// Links end up in `href`s: only http(s), so a stored payload can never carry a `javascript:` URL.
const linkSchema = z.url({ protocol: /^https?$/ });
const nameSchema = z.string().trim().min(1).max(200);

export const verifyEmailPayloadSchema = z.object({ name: nameSchema, verifyUrl: linkSchema });
export const passwordResetPayloadSchema = z.object({ name: nameSchema, resetUrl: linkSchema, expiresInMinutes: z.number().int().positive() });
export const accountDeletedPayloadSchema = z.object({ name: nameSchema });

/**
 * Every e-mail the site sends, by template name with its typed payload. The same schema checks the
 * payload when a mail is enqueued and again when the worker reads it back from the jsonb column.
 */
export const emailMessageSchema = z.discriminatedUnion("template", [
  z.object({ template: z.literal("verify-email"), payload: verifyEmailPayloadSchema }),
  z.object({ template: z.literal("password-reset"), payload: passwordResetPayloadSchema }),
  z.object({ template: z.literal("account-deleted"), payload: accountDeletedPayloadSchema }),
]);

export type EmailMessage = z.infer<typeof emailMessageSchema>;
export type EmailTemplateName = EmailMessage["template"];
export type EmailPayload<T extends EmailTemplateName> = Extract<EmailMessage, { template: T }>["payload"];

export type VerifyEmailPayload = EmailPayload<"verify-email">;
export type PasswordResetPayload = EmailPayload<"password-reset">;
export type AccountDeletedPayload = EmailPayload<"account-deleted">;

/** A stored mail that no longer matches its template: retrying cannot help, so the worker gives up at once. */
export class InvalidEmailMessageError extends Error {
  override readonly name = "InvalidEmailMessageError";
}

export function parseEmailMessage(input: { template: string; payload: unknown }): EmailMessage {
  const result = emailMessageSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "template"}: ${issue.message}`).join("; ");
    throw new InvalidEmailMessageError(`Invalid "${input.template}" e-mail: ${problems}`);
  }
  return result.data;
}
