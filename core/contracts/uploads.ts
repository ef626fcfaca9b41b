import { z } from "zod";

/**
 * Options of the form items of kind `upload` and `file` (server/db/factories/forms.ts): the accepted media types,
 * the largest file, and for videos the longest allowed length.
 */
export const uploadItemOptionsSchema = z.object({
  accept: z.array(z.string()).min(1),
  maxBytes: z.number().int().positive(),
  maxVideoSeconds: z.number().positive().optional(),
});
export type UploadItemOptions = z.infer<typeof uploadItemOptionsSchema>;

export const uploadParamsSchema = z.object({ uuid: z.string().uuid() });

/**
 * `POST api/booking/{uuid}/upload` (spec §7) is multipart/form-data, read as a stream: the fields
 * `item_uuid` and `booking_token` must come before the `file` part. Without `booking_token` the
 * httpOnly booking cookie of the browser is used.
 */
export const uploadFormSchema = z.object({
  item_uuid: z.string().uuid(),
  booking_token: z.string().min(20).max(200).optional(),
  file: z.custom<Blob>((value) => value instanceof Blob).meta({ type: "string", format: "binary" }),
});

export const uploadViewSchema = z.object({
  uuid: z.string().uuid(),
  /** Null once staff removed the form item the file was uploaded for. */
  item_uuid: z.string().uuid().nullable(),
  /** The name the file had on the visitor's device, cleaned; only shown back, never used to store or serve it. */
  name: z.string(),
  /** The type read from the file's own bytes. */
  media_type: z.string(),
  size_bytes: z.number().int(),
  duration_seconds: z.number().nullable(),
});
export type UploadView = z.infer<typeof uploadViewSchema>;

/** The booking's answer for the item is now the upload's uuid. */
export const uploadResponseSchema = z.object({ data: uploadViewSchema });
