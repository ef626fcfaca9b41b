import { z } from "zod";
import { staffAuditKinds } from "../domain/staff-audit-entry";

/**
 * The staff audit log (issue 31, decision 078): `GET api/staff/audit` lists its rows newest first,
 * filtered by the person who acted, the kind of action and a date range (operator days, both
 * included); `GET api/staff/audit.csv` is the same filtered list as a CSV, itself audited. Admins only.
 */

export const staffAuditPageSize = 50;
const isoDate = z.iso.date({ message: "validation.date" });

/** The query's fields (the OpenAPI document's shape); `staffAuditQuerySchema` adds the date order check. */
export const staffAuditQueryFields = z.object({
  person: z.uuid({ message: "validation.choice" }).optional(),
  kind: z.enum(staffAuditKinds, { message: "validation.choice" }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number({ message: "validation.number" }).int({ message: "validation.number" }).min(1).max(10_000).default(1),
  per_page: z.coerce.number({ message: "validation.number" }).int({ message: "validation.number" }).min(1).max(staffAuditPageSize).default(staffAuditPageSize),
});
export const staffAuditQuerySchema = staffAuditQueryFields.superRefine((query, context) => {
  if (query.from && query.to && query.from > query.to) context.addIssue({ code: "custom", path: ["to"], message: "validation.dateOrder" });
});
export type StaffAuditQuery = z.output<typeof staffAuditQuerySchema>;
/** The filter without paging: what the CSV export takes and what its own audit row records. */
export type StaffAuditFilter = Omit<StaffAuditQuery, "page" | "per_page">;

export const staffAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  /** The person who acted, as their address was at the time; null id: the account is gone (or the seed). */
  actor_id: z.uuid().nullable(),
  actor_email: z.string(),
  action: z.string(),
  kind: z.enum(staffAuditKinds).nullable(),
  /** What happened and the sentence from its details, in the reader's language. */
  what: z.string(),
  text: z.string().nullable(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;

export const staffAuditListResponseSchema = z.object({
  data: z.array(staffAuditEntrySchema),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
  /** Everyone who appears in the log (the person filter's choices), by e-mail. */
  people: z.array(z.object({ id: z.uuid(), email: z.string() })),
});
export type StaffAuditList = z.infer<typeof staffAuditListResponseSchema>;
