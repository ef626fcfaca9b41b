import { apiRoute } from "./api-route";
import {
  formParamsSchema,
  publicFormQuerySchema,
  publicFormResponseSchema,
  reservedVehiclesParamsSchema,
  reservedVehiclesResponseSchema,
} from "../../core/contracts/forms";
import { optionalActor } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

export function registerFormRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "get",
      path: "/form/public/{uuid}",
      facts: { cache: "public" },
      tags: ["forms"],
      summary:
        "A booking form with its pages and items. `?preview` shows the form of an unpublished event to staff (a staff bearer token); anyone else gets the published form or 404, as without it",
      middleware: optionalActor(),
      request: { params: formParamsSchema, query: publicFormQuerySchema },
      responses: { 200: json(publicFormResponseSchema, "The form"), ...errorAnswers },
    }),
    async (c) => {
      const { preview } = c.req.valid("query");
      // Asked for; honoured for staff only (core/domain/permissions.ts): a preview bypasses the published check.
      const asked = preview !== undefined && preview !== "0" && preview !== "false";
      return c.json({ data: await c.var.services.getPublicForm(c.var.locale, c.req.valid("param").uuid, asked, c.var.actor) }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/form/reserved-vehicles/{id}",
      facts: { cache: "public" },
      tags: ["forms"],
      summary: "Stock and use of each per-day vehicle and resource of the form's event",
      request: { params: reservedVehiclesParamsSchema },
      responses: { 200: json(reservedVehiclesResponseSchema, "Reserved vehicles"), ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.getReservedVehicles(c.req.valid("param").id) }, 200),
  );
}
