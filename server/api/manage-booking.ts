import { apiRoute, documentedRoute, routeFacts } from "./api-route";
import { errorResponseSchema } from "../../core/contracts/errors";
import { laterDetailsBodySchema, manageBookingParamsSchema, manageBookingResponseSchema } from "../../core/contracts/manage-booking";
import { uploadFormSchema, uploadResponseSchema } from "../../core/contracts/uploads";
import { customerCancelBodySchema, customerCancelPreviewResponseSchema, customerCancelResponseSchema } from "../../core/contracts/cancellation";
import {
  companionRemovalBodySchema,
  companionRemovalParamsSchema,
  companionRemovalPreviewResponseSchema,
  companionRemovalResponseSchema,
} from "../../core/contracts/companion-removal";
import { AppError } from "../errors";
import { optionalActor } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

const linkAnswers = {
  404: json(errorResponseSchema, "Not a link to a booking (wrong, malformed, or never handed out)"),
  410: json(errorResponseSchema, "The link was valid and is no more: revoked by a newer link, or the event is over"),
};

const laterUploadRoute = documentedRoute({
  method: "post",
  path: "/booking/manage/{token}/upload",
  tags: ["bookings"],
  summary:
    "Upload the file of an upload item that may be completed later (options.completableLater), after checkout and until the form's deadline; the upload's uuid becomes the item's answer",
  request: {
    params: manageBookingParamsSchema,
    body: { content: { "multipart/form-data": { schema: uploadFormSchema } }, required: true },
  },
  responses: {
    201: json(uploadResponseSchema, "The stored upload"),
    400: json(errorResponseSchema, "Not a readable multipart body"),
    409: json(errorResponseSchema, "The deadline for these details has passed"),
    413: json(errorResponseSchema, "Larger than the item allows, or more than the booking's files may add up to"),
    ...errorAnswers,
    ...linkAnswers,
  },
});

/** "Manage my booking" (decision 023): the signed link's token is the credential, beside an optional login. */
export function registerManageBookingRoutes(api: ApiRouter) {
  // Documented from the contract, but streamed to disk like the booking pages' uploads (uploads.ts).
  api.openAPIRegistry.registerPath(laterUploadRoute);
  api.post("/booking/manage/:token/upload", routeFacts({ bodyLimit: "streamed", admission: "exempt" }), optionalActor(), async (c) => {
    const params = manageBookingParamsSchema.safeParse(c.req.param());
    if (!params.success) throw new AppError("NOT_FOUND", "bookingNotFound");
    const body = c.req.raw.body;
    if (!body) throw new AppError("BAD_REQUEST", "invalidRequest");
    const contentLength = Number(c.req.header("content-length"));
    const upload = await c.var.services.manage.uploadLater(c.var.actor, {
      token: params.data.token,
      stream: body,
      contentType: c.req.header("content-type") ?? "",
      contentLength: Number.isSafeInteger(contentLength) && contentLength > 0 ? contentLength : undefined,
      locale: c.var.locale,
    });
    return c.json(uploadResponseSchema.parse({ data: upload }), 201);
  });
  api.openapi(
    apiRoute({
      method: "get",
      path: "/booking/manage/{token}",
      tags: ["bookings"],
      summary: "The booking a manage link opens, as its page shows it: status, event, people, answers, uploads, vehicles, money, invoice, later details",
      middleware: optionalActor(),
      request: { params: manageBookingParamsSchema },
      responses: { 200: json(manageBookingResponseSchema, "The booking"), ...errorAnswers, ...linkAnswers },
    }),
    async (c) => {
      const data = await c.var.services.manage.view(c.var.actor, { token: c.req.valid("param").token, locale: c.var.locale });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "put",
      path: "/booking/manage/{token}/details",
      tags: ["bookings"],
      summary:
        "Answer the items that may be completed later (options.completableLater), after checkout and until the form's deadline; errors per item uuid (422), 409 after the deadline",
      middleware: optionalActor(),
      request: { params: manageBookingParamsSchema, body: { content: { "application/json": { schema: laterDetailsBodySchema } }, required: true } },
      responses: {
        200: json(manageBookingResponseSchema, "The booking with the saved details"),
        409: json(errorResponseSchema, "The deadline for these details has passed"),
        ...errorAnswers,
        ...linkAnswers,
      },
    }),
    async (c) => {
      const data = await c.var.services.manage.saveLaterDetails(c.var.actor, {
        token: c.req.valid("param").token,
        answers: c.req.valid("json").answers,
        locale: c.var.locale,
      });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/booking/manage/{token}/cancel/preview",
      tags: ["bookings"],
      summary:
        "What cancelling the booking now would cost (the event's cancellation schedule), give back (by card now, by transfer from staff) and leave owed; reads only",
      middleware: optionalActor(),
      request: { params: manageBookingParamsSchema },
      responses: {
        200: json(customerCancelPreviewResponseSchema, "The cancellation's figures"),
        409: json(errorResponseSchema, "The customer may not cancel it (the event's schedule, too late, or its status)"),
        ...errorAnswers,
        ...linkAnswers,
      },
    }),
    async (c) => {
      const data = await c.var.services.manage.previewCancel(c.var.actor, { token: c.req.valid("param").token });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/booking/manage/{token}/cancel",
      tags: ["bookings"],
      summary:
        "Cancel the booking as the customer, at the fee the preview showed (a changed fee: 409); places back, card money refunded, transfer money queued for staff, invoices corrected, a mail",
      middleware: optionalActor(),
      request: { params: manageBookingParamsSchema, body: { content: { "application/json": { schema: customerCancelBodySchema } }, required: true } },
      responses: {
        200: json(customerCancelResponseSchema, "The booking is cancelled"),
        409: json(errorResponseSchema, "Not allowed, already cancelled, or the fee changed since the preview"),
        ...errorAnswers,
        ...linkAnswers,
      },
    }),
    async (c) => {
      const data = await c.var.services.manage.cancel(c.var.actor, { token: c.req.valid("param").token, feeCents: c.req.valid("json").fee_cents });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/booking/manage/{token}/companions/{companion}/preview",
      tags: ["bookings"],
      summary:
        "What taking one companion off the booking now would cost (the event's cancellation schedule on their share), give back (by card now, by transfer from staff) and leave owed; reads only",
      middleware: optionalActor(),
      request: { params: companionRemovalParamsSchema },
      responses: {
        200: json(companionRemovalPreviewResponseSchema, "The removal's figures"),
        409: json(errorResponseSchema, "Not allowed: the main participant, the event's schedule, too late, or the booking's status"),
        ...errorAnswers,
        ...linkAnswers,
      },
    }),
    async (c) => {
      const { token, companion } = c.req.valid("param");
      const data = await c.var.services.manage.previewCompanionRemoval(c.var.actor, { token, companionId: companion });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/booking/manage/{token}/companions/{companion}/remove",
      tags: ["bookings"],
      summary:
        "Take one companion off the booking as the customer, at the fee and version the preview showed (either changed: 409); their place back, the fee a price line, card money refunded, transfer money queued for staff, invoice corrected, a mail",
      middleware: optionalActor(),
      request: { params: companionRemovalParamsSchema, body: { content: { "application/json": { schema: companionRemovalBodySchema } }, required: true } },
      responses: {
        200: json(companionRemovalResponseSchema, "The companion is off the booking"),
        409: json(errorResponseSchema, "Not allowed, or the fee or the booking changed since the preview"),
        ...errorAnswers,
        ...linkAnswers,
      },
    }),
    async (c) => {
      const { token, companion } = c.req.valid("param");
      const body = c.req.valid("json");
      const data = await c.var.services.manage.removeCompanion(c.var.actor, { token, companionId: companion, feeCents: body.fee_cents, version: body.version });
      return c.json({ data }, 200);
    },
  );
}
