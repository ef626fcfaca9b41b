import { apiRoute, documentedRoute, routeFacts } from "./api-route";
import { z } from "zod";
import { errorResponseSchema } from "../../core/contracts/errors";
import {
  staffBookingDetailResponseSchema,
  staffBookingParamsSchema,
  staffBookingsQuerySchema,
  staffBookingsResponseSchema,
  staffBookingUploadParamsSchema,
} from "../../core/contracts/staff-bookings";
import { AppError } from "../errors";
import { requireRole } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

const staffAnswers = {
  401: json(errorResponseSchema, "No live session"),
  403: json(errorResponseSchema, "Not a staff account"),
  ...errorAnswers,
};

const uploadRoute = documentedRoute({
  method: "get",
  path: "/staff/bookings/{uuid}/uploads/{uploadUuid}",
  tags: ["staff"],
  summary: "A file uploaded to a booking, as a download (attachment, nosniff, no-store); staff only",
  security: [{ bearerAuth: [] }],
  request: { params: staffBookingUploadParamsSchema },
  responses: {
    200: { content: { "application/octet-stream": { schema: z.string().meta({ type: "string", format: "binary" }) } }, description: "The file's bytes" },
    ...staffAnswers,
  },
});

/** The staff desk's bookings (issue 13, decision 028): the list, one booking in full, its files. */
export function registerStaffBookingRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/bookings",
      tags: ["staff"],
      summary:
        "Submitted bookings (never drafts), 50 a page with the total count: search by code or the start of a name, e-mail or phone; filter by event, status, payment option or state, submitted from/to (Berlin days); staff only",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      request: { query: staffBookingsQuerySchema },
      responses: { 200: json(staffBookingsResponseSchema, "One page of bookings"), ...staffAnswers },
    }),
    async (c) => {
      const page = await c.var.services.staffBookings.list(c.var.actor, { query: c.req.valid("query"), locale: c.var.locale });
      return c.json(page, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/bookings/{uuid}",
      tags: ["staff"],
      summary:
        "A submitted booking in full: answers, people, vehicles per day, uploads, payments, invoices, e-mails sent and the audit trail; staff only (a draft is not found)",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      request: { params: staffBookingParamsSchema },
      responses: { 200: json(staffBookingDetailResponseSchema, "The booking"), ...staffAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffBookings.read(c.var.actor, { bookingId: c.req.valid("param").uuid, locale: c.var.locale });
      return c.json({ data }, 200);
    },
  );
  // Documented from the contract, answered as a stream (a video may be large).
  api.openAPIRegistry.registerPath(uploadRoute);
  // A download streams for as long as the browser takes it: it holds no turn.
  api.get("/staff/bookings/:uuid/uploads/:uploadUuid", routeFacts({ admission: "exempt" }), requireRole("staff"), async (c) => {
    const params = staffBookingUploadParamsSchema.safeParse(c.req.param());
    if (!params.success) throw new AppError("NOT_FOUND", "notFound");
    const file = await c.var.services.staffBookings.uploadFile(c.var.actor, { bookingId: params.data.uuid, uploadId: params.data.uploadUuid });
    // The verb opened the file from the store (a missing one is "not found" there, not a broken stream).
    return new Response(file.body, {
      headers: {
        // A download only, never rendered by the browser (the type was sniffed from the bytes at upload).
        "Content-Type": file.mediaType,
        "Content-Length": String(file.sizeBytes),
        "Content-Disposition": `attachment; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  });
}
