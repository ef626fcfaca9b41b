// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place that wraps createRoute with the route's facts
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../errors";
import type { Urgency } from "../http/admission";
import type { ApiEnv } from "./api-app";

/** Bytes of a request body the API takes, unless its route says otherwise. */
export const maximumApiBodyBytes = 64 * 1024;

/**
 * What the edge must know about a route before its handler runs, said where the route is declared:
 * - `bodyLimit`: bytes of body it takes (default `maximumApiBodyBytes`), refused with the API's 413
 *   while the body streams in; `"streamed"` for a route that streams its body (an upload) and limits
 *   it itself;
 * - `admission`: its turn when the process is saturated (server/http/admission.ts, decision 064),
 *   `ordinary` unless it says otherwise;
 * - `cache`: `"public"` for a read whose answer is the same for everybody: asked anonymously with
 *   GET, it may be stored; every other API answer is `no-store` (server/http/security-headers.ts).
 */
export type ApiRouteFacts = { bodyLimit?: number | "streamed"; admission?: Urgency; cache?: "public" };

declare module "hono" {
  interface ContextVariableMap {
    /** Set by a public read's route (`cache: "public"`): its answer may be stored when asked anonymously. */
    publicRead: boolean;
  }
}

const payloadTooLarge = (): never => {
  throw new AppError("PAYLOAD_TOO_LARGE", "payloadTooLarge");
};

/** The middleware that carries out a route's facts: its turn, then its body's limit, around the route's own work. */
export function routeFacts(facts: ApiRouteFacts = {}): MiddlewareHandler<ApiEnv> {
  const urgency = facts.admission ?? "ordinary";
  const limit = facts.bodyLimit ?? maximumApiBodyBytes;
  const limitBody = limit === "streamed" ? null : bodyLimit({ maxSize: limit, onError: payloadTooLarge });
  return async (c, next) => {
    const work = async () => {
      if (facts.cache === "public") c.set("publicRead", true);
      // GET and HEAD carry no body: asking for one would only make @hono/node-server build a whole Fetch Request.
      if (limitBody && c.req.method !== "GET" && c.req.method !== "HEAD") await limitBody(c, next);
      else await next();
    };
    await (c.var.admission ? c.var.admission.run(urgency, work) : work());
  };
}

/**
 * `createRoute` of @hono/zod-openapi with the route's facts (`ApiRouteFacts`): every API route is
 * declared through it, so none escapes the default body limit and turn (lint forbids `createRoute`
 * elsewhere). The facts' middleware run before the route's own and before its validators.
 */
export function apiRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(config: R & { facts?: ApiRouteFacts }) {
  const { facts, ...declared } = config;
  const route = createRoute(declared as R & { path: P });
  const own = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
  // The facts' middleware add no context variables the handler reads: the route's own middleware keep their types.
  return { ...route, middleware: [routeFacts(facts), ...own] } as typeof route;
}

/**
 * A route documented from its contract but served by a plain handler, because its validator would
 * read a streamed body whole (uploads) or before the role is checked: that handler takes its facts
 * with `routeFacts(facts)`, beside this declaration.
 */
export const documentedRoute = createRoute;
