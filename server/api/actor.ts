import type { Context } from "hono";
import type { User } from "../../core/contracts/auth";
import { createMiddleware } from "hono/factory";
import { anonymousActor, isAdmin, isStaff, type Actor, type Role } from "../../core/domain/permissions";
import { actorOf } from "../auth/authorize";
import { AppError } from "../errors";
import { accessTokenOf } from "../http/web-session";
import type { ApiEnv } from "./api-app";

/**
 * The env of a route behind one of the middlewares below: `c.var.actor` is who asks, `c.var.user` the
 * account behind it (null when anonymous), for what an audit row names.
 */
export type ActorEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { actor: Actor; user: User | null } };

/** The one reader of `Authorization: Bearer <access token>`; null without one. */
export function bearerTokenOf(c: Context): string | null {
  const header = c.req.header("authorization") ?? "";
  return header.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() || null : null;
}

type ActorOptions = {
  /**
   * Also take the web session's access cookie when no bearer token is sent: a page's own script
   * calls such a route with the browser's cookies (the payment creation). Cookie-authenticated
   * writes are guarded by the Origin check (origin-check.ts).
   */
  orSessionCookie?: boolean;
};

async function resolveActor(c: Context<ActorEnv>, options: ActorOptions): Promise<Actor> {
  const token = bearerTokenOf(c) ?? (options.orSessionCookie ? (accessTokenOf(c.req.raw) ?? null) : null);
  const session = token ? await c.var.services.accounts.authenticate(token) : null;
  // The role and the second factor are the database's (the account's row, the session's family), never the token's claims.
  const actor = session ? actorOf(session.liveSession) : anonymousActor;
  c.set("actor", actor);
  c.set("user", session?.user ?? null);
  return actor;
}

/** Who asks, anonymous when no valid session is presented (public calls that a login changes). */
export const optionalActor = (options: ActorOptions = {}) =>
  createMiddleware<ActorEnv>(async (c, next) => {
    await resolveActor(c, options);
    await next();
  });

/** Calls behind it need the bearer access token of a live session: 401 otherwise. */
export const requireActor = () =>
  createMiddleware<ActorEnv>(async (c, next) => {
    const actor = await resolveActor(c, {});
    if (!actor.user) throw new AppError("UNAUTHORIZED", "unauthorized");
    await next();
  });

/**
 * `requireActor`, and the back office's role: "staff" lets staff and admins in, "admin" admins only,
 * each with the second factor behind the session (core/domain/permissions.ts; decision 027). 403 otherwise.
 */
export const requireRole = (role: Exclude<Role, "customer">, options: ActorOptions = {}) =>
  createMiddleware<ActorEnv>(async (c, next) => {
    const actor = await resolveActor(c, options);
    if (!actor.user) throw new AppError("UNAUTHORIZED", "unauthorized");
    // The refusal says why: the call is for admins, or for staff with the second factor (issue 33).
    if (role === "admin" && !isAdmin(actor)) throw new AppError("FORBIDDEN", "adminsOnly");
    if (!isStaff(actor)) throw new AppError("FORBIDDEN", "staffOnly");
    await next();
  });

/** The staff member a back-office verb audits (by e-mail) and answers in the language of (the request's). */
export function staffCallerOf(c: Context<ActorEnv>): { actorEmail: string; locale: ActorEnv["Variables"]["locale"] } {
  return { actorEmail: c.var.user?.email ?? "", locale: c.var.locale };
}
