import { apiRoute } from "./api-route";
import { errorResponseSchema } from "../../core/contracts/errors";
import { manageWaiverParamsSchema, recordPaperWaiverSchema, saveWaiverTextSchema, setEventWaiverSchema, signWaiverSchema, waiverSignedResponseSchema, waiverTokenParamsSchema } from "../../core/contracts/waivers";
import { z } from "zod";
import { clientAddressOf } from "../http/forwarded-request";
import { optionalActor, requireRole } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";
import { staffOf } from "./staff-actions";

const body = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const signAnswers = {
  ...errorAnswers,
  404: json(errorResponseSchema, "Not a sign link, or no such person in the manage link's booking"),
  409: json(errorResponseSchema, "Signed already, no waiver asked of this person, or the text has a newer version; nothing stored"),
  410: json(errorResponseSchema, "The link was valid and is no more: revoked by a newer link, or the event is over"),
};

/** Waivers (issue 31, decision 080): signing through a person's sign link or the manage link, and staff's paper waivers. */
export function registerWaiverRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "post",
      path: "/waivers/{token}",
      tags: ["bookings"],
      summary: "Sign the event's waiver as the person the sign link names: full name, date of birth, a drawn signature (PNG data URL) or the tick",
      middleware: optionalActor(),
      request: { params: waiverTokenParamsSchema, ...body(signWaiverSchema) },
      responses: { 201: json(waiverSignedResponseSchema, "The stored signature"), ...signAnswers },
    }),
    async (c) => {
      const data = await c.var.services.waivers.sign(c.var.actor, {
        ...c.req.valid("json"),
        access: { waiverToken: c.req.valid("param").token },
        locale: c.var.locale,
        ipAddress: clientAddressOf(c),
        userAgent: c.req.header("user-agent") ?? null,
      });
      return c.json({ data }, 201);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/booking/manage/{token}/waivers/{participantId}",
      tags: ["bookings"],
      summary: "Sign the event's waiver for one person of the booking the manage link opens",
      middleware: optionalActor(),
      request: { params: manageWaiverParamsSchema, ...body(signWaiverSchema) },
      responses: { 201: json(waiverSignedResponseSchema, "The stored signature"), ...signAnswers },
    }),
    async (c) => {
      const { token, participantId } = c.req.valid("param");
      const data = await c.var.services.waivers.sign(c.var.actor, {
        ...c.req.valid("json"),
        access: { manageToken: token, participantId },
        locale: c.var.locale,
        ipAddress: clientAddressOf(c),
        userAgent: c.req.header("user-agent") ?? null,
      });
      return c.json({ data }, 201);
    },
  );
  const staffAnswers = {
    ...errorAnswers,
    401: json(errorResponseSchema, "Not logged in"),
    403: json(errorResponseSchema, "Not staff"),
    404: json(errorResponseSchema, "No such waiver text or event"),
  };
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/waivers",
      tags: ["staff"],
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      summary: "A new waiver text, or (with waiver_id) a new version of one, in every language; versions are never changed (staff; audited)",
      request: body(saveWaiverTextSchema),
      responses: { 201: json(z.object({ data: z.object({ waiverId: z.string().uuid(), versionId: z.string().uuid(), version: z.number().int() }) }), "The saved version"), ...staffAnswers },
    }),
    async (c) => {
      const data = await c.var.services.waivers.saveText(c.var.actor, { ...c.req.valid("json"), staffEmail: staffOf(c).email });
      return c.json({ data }, 201);
    },
  );
  api.openapi(
    apiRoute({
      method: "put",
      path: "/staff/events/{uuid}/waiver",
      tags: ["staff"],
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      summary: "The waiver the event asks for and of which person types; waiver_id null takes it off (staff; audited)",
      request: { params: z.object({ uuid: z.string().uuid() }), ...body(setEventWaiverSchema) },
      responses: { 204: { description: "Saved" }, ...staffAnswers },
    }),
    async (c) => {
      await c.var.services.waivers.setForEvent(c.var.actor, { ...c.req.valid("json"), eventId: c.req.valid("param").uuid, staffEmail: staffOf(c).email });
      return c.body(null, 204);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/bookings/{uuid}/waivers/paper",
      tags: ["staff"],
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      summary: "Record a waiver signed on paper for one person of the booking (staff; audited)",
      request: { params: z.object({ uuid: z.string().uuid() }), ...body(recordPaperWaiverSchema) },
      responses: {
        201: json(waiverSignedResponseSchema, "The recorded waiver"),
        ...errorAnswers,
        401: json(errorResponseSchema, "Not logged in"),
        403: json(errorResponseSchema, "Not staff"),
        404: json(errorResponseSchema, "No such booking or person"),
        409: json(errorResponseSchema, "Signed already, or the event asks no waiver"),
      },
    }),
    async (c) => {
      const data = await c.var.services.waivers.recordPaper(c.var.actor, { ...c.req.valid("json"), bookingId: c.req.valid("param").uuid, staff: staffOf(c) });
      return c.json({ data }, 201);
    },
  );
}
