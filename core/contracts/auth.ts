import { z } from "zod";
import { invoiceSummarySchema } from "./invoices";
import { accountViewSchema } from "./booking-account";
import { bookingStatuses } from "../domain/booking-status";
import { roles } from "../domain/permissions";
import { maximumPasswordLength, passwordProblems, type PasswordProblem } from "../domain/password-policy";
import { locales } from "../i18n/locales";

/**
 * Validation messages are catalogue keys (`validation.*`), translated into the request's language
 * when the errors object is built, so API and pages say the same thing.
 */
const email = z
  .string({ error: "validation.required" })
  .trim()
  .toLowerCase()
  .min(1, { error: "validation.required" })
  .max(254, { error: "validation.tooLong" })
  .pipe(z.email({ error: "validation.email" }));
const requiredText = (max: number) =>
  z.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(max, { error: "validation.tooLong" });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "validation.tooLong" })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));
const password = z
  .string({ error: "validation.required" })
  .min(1, { error: "validation.required" })
  .max(maximumPasswordLength, { error: "validation.tooLong" });

export const loginRequestSchema = z.object({ email, password });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  refresh_expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const refreshRequestSchema = z.object({ refresh_token: z.string().min(20).max(200) });
export const logoutRequestSchema = z.object({ refresh_token: z.string().min(20).max(200).optional() });

/** A person's first or last name: longer ones are refused with a message, never cut (decision 026). */
export const maximumPersonNameLength = 100;
const personName = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(maximumPersonNameLength, { error: "validation.atMost100Characters" });
const optionalPersonName = z
  .string()
  .trim()
  .max(maximumPersonNameLength, { error: "validation.atMost100Characters" })
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

/** The catalogue text of each broken password rule (the same keys the server's checks answer with). */
export const passwordProblemMessages = {
  tooShort: "validation.passwordTooShort",
  tooLong: "validation.passwordTooLong",
  tooCommon: "validation.passwordTooCommon",
  containsEmail: "validation.passwordContainsEmail",
} as const satisfies Record<PasswordProblem, `validation.${string}`>;

type NewPasswordInput = { email?: unknown; password?: unknown; password_confirmation?: unknown };
const hasPasswords = (payload: { value: unknown }) => {
  const value = payload.value as NewPasswordInput | null;
  return typeof value?.password === "string" && typeof value.password_confirmation === "string";
};
/** Every broken password rule and the mismatch, each its own issue: the visitor learns all of them at once. */
function checkNewPassword(value: { email?: unknown; password: string; password_confirmation: string }, context: z.RefinementCtx) {
  // With `when` this runs although another field failed: the e-mail may then be anything but a string.
  const email = typeof value.email === "string" ? value.email : undefined;
  for (const problem of passwordProblems(value.password, email)) {
    // Too long is the field's own `.max` already.
    if (problem !== "tooLong") context.addIssue({ code: "custom", path: ["password"], message: passwordProblemMessages[problem] });
  }
  if (value.password !== value.password_confirmation)
    context.addIssue({ code: "custom", path: ["password_confirmation"], message: "validation.passwordMismatch" });
}

/**
 * Registration through the API: first and last name (the spec's user fields); `name` is still
 * accepted for older clients, and is derived from the two when left out (`registrationName`).
 */
export const registerRequestSchema = z
  .object({
    name: optionalText(120),
    first_name: optionalPersonName,
    last_name: optionalPersonName,
    email,
    password,
    password_confirmation: z.string({ error: "validation.required" }),
    locale: z.enum(locales).optional(),
  })
  .superRefine((value, context) => {
    if (value.name) return;
    if (!value.first_name) context.addIssue({ code: "custom", path: ["first_name"], message: "validation.required" });
    if (!value.last_name) context.addIssue({ code: "custom", path: ["last_name"], message: "validation.required" });
  })
  .superRefine(checkNewPassword, { when: hasPasswords });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The registration page asks for each name once: first and last name, both required. */
export const registerFormSchema = z
  .object({
    first_name: personName,
    last_name: personName,
    email,
    password,
    password_confirmation: z.string({ error: "validation.required" }),
  })
  .superRefine(checkNewPassword, { when: hasPasswords });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** The account's display name: as sent, or the first and last name. */
export function registrationName(request: Pick<RegisterRequest, "name" | "first_name" | "last_name">): string {
  return request.name ?? [request.first_name, request.last_name].filter(Boolean).join(" ");
}

export const messageResponseSchema = z.object({ message: z.string() });

export const verifyParamsSchema = z.object({ token: z.string().min(20).max(200) });

export const resetRequestSchema = z.object({ email });
/** The new password through the e-mailed link: the e-mail rule is the server's (it knows the account). */
export const resetConfirmSchema = z
  .object({ password, password_confirmation: z.string({ error: "validation.required" }) })
  .superRefine(checkNewPassword, { when: hasPasswords });
export const resetParamsSchema = verifyParamsSchema;

export const userSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  locale: z.enum(locales),
  role: z.enum(roles),
  email_verified_at: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
export const userResponseSchema = z.object({ data: userSchema });

export const updateSettingsSchema = z
  .object({
    name: requiredText(120),
    first_name: optionalText(80),
    last_name: optionalText(80),
    email,
    old_password: z.string().max(maximumPasswordLength).optional().nullable(),
    password: z.string().max(maximumPasswordLength, { error: "validation.tooLong" }).optional().nullable(),
    password_confirmation: z.string().optional().nullable(),
  })
  .refine((value) => !value.password || value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    error: "validation.passwordMismatch",
  })
  .refine((value) => !value.password || !!value.old_password, { path: ["old_password"], error: "validation.required" });
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;

/**
 * The settings page's profile form asks for each name once, as the registration page does: first and
 * last name, both required; the account's name is made of them (`registrationName`). The API's
 * `updateSettingsSchema` still takes `name` (spec §4: the profile has name, first_name and last_name).
 */
export const profileFormSchema = z.object({
  first_name: personName,
  last_name: personName,
  email,
  old_password: z.string().max(maximumPasswordLength).optional().nullable(),
});

/**
 * The settings page's password form (decision 016): the same rules as a password change through
 * `updateSettingsSchema`, where the page adds the account's unchanged name and e-mail, and the new
 * password is required (the API's body may leave it out to change only the profile).
 */
export const changePasswordSchema = z
  .object({
    old_password: z.string().max(maximumPasswordLength).optional().nullable(),
    password,
    password_confirmation: z.string().optional().nullable(),
  })
  .refine((value) => !value.password || value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    error: "validation.passwordMismatch",
  })
  .refine((value) => !value.password || !!value.old_password, { path: ["old_password"], error: "validation.required" });
export const userParamsSchema = z.object({ uuid: z.string().uuid() });

/**
 * Deleting one's profile asks for the current password (issue 32): a session alone (a borrowed laptop,
 * a stolen cookie) must not erase the account. Checked by the verb, which names a missing one too.
 */
export const deleteProfileSchema = z.object({ password: z.string().max(maximumPasswordLength).optional().nullable() });
export type DeleteProfile = z.infer<typeof deleteProfileSchema>;

export const bookingSummarySchema = z.object({
  uuid: z.string().uuid(),
  code: z.string().nullable(),
  status: z.enum(bookingStatuses),
  event: z.object({ uuid: z.string().uuid(), title: z.string(), starts_on: z.string(), ends_on: z.string(), location: z.string(), image_url: z.string() }),
  participants: z.number().int(),
  total_cents: z.number().int(),
  deposit_cents: z.number().int(),
  remainder_cents: z.number().int(),
  remainder_due_on: z.string().nullable(),
  paid_cents: z.number().int(),
  payment_option: z.enum(["credit_card", "invoice", "sma"]).nullable(),
  /** What can be paid by card now (deposit, full amount or balance; `early` before its date), or null. */
  due: z.object({ kind: z.enum(["deposit", "balance", "full"]), amount_cents: z.number().int(), early: z.boolean() }).nullable(),
  /** The booking account (decision 067). */
  account: accountViewSchema,
  /** Whether an invoice PDF can be downloaded. */
  has_invoice: z.boolean(),
  /** Its invoices and cancellation invoices, oldest first. */
  invoices: z.array(invoiceSummarySchema),
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;
export const userBookingsResponseSchema = z.object({ data: z.object({ future: z.array(bookingSummarySchema), expired: z.array(bookingSummarySchema) }) });
export type UserBookings = z.infer<typeof userBookingsResponseSchema>["data"];
