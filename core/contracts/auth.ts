import { z } from "zod";
import { bookingStatuses } from "../domain/booking-status";
import { maximumPasswordLength } from "../domain/password-policy";
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

export const registerRequestSchema = z
  .object({
    name: requiredText(120),
    first_name: optionalText(80),
    last_name: optionalText(80),
    email,
    password,
    password_confirmation: z.string({ error: "validation.required" }),
    locale: z.enum(locales).optional(),
  })
  .refine((value) => value.password === value.password_confirmation, { path: ["password_confirmation"], error: "validation.passwordMismatch" });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const verifyParamsSchema = z.object({ token: z.string().min(20).max(200) });

export const resetRequestSchema = z.object({ email });
export const resetConfirmSchema = z
  .object({ password, password_confirmation: z.string({ error: "validation.required" }) })
  .refine((value) => value.password === value.password_confirmation, { path: ["password_confirmation"], error: "validation.passwordMismatch" });
export const resetParamsSchema = verifyParamsSchema;

export const userSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  locale: z.enum(locales),
  role: z.enum(["customer", "staff"]),
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
  /** What can be paid by card now (deposit, full amount or balance), or null. */
  due: z.object({ kind: z.enum(["deposit", "balance", "full"]), amount_cents: z.number().int() }).nullable(),
  /** Whether an invoice PDF can be downloaded. */
  has_invoice: z.boolean(),
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;
export const userBookingsResponseSchema = z.object({ data: z.object({ future: z.array(bookingSummarySchema), expired: z.array(bookingSummarySchema) }) });
export type UserBookings = z.infer<typeof userBookingsResponseSchema>["data"];
