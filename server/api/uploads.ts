import { documentedRoute, routeFacts } from "./api-route";
import { errorResponseSchema } from "../../core/contracts/errors";
import { uploadFormSchema, uploadParamsSchema, uploadResponseSchema } from "../../core/contracts/uploads";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { AppError } from "../errors";
import { bookingTokenFromCookie } from "../http/booking-cookies";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

const uploadRoute = documentedRoute({
  method: "post",
  path: "/booking/{uuid}/upload",
  tags: ["bookings"],
  summary: "Upload the file of an upload or file item of a draft booking; the upload's uuid becomes the item's answer",
  request: {
    params: uploadParamsSchema,
    body: { content: { "multipart/form-data": { schema: uploadFormSchema } }, required: true },
  },
  responses: {
    201: json(uploadResponseSchema, "The stored upload"),
    400: json(errorResponseSchema, "Not a readable multipart body"),
    409: json(errorResponseSchema, "Already submitted"),
    413: json(errorResponseSchema, "Larger than the item allows, or more than the draft's files may add up to"),
    ...errorAnswers,
  },
});

/** Spec §7 `POST api/booking/{uuid}/upload`. */
export function registerUploadRoutes(api: ApiRouter) {
  // Documented from the contract, but not through `api.openapi`: its validator would read the whole
  // multipart body into memory. The body is streamed to disk by storeBookingUpload instead.
  api.openAPIRegistry.registerPath(uploadRoute);
  // A browser's upload waits on the browser: it holds no turn; its size is checked as it streams to disk.
  api.post("/booking/:uuid/upload", routeFacts({ bodyLimit: "streamed", admission: "exempt" }), async (c) => {
    const params = uploadParamsSchema.safeParse(c.req.param());
    if (!params.success) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: fieldErrorsOf(params.error, c.var.locale) });
    const { uuid } = params.data;
    const body = c.req.raw.body;
    if (!body) throw new AppError("BAD_REQUEST", "invalidRequest");
    const contentLength = Number(c.req.header("content-length"));
    const upload = await c.var.services.bookings.storeUpload({
      booking: { kind: "draft", bookingId: uuid, bookingToken: bookingTokenFromCookie(c.req.header("cookie"), uuid) },
      stream: body,
      contentType: c.req.header("content-type") ?? "",
      contentLength: Number.isSafeInteger(contentLength) && contentLength > 0 ? contentLength : undefined,
      locale: c.var.locale,
    });
    return c.json(uploadResponseSchema.parse({ data: upload }), 201);
  });
}
