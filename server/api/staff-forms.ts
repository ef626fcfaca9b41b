import { apiRoute } from "./api-route";
import { errorResponseSchema } from "../../core/contracts/errors";
import { formDefinitionSchema, publishFormResponseSchema, staffFormParamsSchema, staffFormResponseSchema } from "../../core/contracts/form-definitions";
import { requireRole } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

const bearer = [{ bearerAuth: [] }];
const refusals = { 401: json(errorResponseSchema, "Not logged in"), 403: json(errorResponseSchema, "Not staff with the second factor") };
const invalid = { 422: json(errorResponseSchema, "The definition breaks a rule: errors per `pages.<uuid>.<field>`, `items.<uuid>.<field>` or `form`") };

/** The form builder's definition calls (decision 036): read, save the draft, publish a version. */
export function registerStaffFormRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/events/{uuid}/form",
      tags: ["staff"],
      summary:
        "Give an event without one its booking form: the starter pages (main participant; summary and payment) as a working copy, unpublished (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffFormParamsSchema },
      responses: {
        201: json(staffFormResponseSchema, "The new form"),
        409: json(errorResponseSchema, "The event has a form already"),
        ...refusals,
        ...errorAnswers,
      },
    }),
    async (c) =>
      c.json(
        { data: await c.var.services.staffForms.createForEvent(c.var.actor, { eventId: c.req.valid("param").uuid, staffEmail: c.var.user?.email ?? "" }) },
        201,
      ),
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/forms/{uuid}",
      tags: ["staff"],
      summary: "A form's draft definition, its published versions and whether the draft differs from the latest (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffFormParamsSchema },
      responses: { 200: json(staffFormResponseSchema, "The form"), ...refusals, ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffForms.read(c.var.actor, { formId: c.req.valid("param").uuid }) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "put",
      path: "/staff/forms/{uuid}",
      tags: ["staff"],
      summary: "Replace the form's draft with the whole definition; checked by the kinds' options and the whole-form rules (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffFormParamsSchema, body: { content: { "application/json": { schema: formDefinitionSchema } }, required: true } },
      responses: { 200: json(staffFormResponseSchema, "The saved form"), ...invalid, ...refusals, ...errorAnswers },
    }),
    async (c) =>
      c.json(
        {
          data: await c.var.services.staffForms.saveDraft(c.var.actor, {
            formId: c.req.valid("param").uuid,
            definition: c.req.valid("json"),
            staffEmail: c.var.user?.email ?? "",
            locale: c.var.locale,
          }),
        },
        200,
      ),
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/forms/{uuid}/publish",
      tags: ["staff"],
      summary: "Publish the draft as the form's next version (refused with the same errors when invalid); bookings keep their version (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffFormParamsSchema },
      responses: { 200: json(publishFormResponseSchema, "The form with the published version"), ...invalid, ...refusals, ...errorAnswers },
    }),
    async (c) =>
      c.json(
        {
          data: await c.var.services.staffForms.publish(c.var.actor, {
            formId: c.req.valid("param").uuid,
            staffEmail: c.var.user?.email ?? "",
            locale: c.var.locale,
          }),
        },
        200,
      ),
  );
}
