import { apiRoute } from "./api-route";
import { z } from "zod";
import { errorResponseSchema } from "../../core/contracts/errors";
import {
  staffPageInputSchema,
  staffPageMoveSchema,
  staffPageParamsSchema,
  staffPagePublicationSchema,
  staffPageResponseSchema,
  staffPagesResponseSchema,
} from "../../core/contracts/pages";
import { siteSettingsResponseSchema, siteSettingsSchema } from "../../core/contracts/site";
import { requireRole, staffCallerOf } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

const body = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const bearer = [{ bearerAuth: [] }];
const staffRefusals = { 401: json(errorResponseSchema, "Not logged in"), 403: json(errorResponseSchema, "Not staff with the second factor") };
const adminRefusals = { 401: json(errorResponseSchema, "Not logged in"), 403: json(errorResponseSchema, "Not an admin with the second factor") };

/** Bytes a content page's save may send: every language's HTML (a long privacy policy twice), not more. */
export const maximumPageBodyBytes = 1024 * 1024;

/** The back office's site settings (admins) and content pages (staff), decision 035. */
export function registerStaffContentRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/site",
      tags: ["staff"],
      summary: "The site settings: legal notice, support, money rules, VAT, bank details, widget partners (admins only)",
      security: bearer,
      middleware: requireRole("admin"),
      responses: { 200: json(siteSettingsResponseSchema, "The settings"), ...adminRefusals, ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffSite.read(c.var.actor) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "put",
      path: "/staff/site",
      tags: ["staff"],
      summary: "Save every site setting at once; audited; the public pages show it at once (admins only)",
      security: bearer,
      middleware: requireRole("admin"),
      request: body(siteSettingsSchema),
      responses: { 200: json(siteSettingsResponseSchema, "The saved settings"), ...adminRefusals, ...errorAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffSite.update(c.var.actor, { settings: c.req.valid("json"), actorEmail: c.var.user?.email ?? "" });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/pages",
      tags: ["staff"],
      summary: "Every content page, published or not, in footer order (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      responses: { 200: json(staffPagesResponseSchema, "The pages"), ...staffRefusals, ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffPages.list(c.var.actor) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/pages",
      facts: { bodyLimit: maximumPageBodyBytes },
      tags: ["staff"],
      summary: "Create a content page in every language (unpublished, last in the menu); empty slugs are made from the names (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: body(staffPageInputSchema),
      responses: { 201: json(staffPageResponseSchema, "The new page"), ...staffRefusals, ...errorAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffPages.create(c.var.actor, {
        change: c.req.valid("json"),
        ...staffCallerOf(c),
      });
      return c.json({ data }, 201);
    },
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/pages/{uuid}",
      tags: ["staff"],
      summary: "One content page with every language's name, slug and content (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffPageParamsSchema },
      responses: { 200: json(staffPageResponseSchema, "The page"), ...staffRefusals, ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffPages.read(c.var.actor, { pageId: c.req.valid("param").uuid }) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "put",
      path: "/staff/pages/{uuid}",
      facts: { bodyLimit: maximumPageBodyBytes },
      tags: ["staff"],
      summary: "Save a content page's languages and its phone flag; content sanitized (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffPageParamsSchema, ...body(staffPageInputSchema) },
      responses: { 200: json(staffPageResponseSchema, "The saved page"), ...staffRefusals, ...errorAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffPages.update(c.var.actor, {
        pageId: c.req.valid("param").uuid,
        change: c.req.valid("json"),
        ...staffCallerOf(c),
      });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "delete",
      path: "/staff/pages/{uuid}",
      tags: ["staff"],
      summary: "Delete a content page (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffPageParamsSchema },
      responses: { 200: json(z.object({ data: z.object({ uuid: z.string().uuid() }) }), "Deleted"), ...staffRefusals, ...errorAnswers },
    }),
    async (c) => {
      const pageId = c.req.valid("param").uuid;
      await c.var.services.staffPages.remove(c.var.actor, { pageId, actorEmail: c.var.user?.email ?? "" });
      return c.json({ data: { uuid: pageId } }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/pages/{uuid}/publication",
      tags: ["staff"],
      summary: "Publish a content page (it joins the footer menu) or take it back (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffPageParamsSchema, ...body(staffPagePublicationSchema) },
      responses: { 200: json(staffPageResponseSchema, "The page"), ...staffRefusals, ...errorAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffPages.publish(c.var.actor, {
        pageId: c.req.valid("param").uuid,
        published: c.req.valid("json").published,
        actorEmail: c.var.user?.email ?? "",
      });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/pages/{uuid}/move",
      tags: ["staff"],
      summary: "Move a content page one place up or down in the footer menu; answers every page in the new order (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffPageParamsSchema, ...body(staffPageMoveSchema) },
      responses: { 200: json(staffPagesResponseSchema, "The pages in their new order"), ...staffRefusals, ...errorAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffPages.move(c.var.actor, {
        pageId: c.req.valid("param").uuid,
        direction: c.req.valid("json").direction,
        actorEmail: c.var.user?.email ?? "",
      });
      return c.json({ data }, 200);
    },
  );
}
