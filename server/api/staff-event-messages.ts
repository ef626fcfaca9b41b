import { apiRoute } from "./api-route";
import { errorResponseSchema } from "../../core/contracts/errors";
import {
  eventMessageBodySchema,
  eventMessageHistoryResponseSchema,
  eventMessageParamsSchema,
  eventMessagePreviewResponseSchema,
  eventMessageSentResponseSchema,
} from "../../core/contracts/event-messages";
import { requireRole } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";
import { staffOf } from "./staff-actions";

const body = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const staffAnswers = {
  ...errorAnswers,
  401: json(errorResponseSchema, "Not logged in"),
  403: json(errorResponseSchema, "Not staff"),
  404: json(errorResponseSchema, "No such event"),
  409: json(errorResponseSchema, "The message reaches no booking; nothing sent"),
};
const staffRoute = { tags: ["staff"], security: [{ bearerAuth: [] }], middleware: requireRole("staff") };

/** Messages to an event's participants (issue 31): thin, each calls one verb through `services.staffActions`. */
export function registerEventMessageRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "post",
      path: "/staff/events/{uuid}/messages",
      summary: "One plain-text message to the event's active bookings (or those nothing or not all is paid for), each in its own language (staff).",
      request: { params: eventMessageParamsSchema, ...body(eventMessageBodySchema) },
      responses: { 200: json(eventMessageSentResponseSchema, "How many bookings were written to"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const message = c.req.valid("json");
      const data = await c.var.services.staffActions.sendEventMessage(c.var.actor, { eventId: uuid, message, staff: staffOf(c) });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "post",
      path: "/staff/events/{uuid}/messages/preview",
      summary: "The message as the first booking it reaches would get it, and how many it reaches; sends nothing (staff).",
      request: { params: eventMessageParamsSchema, ...body(eventMessageBodySchema) },
      responses: { 200: json(eventMessagePreviewResponseSchema, "The preview"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const message = c.req.valid("json");
      const data = await c.var.services.staffActions.previewEventMessage(c.var.actor, { eventId: uuid, message });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "get",
      path: "/staff/events/{uuid}/messages",
      summary: "The messages sent to the event's participants, newest first (staff).",
      request: { params: eventMessageParamsSchema },
      responses: { 200: json(eventMessageHistoryResponseSchema, "The event's sent messages"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const data = await c.var.services.staffActions.listEventMessages(c.var.actor, { eventId: uuid });
      return c.json({ data }, 200);
    },
  );
}
