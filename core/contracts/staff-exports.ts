import { z } from "zod";
import { participantFilters } from "../domain/booking-status";

/**
 * The participant list of an event as a file (`GET api/staff/events/{uuid}/participants.{csv,xlsx,pdf}`,
 * staff only; decision 029). The answer is the file itself, streamed; an error is the API's one JSON shape.
 */
export const participantExportFormats = ["csv", "xlsx", "pdf"] as const;
export type ParticipantExportFormat = (typeof participantExportFormats)[number];

/**
 * The CSV's dialect: `rfc4180` is comma-separated UTF-8 without a byte order mark (RFC 4180 quoting,
 * CRLF); `excel-de` is what a German Excel opens by double-click: semicolon-separated, with a UTF-8 BOM
 * (without it Excel reads the bytes as Windows-1252).
 */
export const csvDialects = ["rfc4180", "excel-de"] as const;
export type CsvDialect = (typeof csvDialects)[number];

export const participantExportParamsSchema = z.object({ uuid: z.string().uuid() });
/**
 * `status`: whom the list shows. `active` (the default): the people of bookings that hold places and
 * are going to the event (submitted within a card hold, in review, confirmed, paid); `inactive`: those of
 * rejected, cancelled and expired bookings; `all`: both. Drafts are never listed.
 */
export const participantExportQuerySchema = z.object({ status: z.enum(participantFilters).default("active") });
export const participantCsvQuerySchema = participantExportQuerySchema.extend({ dialect: z.enum(csvDialects).default("rfc4180") });

/** The media type of each format, as the answer's Content-Type names it. */
export const participantExportContentTypes = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
} as const satisfies Record<ParticipantExportFormat, string>;

/**
 * `POST api/staff/bookings/export` (decision 033): the people of chosen bookings, across events, as one
 * CSV. The ids travel in a body (a page's selection is too long for an address); each must name a
 * submitted booking, else the whole call is refused and names the ones it could not find.
 */
export const maximumExportBookings = 500;
export const selectedBookingsExportBodySchema = z
  .object({
    booking_uuids: z.array(z.string().uuid()).min(1).max(maximumExportBookings),
    dialect: z.enum(csvDialects).default("rfc4180"),
  })
  .strict();
export type SelectedBookingsExportBody = z.infer<typeof selectedBookingsExportBodySchema>;
