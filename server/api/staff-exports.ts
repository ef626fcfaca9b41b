import { z } from "@hono/zod-openapi";
import { apiRoute } from "./api-route";
import {
  participantCsvQuerySchema,
  participantExportContentTypes,
  participantExportFormats,
  participantExportParamsSchema,
  participantExportQuerySchema,
  selectedBookingsExportBodySchema,
  type ParticipantExportFormat,
} from "../../core/contracts/staff-exports";
import { errorResponseSchema } from "../../core/contracts/errors";
import type { ParticipantExport } from "../staff/exports/export-participants";
import { requireRole, type ActorEnv } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";
import type { Context } from "hono";

/** The staff member an audit row names: the session's account. */
function staffOf(c: Context<ActorEnv>) {
  return { id: c.var.actor.user?.userId ?? "", email: c.var.user?.email ?? "" };
}

const staffAnswers = {
  401: json(errorResponseSchema, "No valid staff login"),
  403: json(errorResponseSchema, "Logged in, but not staff"),
  ...errorAnswers,
};

/** The file as an attachment that no browser or proxy keeps (it holds every participant's contact details). */
function fileAnswer(c: Context<ActorEnv>, file: ParticipantExport): Response {
  return c.body(file.body, 200, {
    "Content-Type": file.contentType,
    "Content-Disposition": `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
}

const descriptions = {
  csv: "CSV, one line per person; `dialect=rfc4180` (default: comma, UTF-8 without BOM) or `excel-de` (semicolon, UTF-8 BOM, decimal comma, for German Excel)",
  xlsx: "An Excel workbook with one sheet, one row per person",
  pdf: "A printable participant list: landscape A4, the event on every page, a check column, page numbers",
} as const satisfies Record<ParticipantExportFormat, string>;

/**
 * The back office's exports (decision 029): `GET api/staff/events/{uuid}/participants.{csv,xlsx,pdf}`.
 * One route per format, so another ending is the API's 404. Headers and texts follow Accept-Language.
 */
export function registerStaffExportRoutes(api: ApiRouter) {
  for (const format of participantExportFormats) {
    api.openapi(
      apiRoute({
        method: "get",
        path: `/staff/events/{uuid}/participants.${format}`,
        // A download streams for as long as the browser takes it: it holds no turn.
        facts: { admission: "exempt" },
        tags: ["staff"],
        summary: `The event's participants (every person of each active booking, or of the bookings \`status\` names, with their own answers, vehicles per day and payment) as ${format.toUpperCase()} (staff only)`,
        description: descriptions[format],
        security: [{ bearerAuth: [] }],
        middleware: requireRole("staff"),
        request: { params: participantExportParamsSchema, query: format === "csv" ? participantCsvQuerySchema : participantExportQuerySchema },
        responses: {
          200: {
            description: descriptions[format],
            content: { [participantExportContentTypes[format]]: { schema: z.string().openapi({ format: "binary" }) } },
          },
          ...staffAnswers,
        },
      }),
      async (c) => {
        const query: Record<string, unknown> = c.req.valid("query");
        const dialect = participantCsvQuerySchema.shape.dialect.parse(query.dialect);
        const filter = participantExportQuerySchema.shape.status.parse(query.status);
        const file = await c.var.services.staffExports.participants(c.var.actor, {
          eventId: c.req.valid("param").uuid,
          format,
          dialect,
          filter,
          locale: c.var.locale,
        });
        return fileAnswer(c, file);
      },
    );
  }

  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/bookings/export",
      facts: { admission: "exempt" },
      tags: ["staff"],
      summary: "The people of chosen bookings (up to 500, across events) as one CSV, one line per person (staff only; audited)",
      description:
        "Every id must name a submitted booking, else 404 naming the ones not found and nothing is exported. `dialect` as the event's CSV: `rfc4180` (default) or `excel-de`. Each row names its event; the event's answers and its days are folded into one cell each.",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      request: { body: { content: { "application/json": { schema: selectedBookingsExportBodySchema } }, required: true } },
      responses: {
        200: {
          description: "CSV, one line per person",
          content: { [participantExportContentTypes.csv]: { schema: z.string().openapi({ format: "binary" }) } },
        },
        ...staffAnswers,
      },
    }),
    async (c) => {
      const file = await c.var.services.staffExports.selectedBookings(c.var.actor, { body: c.req.valid("json"), staff: staffOf(c), locale: c.var.locale });
      return fileAnswer(c, file);
    },
  );
}
