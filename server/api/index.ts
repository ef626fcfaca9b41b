import { HTTPException } from "hono/http-exception";
import { locales } from "../../core/i18n/locales";
import { AppError } from "../errors";
import { hasUnsafePath, unsafeQueryNames } from "../http/input-guard";
import type { Services } from "../services";
import { refuseCrossSiteCookieWrites } from "../http/origin-check";
import { createApiRouter, invalidCharactersError, localeOfRequest } from "./api-app";
import { registerAuthRoutes } from "./auth";
import { registerBookingRoutes } from "./bookings";
import { registerFormRoutes } from "./forms";
import { registerManageBookingRoutes } from "./manage-booking";
import { registerPaymentRoutes } from "./payments";
import { registerStaffRoutes } from "./staff";
import { registerStaffAccountRoutes } from "./staff-accounts";
import { registerStaffAuditRoutes } from "./staff-audit";
import { registerStaffWaitlistRoutes } from "./staff-waitlist";
import { registerStaffBookingRoutes } from "./staff-bookings";
import { registerStaffExportRoutes } from "./staff-exports";
import { registerStaffInvoiceRoutes } from "./staff-invoices";
import { registerStaffCallBackRoutes } from "./staff-call-backs";
import { registerStaffEmailTextRoutes } from "./staff-email-texts";
import { registerStaffDashboardRoutes } from "./staff-dashboard";
import { registerStaffActionRoutes } from "./staff-actions";
import { registerEventMessageRoutes } from "./staff-event-messages";
import { registerWaiverRoutes } from "./waivers";
import { registerStaffContentRoutes } from "./staff-content";
import { registerStaffCatalogueRoutes } from "./staff-catalogue";
import { registerStaffBookingEditRoutes } from "./staff-booking-edits";
import { registerStaffFormRoutes } from "./staff-forms";
import { registerPublicContentRoutes } from "./public-content";
import { registerUploadRoutes } from "./uploads";
import { registerOpeningNoticeRoutes } from "./opening-notices";
import type { Admission } from "../http/admission";
import { routeFacts } from "./api-route";

export { maximumApiBodyBytes } from "./api-route";

/** The JSON API under /api: spec §7 read calls, one error shape, OpenAPI generated from the contracts. */
export function createApi(services: Services, logError: (error: unknown) => void, admission?: Admission) {
  const api = createApiRouter();
  api.use(async (c, next) => {
    c.set("locale", localeOfRequest(c.req.header("accept-language")));
    c.set("services", services);
    c.set("admission", admission);
    await next();
    c.res.headers.set("Content-Language", c.var.locale);
    c.res.headers.set("Vary", "Accept-Language");
  });
  api.use(refuseCrossSiteCookieWrites);
  // Each route says how large a body it takes and when it takes its turn (api-route.ts, `facts`).
  // Before any route, also those that validate nothing themselves: NUL and lone surrogates in the
  // decoded path or query never reach a service (decision 010). JSON bodies are checked after their
  // schema, in the validation hook (api-app.ts).
  api.use(async (c, next) => {
    const url = new URL(c.req.url);
    if (hasUnsafePath(url)) throw new AppError("NOT_FOUND", "notFound");
    const unsafe = unsafeQueryNames(url);
    if (unsafe.length > 0) throw invalidCharactersError(unsafe, c.var.locale);
    await next();
  });
  registerPublicContentRoutes(api);
  registerOpeningNoticeRoutes(api);
  registerFormRoutes(api);
  registerAuthRoutes(api);
  registerBookingRoutes(api);
  registerManageBookingRoutes(api);
  registerUploadRoutes(api);
  registerPaymentRoutes(api);
  registerStaffRoutes(api);
  registerStaffAccountRoutes(api);
  registerStaffAuditRoutes(api);
  registerStaffWaitlistRoutes(api);
  registerStaffBookingRoutes(api);
  registerStaffExportRoutes(api);
  registerStaffInvoiceRoutes(api);
  registerStaffDashboardRoutes(api);
  registerStaffCallBackRoutes(api);
  registerStaffEmailTextRoutes(api);
  registerStaffActionRoutes(api, logError);
  registerEventMessageRoutes(api);
  registerWaiverRoutes(api);
  registerStaffContentRoutes(api);
  registerStaffCatalogueRoutes(api);
  registerStaffBookingEditRoutes(api);
  registerStaffFormRoutes(api);
  // The API's description is the same for everybody.
  api.use("/openapi.json", routeFacts({ cache: "public" }));
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Event booking API",
      version: "1.0.0",
      description: `Public JSON API of the event booking site. Answers are translated by Accept-Language (${locales.join(", ")}).`,
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
    const refused = refusedInput(error);
    if (refused) return c.json(refused.toResponse(locale), refused.status);
    if (isDataException(error)) {
      // A value the database refused (out of range, unreadable) that no schema caught: the client's
      // fault, so a 400, but logged, because the schema at the boundary should have said it first.
      logError(error);
      return c.json(new AppError("BAD_REQUEST", "badRequest").toResponse(locale), 400);
    }
    logError(error);
    return c.json(new AppError("INTERNAL", "internal").toResponse(locale), 500);
  });
  return api;
}

/**
 * The framework's own refusals (a malformed JSON body, a content type the operation does not take, a
 * body over a limit) in the API's one error shape instead of the INTERNAL they would become.
 */
function refusedInput(error: unknown): AppError | null {
  if (!(error instanceof HTTPException) || error.status >= 500) return null;
  if (error.status === 415) return new AppError("UNSUPPORTED_MEDIA_TYPE", "unsupportedMediaType");
  if (error.status === 413) return new AppError("PAYLOAD_TOO_LARGE", "payloadTooLarge");
  if (error.message.startsWith("Malformed JSON")) return new AppError("BAD_REQUEST", "malformedJson");
  return new AppError("BAD_REQUEST", "badRequest");
}

/**
 * PostgreSQL's "data exception" class (22xxx: invalid encoding, numeric or date out of range, invalid
 * text representation) and "program limit exceeded" (54xxx: an index row too large), anywhere in the
 * error's cause chain (Drizzle wraps the driver's error).
 */
function isDataException(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^(22|54)[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
