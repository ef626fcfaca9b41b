import { z } from "zod";

/** One error type with named codes; every API error answer has this shape. */
export const appErrorCodes = [
  "BAD_REQUEST",
  "VALIDATION_FAILED",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  /** A link that was valid once and is no more (a revoked or expired "manage my booking" link). */
  "GONE",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  /** The body is not in the media type the operation takes (JSON where JSON is expected). */
  "UNSUPPORTED_MEDIA_TYPE",
  "TOO_MANY_REQUESTS",
  "INTERNAL",
  "BAD_GATEWAY",
] as const;
export type AppErrorCode = (typeof appErrorCodes)[number];

/** Field errors as the spec has them: an array of messages per field, the first one is shown. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** Why a booking could not be submitted: the web routes each to its own screen. */
export const conflictReasons = [
  "fully_booked",
  "not_bookable_yet",
  "closed",
  "resource_unavailable",
  "already_submitted",
  /** Payments: the places are no longer held, or nothing is due, or staff have not verified the request yet. */
  "hold_expired",
  "nothing_due",
  "in_review",
  /** Payments: a checkout of this booking is being made or was handed out seconds ago (decision 008). */
  "payment_in_progress",
  /** A draft page saved from an older version than the draft's (another window saved in between; decision 021). */
  "stale_version",
  /** A discount code that may not be used (decision 079): the message says why; nothing was changed. */
  "voucher_refused",
] as const;
export type ConflictReason = (typeof conflictReasons)[number];

export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.enum(appErrorCodes),
  /** Per field (form item uuid), each an array whose first message is shown. */
  errors: fieldErrorsSchema.optional(),
  /** Booking errors per participant uuid (spec §4), each the participant's own field errors. */
  participant_errors: z.record(z.string(), fieldErrorsSchema).optional(),
  /** The spec's flag for "a participant has an error". */
  has_participant_error: z.boolean().optional(),
  /** Uuids of the form pages that have an error, in form order. */
  page_errors: z.array(z.string()).optional(),
  /** A draft page save that kept invalid answers (422): the draft's version to save from next (decision 021). */
  version: z.number().int().optional(),
  reason: z.enum(conflictReasons).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const httpStatusOfCode: Record<AppErrorCode, 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  GONE: 410,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
};
