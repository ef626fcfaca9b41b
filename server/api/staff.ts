import { apiRoute } from "./api-route";
import { z } from "zod";
import { requireRole } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

export const smaDecisionParamsSchema = z.object({ uuid: z.string().uuid(), decision: z.enum(["verify", "reject"]) });
export const smaDecisionBodySchema = z.object({ note: z.string().trim().max(2000).optional() }).strict();
export const smaDecisionResponseSchema = z.object({ data: z.object({ uuid: z.string().uuid(), status: z.enum(["confirmed", "rejected"]) }) });

/** Staff calls (the back-office screens come later): decide an SMA request after the phone call. */
export function registerStaffRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/bookings/{uuid}/sma/{decision}",
      tags: ["staff"],
      summary: "Verify or reject an SMA booking request (staff only). Verified: confirmed, the customer gets a link to pay. Rejected: places released.",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      request: { params: smaDecisionParamsSchema, body: { content: { "application/json": { schema: smaDecisionBodySchema } }, required: false } },
      responses: { 200: json(smaDecisionResponseSchema, "The decided booking"), ...errorAnswers },
    }),
    async (c) => {
      const { uuid, decision } = c.req.valid("param");
      const body = c.req.header("content-type")?.includes("application/json") ? c.req.valid("json") : {};
      const result = await c.var.services.bookings.decideSma(c.var.actor, {
        bookingId: uuid,
        decision,
        staff: { id: c.var.actor.user?.userId ?? "", email: c.var.user?.email ?? "" },
        note: body.note,
      });
      return c.json({ data: { uuid, status: result.status } }, 200);
    },
  );
}
