import { Hono } from "hono";
import { createApi } from "../../server/api";
import type { DatabaseHandle } from "../../server/db/client";
import { createServices, type ServicesOptions } from "../../server/services";

/** The API mounted at /api exactly as in production, called in process. */
export function createTestApi(database: DatabaseHandle, options: Partial<ServicesOptions> = {}) {
  const services = createServices(database.db, {
    cacheTtlMs: 0,
    jwtSecret: "test-secret-of-at-least-thirty-two-characters",
    publicOrigin: "http://site.test",
    // Every in-process call comes from one address; abuse-limits.test.ts checks the real allowance.
    draftsPerClientPerHour: 10_000,
    ...options,
  });
  const errors: unknown[] = [];
  const app = new Hono().route(
    "/api",
    createApi(services, (error) => errors.push(error)),
  );
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  return { app, services, get, errors };
}
