import { apiRoute } from "./api-route";
import { errorResponseSchema } from "../../core/contracts/errors";
import { staffBookingParamsSchema } from "../../core/contracts/staff-actions";
import {
  addCompanionBodySchema,
  bookingEditedResponseSchema,
  bookingEditResponseSchema,
  companionParamsSchema,
  editAnswersBodySchema,
  removeCompanionQuerySchema,
} from "../../core/contracts/staff-booking-edits";
import { requireRole } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";
import { staffOf } from "./staff-actions";

const body = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const staffAnswers = {
  ...errorAnswers,
  401: json(errorResponseSchema, "Not logged in"),
  403: json(errorResponseSchema, "Not staff"),
  409: json(errorResponseSchema, "Refused: the booking is closed, was changed since the given version, or the event is full; nothing changed"),
};
const staffRoute = { tags: ["staff"], security: [{ bearerAuth: [] }], middleware: requireRole("staff") };

/**
 * Staff edit a submitted booking's answers and companions (issue 13, docs/decisions/032): thin, each
 * calls one verb of server/staff through `services.staffBookingEdits`, which authorizes first.
 */
export function registerStaffBookingEditRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "get",
      path: "/staff/bookings/{uuid}/answers",
      summary: "The answers and companions staff may edit, with the booking's version to write from (staff).",
      request: { params: staffBookingParamsSchema },
      responses: { 200: json(bookingEditResponseSchema, "The editable booking"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const data = await c.var.services.staffBookingEdits.read(c.var.actor, { bookingId: uuid, locale: c.var.locale });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "put",
      path: "/staff/bookings/{uuid}/answers",
      summary: "Correct the main participant's answers and the companions' details (staff); validated like the public form, audited, the customer told.",
      request: { params: staffBookingParamsSchema, ...body(editAnswersBodySchema) },
      responses: { 200: json(bookingEditedResponseSchema, "The booking after the edit, and what changed"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const input = c.req.valid("json");
      const data = await c.var.services.staffBookingEdits.editAnswers(c.var.actor, { ...input, bookingId: uuid, staff: staffOf(c), locale: c.var.locale });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "post",
      path: "/staff/bookings/{uuid}/companions",
      summary: "Add a companion to a submitted booking (staff): takes a place, prices the booking again.",
      request: { params: staffBookingParamsSchema, ...body(addCompanionBodySchema) },
      responses: { 200: json(bookingEditedResponseSchema, "The booking after the edit, and what changed"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const input = c.req.valid("json");
      const data = await c.var.services.staffBookingEdits.addCompanion(c.var.actor, { ...input, bookingId: uuid, staff: staffOf(c), locale: c.var.locale });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "delete",
      path: "/staff/bookings/{uuid}/companions/{companion}",
      summary: "Take a companion off a submitted booking (staff): frees the place (offered to the waitlist), prices the booking again.",
      request: { params: companionParamsSchema, query: removeCompanionQuerySchema },
      responses: { 200: json(bookingEditedResponseSchema, "The booking after the edit, and what changed"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid, companion } = c.req.valid("param");
      const { version, notify } = c.req.valid("query");
      const data = await c.var.services.staffBookingEdits.removeCompanion(c.var.actor, {
        bookingId: uuid,
        companionId: companion,
        version,
        notify,
        staff: staffOf(c),
        locale: c.var.locale,
      });
      return c.json({ data }, 200);
    },
  );
}
