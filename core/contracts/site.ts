import { z } from "zod";
import { isValidIban, normalizeIban } from "../domain/iban";
import { areWidgetFrameSources, normalizeWidgetFrameSources } from "../domain/widget-origins";
import { inEveryLocale } from "./localized-text";

/** The legal notice and support address as the public site answer and the staff settings both carry them. */
const legalNoticeFields = {
  company: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  fax: z.string().nullable(),
  email: z.string(),
  website: z.string(),
  registry_court: z.string(),
  managing_director: z.string(),
  vat_id: z.string().nullable(),
  support_email: z.string(),
};

export const siteSchema = z.object({
  id: z.number().int(),
  ...legalNoticeFields,
  support_hours: z.string(),
  travel_operator_notice: z.string(),
  /** Shown before the binding click and in the confirmation of a leisure event (issue 30). */
  leisure_withdrawal_notice: z.string(),
  deposit_percent: z.number().int(),
  balance_due_days_before_event: z.number().int(),
});
export type Site = z.infer<typeof siteSchema>;

/** Site ids are PostgreSQL `integer`s: a larger number names no site (and the database would refuse it). */
export const siteParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const siteResponseSchema = z.object({ data: siteSchema });

// ---- The back office's site settings (`GET|PUT api/staff/site`, admins only; decision 035) -------

/** Every text of the settings: trimmed, required unless said otherwise. Messages are catalogue keys. */
const settingText = (max = 200) =>
  z.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(max, { error: "validation.tooLong" });
/** An optional text: empty means none (stored as null). */
const optionalSettingText = (max = 200) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .max(max, { error: "validation.tooLong" })
    .transform((value) => (value === "" ? null : value))
    .nullable();
const settingEmail = z
  .string({ error: "validation.required" })
  .trim()
  .toLowerCase()
  .min(1, { error: "validation.required" })
  .max(254, { error: "validation.tooLong" })
  .pipe(z.email({ error: "validation.email" }));
/** A whole number in a range; the form posts it as text, the API as a number. */
const settingInteger = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z
      .number({ error: "validation.number" })
      .int({ error: "validation.wholeNumber" })
      .min(min, { error: "validation.outOfRange" })
      .max(max, { error: "validation.outOfRange" }),
  );
const settingLocalized = (max = 500) => inEveryLocale(() => settingText(max));

export const vatTreatments = ["per_line", "margin_scheme"] as const;

export const siteSettingsSchema = z.object({
  company: settingText(),
  street: settingText(),
  zip: settingText(20),
  city: settingText(100),
  /** ISO 3166-1 alpha-2, e.g. `DE`; shown in the reader's language. */
  country: z
    .string({ error: "validation.required" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "validation.country" }),
  phone: settingText(50),
  fax: optionalSettingText(50),
  email: settingEmail,
  website: z
    .string({ error: "validation.required" })
    .trim()
    .max(200, { error: "validation.tooLong" })
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/i, { error: "validation.url" }),
  registry_court: settingText(),
  managing_director: settingText(),
  vat_id: optionalSettingText(30),
  support_email: settingEmail,
  support_hours: settingLocalized(200),
  travel_operator_notice: settingLocalized(1000),
  /** Leisure events (every event until package trips exist): no right of withdrawal, § 312g (2) no. 9 BGB (issue 30; core/domain/withdrawal-notice.ts). */
  leisure_withdrawal_notice: settingLocalized(2000),
  deposit_percent: settingInteger(0, 100),
  balance_due_days_before_event: settingInteger(0, 365),
  hold_minutes: settingInteger(5, 240),
  bank_transfer_due_days: settingInteger(1, 90),
  /** Retention (decision 076): uploads deleted, personal answers anonymized this many days after an event's last day. */
  upload_retention_days: settingInteger(1, 3650),
  answer_retention_days: settingInteger(1, 3650),
  vat_treatment: z.enum(vatTreatments, { error: "validation.choice" }),
  bank_name: optionalSettingText(100),
  iban: z
    .string({ error: "validation.required" })
    .transform(normalizeIban)
    .refine((value) => value === "" || isValidIban(value), { error: "validation.iban" })
    .transform((value) => (value === "" ? null : value))
    .nullable(),
  bic: z
    .string({ error: "validation.required" })
    .trim()
    .toUpperCase()
    .refine((value) => value === "" || /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value), { error: "validation.bic" })
    .transform((value) => (value === "" ? null : value))
    .nullable(),
  /**
   * Partner origins allowed to frame the event widget, separated by spaces or lines; `*` any site.
   * Empty: the server's default (env WIDGET_FRAME_ANCESTORS).
   */
  widget_frame_ancestors: z
    .string({ error: "validation.required" })
    .max(2000, { error: "validation.tooLong" })
    .refine(areWidgetFrameSources, { error: "validation.frameAncestors" })
    .transform(normalizeWidgetFrameSources),
});
/** What a PUT sends (every field; the form posts all of them). */
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
export type SiteSettingsChange = z.output<typeof siteSettingsSchema>;

/** The settings as stored, and what the widget's header uses now (the setting or the server's default). */
export const siteSettingsAnswerSchema = z.object({
  ...legalNoticeFields,
  support_hours: inEveryLocale(() => z.string()),
  travel_operator_notice: inEveryLocale(() => z.string()),
  leisure_withdrawal_notice: inEveryLocale(() => z.string()),
  deposit_percent: z.number().int(),
  balance_due_days_before_event: z.number().int(),
  hold_minutes: z.number().int(),
  bank_transfer_due_days: z.number().int(),
  upload_retention_days: z.number().int(),
  answer_retention_days: z.number().int(),
  vat_treatment: z.enum(vatTreatments),
  bank_name: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  widget_frame_ancestors: z.string(),
  effective_widget_frame_ancestors: z.string(),
  updated_at: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsAnswerSchema>;
export const siteSettingsResponseSchema = z.object({ data: siteSettingsAnswerSchema });
