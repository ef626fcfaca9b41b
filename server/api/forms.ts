import { createRoute } from "@hono/zod-openapi";
import {
  formParamsSchema,
  publicFormQuerySchema,
  publicFormResponseSchema,
  reservedVehiclesParamsSchema,
  reservedVehiclesResponseSchema,
} from "../../core/contracts/forms";
import type { Context } from "hono";
import type { ApiEnv, ApiRouter } from "./api-app";
import { errorAnswers, json } from "./public-content";

/** Whether the request carries a staff member's bearer token (the same check as the staff API's). */
async function isStaffRequest(c: Context<ApiEnv>): Promise<boolean> {
  const header = c.req.header("authorization") ?? "";
  if (!header.startsWith("Bearer ")) return false;
  const session = await c.var.services.accounts.authenticate(header.slice("Bearer ".length).trim());
  return session?.user.role === "staff";
}

export function registerFormRoutes(api: ApiRouter) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/form/public/{uuid}",
      tags: ["forms"],
      summary:
        "A booking form with its pages and items. `?preview` shows the form of an unpublished event to staff (a staff bearer token); anyone else gets the published form or 404, as without it",
      request: { params: formParamsSchema, query: publicFormQuerySchema },
      responses: { 200: json(publicFormResponseSchema, "The form"), ...errorAnswers },
    }),
    async (c) => {
      const { preview } = c.req.valid("query");
      // Asked for and allowed: a preview bypasses the published check, so only staff get one.
      const isPreview = preview !== undefined && preview !== "0" && preview !== "false" && (await isStaffRequest(c));
      return c.json({ data: await c.var.services.getPublicForm(c.var.locale, c.req.valid("param").uuid, isPreview) }, 200);
    },
  );
  api.openapi(
    createRoute({
      method: "get",
      path: "/form/reserved-vehicles/{id}",
      tags: ["forms"],
      summary: "Stock and use of each per-day vehicle and resource of the form's event",
      request: { params: reservedVehiclesParamsSchema },
      responses: { 200: json(reservedVehiclesResponseSchema, "Reserved vehicles"), ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.getReservedVehicles(c.req.valid("param").id) }, 200),
  );
}
