import { AppError } from "../errors";
import type { Services } from "../services";
import { refuseCrossSiteCookieWrites } from "../http/origin-check";
import { createApiRouter, localeOfRequest } from "./api-app";
import { registerAuthRoutes } from "./auth";
import { registerBookingRoutes } from "./bookings";
import { registerFormRoutes } from "./forms";
import { registerPaymentRoutes } from "./payments";
import { registerStaffRoutes } from "./staff";
import { registerPublicContentRoutes } from "./public-content";
import { registerUploadRoutes } from "./uploads";

/** The JSON API under /api: spec §7 read calls, one error shape, OpenAPI generated from the contracts. */
export function createApi(services: Services, logError: (error: unknown) => void) {
  const api = createApiRouter();
  api.use(async (c, next) => {
    c.set("locale", localeOfRequest(c.req.header("accept-language")));
    c.set("services", services);
    await next();
    c.header("Content-Language", c.var.locale);
    c.header("Vary", "Accept-Language");
  });
  api.use(refuseCrossSiteCookieWrites);
  registerPublicContentRoutes(api);
  registerFormRoutes(api);
  registerAuthRoutes(api);
  registerBookingRoutes(api);
  registerUploadRoutes(api);
  registerPaymentRoutes(api);
  registerStaffRoutes(api);
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Event booking API",
      version: "1.0.0",
      description: "Public JSON API of the event booking site. Answers are translated by Accept-Language (en, de).",
    },
    servers: [{ url: "/api" }],
  });
  // A catch-all route, not notFound(): a mounted sub-app's notFound handler is not consulted by its parent.
  api.all("*", (c) => c.json(new AppError("NOT_FOUND", "noEndpoint").toResponse(localeOfRequest(c.req.header("accept-language"))), 404));
  api.onError((error, c) => {
    const locale = localeOfRequest(c.req.header("accept-language"));
    if (AppError.is(error)) {
      if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
      return c.json(error.toResponse(locale), error.status);
    }
    logError(error);
    return c.json(new AppError("INTERNAL", "internal").toResponse(locale), 500);
  });
  return api;
}
