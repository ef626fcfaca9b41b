import { apiRoute } from "./api-route";
import { errorResponseSchema } from "../../core/contracts/errors";
import {
  emailTextDetailResponseSchema,
  emailTextListResponseSchema,
  emailTextParamsSchema,
  emailTextPreviewBodySchema,
  emailTextPreviewResponseSchema,
  emailTextUpdateBodySchema,
} from "../../core/contracts/staff-email-texts";
import { requireRole } from "./actor";
import type { ApiRouter } from "./api-app";
import { json } from "./openapi-answers";
import { staffErrorAnswers } from "./staff-dashboard";

const path = "/staff/email-texts/{template}/{locale}";
const notFound = { 404: json(errorResponseSchema, "No editable e-mail of this name, or no such language") };
const invalid = {
  422: json(errorResponseSchema, "Invalid input: `errors` holds the messages per field (unknown placeholder, line break in a one-line text …)"),
};

/** The e-mail texts staff reword per template and language (issue 14; decision 037). Verbs in server/staff/content/. */
export function registerStaffEmailTextRoutes(api: ApiRouter) {
  const staffEmail = (user: { email: string } | null | undefined) => user?.email ?? "";
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/email-texts",
      tags: ["staff"],
      summary: "The editable e-mails, with the fields staff have reworded per language (staff only)",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      responses: { 200: json(emailTextListResponseSchema, "The e-mails"), ...staffErrorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffEmailTexts.list(c.var.actor) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "get",
      path,
      tags: ["staff"],
      summary: "One e-mail's texts in a language: each field's default and staff's override, and the placeholders (staff only)",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      request: { params: emailTextParamsSchema },
      responses: { 200: json(emailTextDetailResponseSchema, "The texts"), ...staffErrorAnswers, ...notFound },
    }),
    async (c) => c.json({ data: await c.var.services.staffEmailTexts.read(c.var.actor, c.req.valid("param")) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "put",
      path,
      tags: ["staff"],
      summary: "Save staff's texts (an empty text: back to the default); audited (staff only)",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      request: { params: emailTextParamsSchema, body: { content: { "application/json": { schema: emailTextUpdateBodySchema } }, required: true } },
      responses: { 200: json(emailTextDetailResponseSchema, "The texts as saved"), ...staffErrorAnswers, ...notFound, ...invalid },
    }),
    async (c) => {
      const data = await c.var.services.staffEmailTexts.save(c.var.actor, {
        ...c.req.valid("param"),
        body: c.req.valid("json"),
        staffEmail: staffEmail(c.var.user),
        requestLocale: c.var.locale,
      });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "delete",
      path,
      tags: ["staff"],
      summary: "Reset to default: delete every override of the e-mail in the language; audited (staff only)",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      request: { params: emailTextParamsSchema },
      responses: { 200: json(emailTextDetailResponseSchema, "The texts, all default again"), ...staffErrorAnswers, ...notFound },
    }),
    async (c) =>
      c.json({ data: await c.var.services.staffEmailTexts.reset(c.var.actor, { ...c.req.valid("param"), staffEmail: staffEmail(c.var.user) }) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: `${path}/preview`,
      tags: ["staff"],
      summary: "Render the e-mail (subject, HTML, text) with unsaved or saved texts, for a booking by its code or with sample data; sends nothing (staff only)",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      request: { params: emailTextParamsSchema, body: { content: { "application/json": { schema: emailTextPreviewBodySchema } }, required: true } },
      responses: { 200: json(emailTextPreviewResponseSchema, "The rendered mail"), ...staffErrorAnswers, ...notFound, ...invalid },
    }),
    async (c) => {
      const data = await c.var.services.staffEmailTexts.preview(c.var.actor, {
        ...c.req.valid("param"),
        body: c.req.valid("json"),
        requestLocale: c.var.locale,
      });
      return c.json({ data }, 200);
    },
  );
}
