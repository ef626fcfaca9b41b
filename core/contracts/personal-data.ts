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
  /** `address`: staff answering a data-subject request by e-mail address (its account, bookings, waitlist and mails). */
  scope: z.enum(["account", "booking", "address"]),
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
  /** Waitlist sign-ups with the address (an account's or a request's; a booking's export has none). */
  waitlist_entries: z.array(z.object({ event_title: z.string(), name: z.string(), party_size: z.number().int(), status: z.string(), joined_at: z.string() })),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;
export type PersonalDataBooking = z.infer<typeof personalDataBookingSchema>;

/**
 * Staff answering a data-subject request (Art. 15, 17 GDPR; issue 30): the address it is about, and for
 * the erasure the same address typed again (nothing irrevocable on one slip) and an optional note.
 */
export const staffPersonalDataFindSchema = z.object({
  email: z
    .string({ error: "validation.required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "validation.required" })
    .max(254, { error: "validation.tooLong" })
    .pipe(z.email({ error: "validation.email" })),
});
export const staffPersonalDataEraseSchema = staffPersonalDataFindSchema
  .extend({
    confirm_email: z
      .string({ error: "validation.required" })
      .trim()
      .toLowerCase()
      .min(1, { error: "validation.required" })
      .max(254, { error: "validation.tooLong" }),
    note: z.string().trim().max(500, { error: "validation.tooLong" }).optional(),
  })
  .refine((input) => input.confirm_email === input.email, { path: ["confirm_email"], error: "validation.emailMismatch" });
export type StaffPersonalDataErase = z.infer<typeof staffPersonalDataEraseSchema>;

export const staffPersonalDataExportSchema = staffPersonalDataFindSchema.extend({ format: z.enum(personalDataFormats, { error: "validation.choice" }) });

/** What staff see before they export or erase: what the site holds for the address, in short. */
export type StaffPersonalDataFound = {
  email: string;
  account: { role: string; created_at: string } | null;
  bookings: { code: string | null; event_title: string; status: string; invoice_kept: boolean }[];
  waitlist_entries: number;
  emails: number;
};
