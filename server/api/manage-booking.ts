import { createRoute } from "@hono/zod-openapi";
import { errorResponseSchema } from "../../core/contracts/errors";
import { laterDetailsBodySchema, manageBookingParamsSchema, manageBookingResponseSchema } from "../../core/contracts/manage-booking";
import { optionalActor } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./public-content";

const linkAnswers = {
  404: json(errorResponseSchema, "Not a link to a booking (wrong, malformed, or never handed out)"),
  410: json(errorResponseSchema, "The link was valid and is no more: revoked by a newer link, or the event is over"),
};

/** "Manage my booking" (decision 023): the signed link's token is the credential, beside an optional login. */
export function registerManageBookingRoutes(api: ApiRouter) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/booking/manage/{token}",
      tags: ["bookings"],
      summary: "The booking a manage link opens, as its page shows it: status, event, people, answers, uploads, vehicles, money, invoice, later details",
      middleware: optionalActor(),
      request: { params: manageBookingParamsSchema },
      responses: { 200: json(manageBookingResponseSchema, "The booking"), ...errorAnswers, ...linkAnswers },
    }),
    async (c) => {
      const data = await c.var.services.manage.view(c.var.actor, { token: c.req.valid("param").token, locale: c.var.locale });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    createRoute({
      method: "put",
      path: "/booking/manage/{token}/details",
      tags: ["bookings"],
      summary:
        "Answer the items that may be completed later (options.completableLater), after checkout and until the form's deadline; errors per item uuid (422), 409 after the deadline",
      middleware: optionalActor(),
      request: { params: manageBookingParamsSchema, body: { content: { "application/json": { schema: laterDetailsBodySchema } }, required: true } },
      responses: {
        200: json(manageBookingResponseSchema, "The booking with the saved details"),
        409: json(errorResponseSchema, "The deadline for these details has passed"),
        ...errorAnswers,
        ...linkAnswers,
      },
    }),
    async (c) => {
      const data = await c.var.services.manage.saveLaterDetails(c.var.actor, {
        token: c.req.valid("param").token,
        answers: c.req.valid("json").answers,
        locale: c.var.locale,
      });
      return c.json({ data }, 200);
    },
  );
}
