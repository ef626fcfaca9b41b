import { createRoute } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import {
  openBookingParamsSchema,
  openBookingQuerySchema,
  openBookingResponseSchema,
  updatePageBodySchema,
  updatePageParamsSchema,
  updatePageResponseSchema,
} from "../../core/contracts/bookings";
import { errorResponseSchema } from "../../core/contracts/errors";
import { openDraft, updateDraftPage } from "../bookings/drafts";
import { AppError } from "../errors";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./public-content";

/** Booking pages carry a few dozen answers; anything far larger is a mistake or an attack. */
const maximumPageBytes = 256 * 1024;

/** Spec §7 booking calls: open or resume a draft, save a page. */
export function registerBookingRoutes(api: ApiRouter) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/booking/public/{formUuid}",
      tags: ["bookings"],
      summary: "Resume the booking opened by bookingToken and bookingUuid, or start a new draft of the form (its token comes back once)",
      request: { params: openBookingParamsSchema, query: openBookingQuerySchema },
      responses: { 200: json(openBookingResponseSchema, "The booking"), ...errorAnswers },
    }),
    async (c) => {
      const { bookingToken, bookingUuid } = c.req.valid("query");
      const bearer = c.req.header("authorization")?.replace(/^Bearer\s+/, "");
      const session = bearer ? await c.var.services.accounts.authenticate(bearer) : null;
      const opened = await openDraft(c.var.services.db, {
        formId: c.req.valid("param").formUuid,
        bookingToken,
        bookingUuid,
        userId: session?.user.uuid ?? null,
        locale: c.var.locale,
      });
      return c.json(opened.bookingToken ? { data: opened.booking, booking_token: opened.bookingToken } : { data: opened.booking }, 200);
    },
  );
  api.use(
    "/booking/public/:uuid/update/:pageUuid",
    bodyLimit({
      maxSize: maximumPageBytes,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", "payloadTooLarge");
      },
    }),
  );
  api.openapi(
    createRoute({
      method: "put",
      path: "/booking/public/{uuid}/update/{pageUuid}",
      tags: ["bookings"],
      summary: "Save one page of a draft; invalid answers are kept and their errors come back per item uuid (422)",
      request: { params: updatePageParamsSchema, body: { content: { "application/json": { schema: updatePageBodySchema } }, required: true } },
      responses: {
        200: json(updatePageResponseSchema, "The updated booking"),
        409: json(errorResponseSchema, "Already submitted"),
        413: json(errorResponseSchema, "Too large"),
        ...errorAnswers,
      },
    }),
    async (c) => {
      const { uuid, pageUuid } = c.req.valid("param");
      const body = c.req.valid("json");
      const booking = await updateDraftPage(c.var.services.db, {
        bookingId: uuid,
        bookingToken: body.booking_token,
        pageId: pageUuid,
        answers: body.answers,
        locale: c.var.locale,
        now: c.var.services.now(),
      });
      return c.json({ data: booking }, 200);
    },
  );
}
