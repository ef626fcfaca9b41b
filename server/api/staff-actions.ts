import { apiRoute } from "./api-route";
import type { Context } from "hono";
import { errorResponseSchema } from "../../core/contracts/errors";
import {
  bookingEmailsResponseSchema,
  bulkActionBodySchema,
  bulkResponseSchema,
  cancelBookingBodySchema,
  cancelPreviewBodySchema,
  cancelPreviewResponseSchema,
  cancelResponseSchema,
  queuedEmailResponseSchema,
  recordPaymentBodySchema,
  recordPaymentResponseSchema,
  refundBookingBodySchema,
  refundResponseSchema,
  resendEmailBodySchema,
  reverseCancellationBodySchema,
  reverseCancellationResponseSchema,
  staffBookingParamsSchema,
  staffMessageBodySchema,
} from "../../core/contracts/staff-actions";
import type { StaffMember } from "../staff/bookings/staff-booking";
import { requireRole, type ActorEnv } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

const body = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const staffAnswers = {
  ...errorAnswers,
  401: json(errorResponseSchema, "Not logged in"),
  403: json(errorResponseSchema, "Not staff"),
  409: json(errorResponseSchema, "Refused in the booking's state; nothing changed"),
  502: json(errorResponseSchema, "The payment provider failed; nothing changed"),
};
const staffRoute = { tags: ["staff"], security: [{ bearerAuth: [] }], middleware: requireRole("staff") };

/** The staff member an audit row names: the session's account. */
export function staffOf(c: Context<ActorEnv>): StaffMember {
  return { id: c.var.actor.user?.userId ?? "", email: c.var.user?.email ?? "" };
}

/**
 * The back office's booking actions (issue 13, docs/decisions/030): thin, each calls one verb of
 * server/staff through `services.staffActions`, which authorizes before any side effect.
 */
export function registerStaffActionRoutes(api: ApiRouter, logError: (error: unknown) => void) {
  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "post",
      path: "/staff/bookings/{uuid}/cancel",
      summary:
        "Cancel a booking (staff): places and resources freed and offered to the waitlist, optionally refunded (nothing, all, or an amount up to what is refundable) and the customer told; idempotent by the caller's optional key.",
      request: { params: staffBookingParamsSchema, ...body(cancelBookingBodySchema) },
      responses: { 200: json(cancelResponseSchema, "The cancelled booking"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const { idempotency_key: idempotencyKey, ...input } = c.req.valid("json");
      const data = await c.var.services.staffActions.cancel(c.var.actor, { bookingId: uuid, ...input, idempotencyKey, staff: staffOf(c) });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "post",
      path: "/staff/bookings/{uuid}/reverse-cancellation",
      summary:
        "Reverse a customer's cancellation (staff), within a day of it: the places taken again, the fee no longer kept, the booking confirmed and invoiced again; refused (409, nothing changed) for a staff cancellation, after a day or when the places are gone.",
      request: { params: staffBookingParamsSchema, ...body(reverseCancellationBodySchema) },
      responses: { 200: json(reverseCancellationResponseSchema, "The booking standing again"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const data = await c.var.services.staffActions.reverseCancellation(c.var.actor, { bookingId: uuid, staff: staffOf(c) });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "post",
      path: "/staff/bookings/{uuid}/cancel/preview",
      summary:
        "Preview a cancellation (staff): the customer's cancellation mail as it would be sent with these options (subject, text, HTML in the booking's language) and the refund it would make; changes nothing and sends nothing.",
      request: { params: staffBookingParamsSchema, ...body(cancelPreviewBodySchema) },
      responses: { 200: json(cancelPreviewResponseSchema, "The mail the cancellation would send"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const data = await c.var.services.staffActions.previewCancel(c.var.actor, { bookingId: uuid, ...c.req.valid("json") });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "post",
      path: "/staff/bookings/{uuid}/refund",
      summary:
        "Refund a booking's payments (staff): card payments through the provider, transfers, cash and other money recorded as paid out; idempotent by the caller's key.",
      request: { params: staffBookingParamsSchema, ...body(refundBookingBodySchema) },
      responses: { 200: json(refundResponseSchema, "What was refunded"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const input = c.req.valid("json");
      const data = await c.var.services.staffActions.refund(c.var.actor, {
        bookingId: uuid,
        amountCents: input.amount_cents,
        paymentId: input.payment_uuid,
        paidOutOn: input.paid_out_on,
        reference: input.reference,
        reason: input.reason,
        message: input.message,
        idempotencyKey: input.idempotency_key,
        staff: staffOf(c),
      });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "post",
      path: "/staff/bookings/{uuid}/payments",
      summary: "Record money received by transfer, cash or otherwise (staff); overpayment is recorded and flagged.",
      request: { params: staffBookingParamsSchema, ...body(recordPaymentBodySchema) },
      responses: { 200: json(recordPaymentResponseSchema, "The booking's payment state afterwards"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const input = c.req.valid("json");
      const data = await c.var.services.staffActions.recordPayment(c.var.actor, {
        bookingId: uuid,
        amountCents: input.amount_cents,
        method: input.method,
        receivedOn: input.received_on,
        reference: input.reference,
        staff: staffOf(c),
      });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "get",
      path: "/staff/bookings/{uuid}/emails",
      summary: "The booking's e-mails, oldest first (staff).",
      request: { params: staffBookingParamsSchema },
      responses: { 200: json(bookingEmailsResponseSchema, "The booking's e-mails"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const data = await c.var.services.staffActions.listEmails(c.var.actor, { bookingId: uuid });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "post",
      path: "/staff/bookings/{uuid}/emails/resend",
      summary: "Send one of the booking's e-mails again, to the same recipient (staff).",
      request: { params: staffBookingParamsSchema, ...body(resendEmailBodySchema) },
      responses: { 200: json(queuedEmailResponseSchema, "The queued copy"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const { outbox_id } = c.req.valid("json");
      const data = await c.var.services.staffActions.resendEmail(c.var.actor, { bookingId: uuid, outboxId: outbox_id, staff: staffOf(c) });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "post",
      path: "/staff/bookings/{uuid}/messages",
      summary: "A free plain-text message to the booking's main participant (staff).",
      request: { params: staffBookingParamsSchema, ...body(staffMessageBodySchema) },
      responses: { 200: json(queuedEmailResponseSchema, "The queued message"), ...staffAnswers },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const input = c.req.valid("json");
      const data = await c.var.services.staffActions.sendMessage(c.var.actor, { bookingId: uuid, ...input, staff: staffOf(c) });
      return c.json({ data }, 200);
    },
  );

  api.openapi(
    apiRoute({
      ...staffRoute,
      method: "post",
      path: "/staff/bookings/bulk",
      summary:
        "One action on up to 200 bookings (staff). Without `confirm: true` nothing changes: the answer is the plan, per booking planned or refused with the reason (a cancelled or rejected booking gets no confirmation mail). With it, the action runs on each booking on its own: ok or refused per booking.",
      request: { ...body(bulkActionBodySchema) },
      responses: { 200: json(bulkResponseSchema, "The plan, or the outcome, per booking"), ...staffAnswers },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const data = await c.var.services.staffActions.bulk(c.var.actor, { body: input, staff: staffOf(c), locale: c.var.locale, logError });
      return c.json({ data }, 200);
    },
  );
}
