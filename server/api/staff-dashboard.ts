import { apiRoute } from "./api-route";
import { errorResponseSchema } from "../../core/contracts/errors";
import { staffCalendarQuerySchema, staffCalendarResponseSchema } from "../../core/contracts/staff-calendar";
import { staffDashboardResponseSchema } from "../../core/contracts/staff-dashboard";
import { requireRole } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

export const staffErrorAnswers = {
  401: json(errorResponseSchema, "Not logged in, or the token is invalid"),
  403: json(errorResponseSchema, "Not a staff account"),
};

/** The back office's dashboard (issue 13; decision 031): one read, the verb in server/staff/bookings/read-dashboard.ts. */
export function registerStaffDashboardRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/dashboard",
      tags: ["staff"],
      summary:
        "Upcoming events with places taken, held and free, minimum participants, money paid and outstanding, waitlist; warnings that need action; bookings per day (staff only)",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      responses: { 200: json(staffDashboardResponseSchema, "The dashboard, titles in the request's language"), ...staffErrorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffDashboard.read(c.var.actor, { locale: c.var.locale }) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/calendar",
      tags: ["staff"],
      summary:
        "A month or week (`view`, any day of it as `date`; default this month) with every event on its days and the dashboard's own figures: places taken, held and free, the waitlist (staff only)",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      request: { query: staffCalendarQuerySchema },
      responses: { 200: json(staffCalendarResponseSchema, "The view's days and events, titles in the request's language"), ...staffErrorAnswers, ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffDashboard.calendar(c.var.actor, { query: c.req.valid("query"), locale: c.var.locale }) }, 200),
  );
}
