import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { errorResponseSchema } from "../../core/contracts/errors";
import { staffAuditListResponseSchema, staffAuditQueryFields, staffAuditQuerySchema, type StaffAuditQuery } from "../../core/contracts/staff-audit";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { AppError } from "../errors";
import { requireRole, type ActorEnv } from "./actor";
import { apiRoute } from "./api-route";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

const adminAnswers = {
  401: json(errorResponseSchema, "No valid staff login"),
  403: json(errorResponseSchema, "Logged in, but not an admin"),
  ...errorAnswers,
};

/** The query, checked: a bad one is the API's 422 with each field's message in the caller's language. */
function queryOf(c: Context<ActorEnv>): StaffAuditQuery {
  const parsed = staffAuditQuerySchema.safeParse(c.req.query());
  if (!parsed.success) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: fieldErrorsOf(parsed.error, c.var.locale) });
  return parsed.data;
}

/** The staff audit log (issue 31, decision 078): `GET api/staff/audit` and `GET api/staff/audit.csv`. Admins only. */
export function registerStaffAuditRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/audit",
      tags: ["staff"],
      summary:
        "The staff audit log, newest first, filtered by person (`person`, an account's uuid), kind and operator days (`from`/`to`), 50 a page; admins only",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("admin"),
      request: { query: staffAuditQueryFields.partial() },
      responses: { 200: json(staffAuditListResponseSchema, "One page of the log, in the caller's language"), ...adminAnswers },
    }),
    async (c) => c.json(await c.var.services.staffAudit.list(c.var.actor, { query: queryOf(c), locale: c.var.locale }), 200),
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/audit.csv",
      tags: ["staff"],
      summary: "The filtered staff audit log as CSV (the same filters, no paging), itself written to the log; admins only",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("admin"),
      request: { query: staffAuditQueryFields.partial() },
      responses: {
        200: { description: "The log as CSV", content: { "text/csv": { schema: z.string().openapi({ format: "binary" }) } } },
        ...adminAnswers,
      },
    }),
    async (c) => {
      const { page: _page, per_page: _perPage, ...filter } = queryOf(c);
      const file = await c.var.services.staffAudit.export(c.var.actor, { filter, locale: c.var.locale });
      return c.body(file.body, 200, {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        "Cache-Control": "no-store",
      });
    },
  );
}
