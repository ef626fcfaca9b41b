import { apiRoute } from "./api-route";
import { categoriesResponseSchema, experiencesResponseSchema, publicEventsQuerySchema, publicEventsResponseSchema } from "../../core/contracts/events";
import { listPagesQuerySchema, listPagesResponseSchema, pageResponseSchema, pageSlugParamsSchema } from "../../core/contracts/pages";
import { siteParamsSchema, siteResponseSchema } from "../../core/contracts/site";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

/** The read calls of spec §7 that browsing needs: site, pages, events, categories, experiences. */
export function registerPublicContentRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "get",
      path: "/booking/site/{id}",
      facts: { cache: "public" },
      tags: ["site"],
      summary: "The operator's site data (legal notice, support, money settings)",
      request: { params: siteParamsSchema },
      responses: { 200: json(siteResponseSchema, "The site"), ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.getSite(c.var.locale, c.req.valid("param").id) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/booking/site",
      facts: { cache: "public" },
      tags: ["site"],
      summary: "The first site",
      responses: { 200: json(siteResponseSchema, "The site"), ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.getSite(c.var.locale) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/page",
      facts: { cache: "public" },
      tags: ["pages"],
      summary: "Published content pages in menu order",
      request: { query: listPagesQuerySchema },
      responses: { 200: json(listPagesResponseSchema, "Pages"), ...errorAnswers },
    }),
    async (c) => c.json(await c.var.services.listPages(c.var.locale, c.req.valid("query")), 200),
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/page/{slug}",
      facts: { cache: "public" },
      tags: ["pages"],
      summary: "A content page by its slug in any language, answered in the request's language",
      request: { params: pageSlugParamsSchema },
      responses: { 200: json(pageResponseSchema, "The page"), ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.getPageBySlug(c.var.locale, c.req.valid("param").slug) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/public-events",
      facts: { cache: "public" },
      tags: ["events"],
      summary: "Published events, optionally of one category (numeric id or slug)",
      request: { query: publicEventsQuerySchema },
      responses: { 200: json(publicEventsResponseSchema, "Events"), ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.listPublicEvents(c.var.locale, c.req.valid("query").category) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/public-event-categories",
      facts: { cache: "public" },
      tags: ["events"],
      summary: "Event categories with their slugs in every language",
      responses: { 200: json(categoriesResponseSchema, "Categories") },
    }),
    async (c) => c.json({ data: await c.var.services.listCategories(c.var.locale) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/experience",
      facts: { cache: "public" },
      tags: ["events"],
      summary: "Impressions of past events",
      responses: { 200: json(experiencesResponseSchema, "Experiences") },
    }),
    async (c) => c.json({ data: await c.var.services.listExperiences(c.var.locale) }, 200),
  );
}
