import { apiRoute } from "./api-route";
import { errorResponseSchema } from "../../core/contracts/errors";
import { callAttemptBodySchema, callAttemptParamsSchema, callAttemptResponseSchema, callBacksResponseSchema } from "../../core/contracts/staff-call-backs";
import { requireRole } from "./actor";
import type { ApiRouter } from "./api-app";
import { json } from "./openapi-answers";
import { staffErrorAnswers } from "./staff-dashboard";

/**
 * The call-back queue (issue 13; decision 031): pending SMA requests and the call attempts noted on
 * them. Deciding a request stays `POST /staff/bookings/{uuid}/sma/{decision}` (staff.ts).
 */
export function registerStaffCallBackRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/call-backs",
      tags: ["staff"],
      summary: "SMA requests waiting for a call, oldest first, with phone (as typed and E.164), summary and call attempts (staff only)",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      responses: { 200: json(callBacksResponseSchema, "The queue"), ...staffErrorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffCallBacks.list(c.var.actor, { locale: c.var.locale }) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/bookings/{uuid}/call-attempts",
      tags: ["staff"],
      summary: "Note a call attempt on a pending SMA request: outcome and note, with the staff member and time; audited (staff only)",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      request: { params: callAttemptParamsSchema, body: { content: { "application/json": { schema: callAttemptBodySchema } }, required: true } },
      responses: {
        201: json(callAttemptResponseSchema, "The attempt noted"),
        ...staffErrorAnswers,
        404: json(errorResponseSchema, "No such booking"),
        409: json(errorResponseSchema, "The booking has no SMA request waiting for a decision"),
        422: json(errorResponseSchema, "Invalid input: `errors` holds the messages per field"),
      },
    }),
    async (c) => {
      const attempt = await c.var.services.staffCallBacks.recordAttempt(c.var.actor, {
        bookingId: c.req.valid("param").uuid,
        attempt: c.req.valid("json"),
        staff: { id: c.var.actor.user?.userId ?? "", email: c.var.user?.email ?? "" },
      });
      return c.json({ data: attempt }, 201);
    },
  );
}
