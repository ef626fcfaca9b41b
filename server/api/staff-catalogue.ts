import { apiRoute, documentedRoute, routeFacts } from "./api-route";
import { z } from "zod";
import { errorResponseSchema } from "../../core/contracts/errors";
import {
  staffCategoriesResponseSchema,
  staffCategoryInputSchema,
  staffCategoryMoveSchema,
  staffCategoryParamsSchema,
  staffCategoryResponseSchema,
  staffEventDuplicateSchema,
  staffEventImageFormSchema,
  staffEventInputSchema,
  staffEventParamsSchema,
  staffEventResponseSchema,
  staffEventsQuerySchema,
  staffEventsResponseSchema,
  staffEventStateSchema,
} from "../../core/contracts/staff-catalogue";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { AppError } from "../errors";
import { requireRole, staffCallerOf } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

const body = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const bearer = [{ bearerAuth: [] }];
const refusals = { 401: json(errorResponseSchema, "Not logged in"), 403: json(errorResponseSchema, "Not staff with the second factor") };
const staff = { tags: ["staff"], security: bearer, middleware: requireRole("staff") };
const deletedResponseSchema = z.object({ data: z.object({ id: z.number().int(), deleted: z.literal(true) }) });

const imageRoute = documentedRoute({
  ...staff,
  method: "post",
  path: "/staff/events/{uuid}/image",
  summary:
    "Upload the event's image (JPEG, PNG or WebP by its bytes, at most 10 MB, at least 480×300): resized to 480/960/1600 px wide WebP and JPEG (16:10), " +
    "shown instead of image_url. An English alt text is required: posted as `image_alt.en` or already stored",
  request: { params: staffEventParamsSchema, body: { content: { "multipart/form-data": { schema: staffEventImageFormSchema } }, required: true } },
  responses: {
    200: json(staffEventResponseSchema, "The event with its image's files"),
    413: json(errorResponseSchema, "Larger than 10 MB"),
    ...refusals,
    ...errorAnswers,
  },
});

/** The back office's catalogue (issue 14, decision 034): event categories and events, staff only, every change audited. */
export function registerStaffCatalogueRoutes(api: ApiRouter) {
  // Documented from the contract, but not through `api.openapi`: its validator would read the body
  // before the role is checked. The event page's script calls it with the session cookie (origin-checked).
  api.openAPIRegistry.registerPath(imageRoute);
  // Multipart, at most 10 MB, cut off while it streams (read-image-upload.ts).
  api.post("/staff/events/:uuid/image", routeFacts({ bodyLimit: "streamed" }), requireRole("staff", { orSessionCookie: true }), async (c) => {
    const params = staffEventParamsSchema.safeParse(c.req.param());
    if (!params.success) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: fieldErrorsOf(params.error, c.var.locale) });
    const body = c.req.raw.body;
    if (!body) throw new AppError("BAD_REQUEST", "invalidRequest");
    const contentLength = Number(c.req.header("content-length"));
    const data = await c.var.services.staffCatalogue.setEventImage(c.var.actor, {
      eventId: params.data.uuid,
      stream: body,
      contentType: c.req.header("content-type") ?? "",
      contentLength: Number.isSafeInteger(contentLength) && contentLength > 0 ? contentLength : undefined,
      ...staffCallerOf(c),
    });
    return c.json({ data }, 200);
  });
  api.openapi(
    apiRoute({
      ...staff,
      method: "delete",
      path: "/staff/events/{uuid}/image",
      summary: "Take the event's uploaded image away: it shows its image_url again",
      request: { params: staffEventParamsSchema },
      responses: { 200: json(staffEventResponseSchema, "The event"), ...refusals, ...errorAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffCatalogue.removeEventImage(c.var.actor, { eventId: c.req.valid("param").uuid, ...staffCallerOf(c) });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      ...staff,
      method: "get",
      path: "/staff/categories",
      summary: "Every event category with each language's name, slug and description, its number of events and what is left to translate",
      responses: { 200: json(staffCategoriesResponseSchema, "The categories"), ...refusals, ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffCatalogue.listCategories(c.var.actor) }, 200),
  );
  api.openapi(
    apiRoute({
      ...staff,
      method: "post",
      path: "/staff/categories",
      summary: "Create an event category; empty slugs are made from the names; a slug taken in its language is the field's error",
      request: body(staffCategoryInputSchema),
      responses: { 201: json(staffCategoryResponseSchema, "The new category"), ...refusals, ...errorAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffCatalogue.createCategory(c.var.actor, {
        category: c.req.valid("json"),
        ...staffCallerOf(c),
      });
      return c.json({ data }, 201);
    },
  );
  api.openapi(
    apiRoute({
      ...staff,
      method: "put",
      path: "/staff/categories/{id}",
      summary: "Change an event category's translations",
      request: { params: staffCategoryParamsSchema, ...body(staffCategoryInputSchema) },
      responses: { 200: json(staffCategoryResponseSchema, "The changed category"), ...refusals, ...errorAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffCatalogue.updateCategory(c.var.actor, {
        categoryId: c.req.valid("param").id,
        category: c.req.valid("json"),
        ...staffCallerOf(c),
      });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      ...staff,
      method: "delete",
      path: "/staff/categories/{id}",
      summary: "Delete an event category that has no events (archived ones count)",
      request: { params: staffCategoryParamsSchema },
      responses: { 200: json(deletedResponseSchema, "Deleted"), 409: json(errorResponseSchema, "The category has events"), ...refusals, ...errorAnswers },
    }),
    async (c) => {
      const categoryId = c.req.valid("param").id;
      await c.var.services.staffCatalogue.deleteCategory(c.var.actor, { categoryId, ...staffCallerOf(c) });
      return c.json({ data: { id: categoryId, deleted: true as const } }, 200);
    },
  );
  api.openapi(
    apiRoute({
      ...staff,
      method: "post",
      path: "/staff/categories/{id}/move",
      summary: "Move an event category one place up or down in the menu order (the public category pills follow it); answers every category in the new order",
      request: { params: staffCategoryParamsSchema, ...body(staffCategoryMoveSchema) },
      responses: { 200: json(staffCategoriesResponseSchema, "The categories in their new order"), ...refusals, ...errorAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffCatalogue.moveCategory(c.var.actor, {
        categoryId: c.req.valid("param").id,
        move: c.req.valid("json"),
        ...staffCallerOf(c),
      });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      ...staff,
      method: "get",
      path: "/staff/events",
      summary: "Upcoming, past or archived events (of every category or `category`) with their published state and what is left to translate",
      request: { query: staffEventsQuerySchema },
      responses: { 200: json(staffEventsResponseSchema, "The events"), ...refusals, ...errorAnswers },
    }),
    async (c) =>
      c.json(
        {
          data: await c.var.services.staffCatalogue.listEvents(c.var.actor, {
            view: c.req.valid("query").view,
            categoryId: c.req.valid("query").category,
            locale: c.var.locale,
          }),
        },
        200,
      ),
  );
  api.openapi(
    apiRoute({
      ...staff,
      method: "post",
      path: "/staff/events",
      summary: "Create an event (unpublished) with its price list and per-day resources",
      request: body(staffEventInputSchema),
      responses: { 201: json(staffEventResponseSchema, "The new event"), ...refusals, ...errorAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffCatalogue.createEvent(c.var.actor, {
        event: c.req.valid("json"),
        ...staffCallerOf(c),
      });
      return c.json({ data }, 201);
    },
  );
  api.openapi(
    apiRoute({
      ...staff,
      method: "get",
      path: "/staff/events/{uuid}",
      summary: "One event with every language side by side, its prices, resources and what is left to translate",
      request: { params: staffEventParamsSchema },
      responses: { 200: json(staffEventResponseSchema, "The event"), ...refusals, ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffCatalogue.readEvent(c.var.actor, { eventId: c.req.valid("param").uuid }) }, 200),
  );
  api.openapi(
    apiRoute({
      ...staff,
      method: "put",
      path: "/staff/events/{uuid}",
      summary: "Change an event; a capacity below the places taken or a stock below what is booked is refused (409)",
      request: { params: staffEventParamsSchema, ...body(staffEventInputSchema) },
      responses: {
        200: json(staffEventResponseSchema, "The changed event"),
        409: json(errorResponseSchema, "Below what is booked"),
        ...refusals,
        ...errorAnswers,
      },
    }),
    async (c) => {
      const data = await c.var.services.staffCatalogue.updateEvent(c.var.actor, {
        eventId: c.req.valid("param").uuid,
        event: c.req.valid("json"),
        ...staffCallerOf(c),
      });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      ...staff,
      method: "post",
      path: "/staff/events/{uuid}/duplicate",
      summary: "Copy an event onto new dates: texts, prices, per-day resources and booking form; unpublished",
      request: { params: staffEventParamsSchema, ...body(staffEventDuplicateSchema) },
      responses: { 201: json(staffEventResponseSchema, "The copy"), ...refusals, ...errorAnswers },
    }),
    async (c) => {
      const data = await c.var.services.staffCatalogue.duplicateEvent(c.var.actor, {
        eventId: c.req.valid("param").uuid,
        dates: c.req.valid("json"),
        ...staffCallerOf(c),
      });
      return c.json({ data }, 201);
    },
  );
  api.openapi(
    apiRoute({
      ...staff,
      method: "post",
      path: "/staff/events/{uuid}/state",
      summary: "Publish, unpublish, archive or restore an event",
      request: { params: staffEventParamsSchema, ...body(staffEventStateSchema) },
      responses: {
        200: json(staffEventResponseSchema, "The event"),
        409: json(errorResponseSchema, "Archived: restore it first"),
        ...refusals,
        ...errorAnswers,
      },
    }),
    async (c) => {
      const data = await c.var.services.staffCatalogue.changeEventState(c.var.actor, {
        eventId: c.req.valid("param").uuid,
        change: c.req.valid("json").change,
        ...staffCallerOf(c),
      });
      return c.json({ data }, 200);
    },
  );
}
