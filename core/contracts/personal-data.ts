import { z } from "zod";

/**
 * The personal data export (issue 30, decision 076): everything the site holds about an account, or about
 * one booking from its manage page, as JSON; the PDF prints the same object. One contract for the call
 * `exportPersonalData` (server/privacy/export-personal-data.ts): what it is asked, and what it answers.
 */
export const personalDataFormats = ["json", "pdf"] as const;
export type PersonalDataFormat = (typeof personalDataFormats)[number];

export const personalDataRequestSchema = z.object({
  format: z.enum(personalDataFormats, { error: "validation.choice" }),
});
export type PersonalDataRequest = z.infer<typeof personalDataRequestSchema>;

const answerSchema = z.object({ label: z.string(), text: z.string() });

const personSchema = z.object({
  role: z.enum(["main", "companion"]),
  companion_type: z.string().nullable(),
  salutation: z.string().nullable(),
  title: z.string().nullable(),
  forename: z.string().nullable(),
  surname: z.string().nullable(),
  company: z.string().nullable(),
  street: z.string().nullable(),
  address_line_2: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  vat_id: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  answers: z.array(answerSchema),
});

const emailSchema = z.object({
  /** As the mail was (or will be) sent, in its language; null for a stored mail that no longer renders. */
  subject: z.string().nullable(),
  to: z.string(),
  status: z.enum(["pending", "sent", "failed"]),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

export const personalDataBookingSchema = z.object({
  uuid: z.string(),
  code: z.string().nullable(),
  status: z.string(),
  locale: z.string(),
  submitted_at: z.string().nullable(),
  event: z.object({ title: z.string(), starts_on: z.string(), ends_on: z.string(), location: z.string() }),
  people: z.array(personSchema),
  /** The booking's own answers, by their label in the export's language. */
  answers: z.array(answerSchema),
  additional_comments: z.string().nullable(),
  billing_address: z.record(z.string(), z.string()).nullable(),
  terms_accepted_at: z.string().nullable(),
  total_cents: z.number().int(),
  /** Listed, not included: a file's name, type and size. */
  uploads: z.array(z.object({ name: z.string(), media_type: z.string(), size_bytes: z.number().int(), uploaded_at: z.string() })),
  invoices: z.array(z.object({ number: z.string(), kind: z.string(), issued_on: z.string(), total_cents: z.number().int() })),
  emails: z.array(emailSchema),
  /** When its answers were anonymized (retention, erasure); null while they are kept. */
  answers_erased_at: z.string().nullable(),
});

export const personalDataExportSchema = z.object({
  generated_at: z.string(),
  scope: z.enum(["account", "booking"]),
  operator: z.object({ company: z.string(), email: z.string() }),
  account: z
    .object({
      uuid: z.string(),
      name: z.string(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      email: z.string(),
      locale: z.string(),
      created_at: z.string(),
      email_verified_at: z.string().nullable(),
    })
    .nullable(),
  bookings: z.array(personalDataBookingSchema),
  /** Mails to the account's address that name no booking (registration, password reset …). */
  account_emails: z.array(emailSchema),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;
export type PersonalDataBooking = z.infer<typeof personalDataBookingSchema>;
