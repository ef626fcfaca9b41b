import { apiRoute } from "./api-route";
import type { Context } from "hono";
import {
  deleteCompanionParamsSchema,
  deleteCompanionQuerySchema,
  submitBookingBodySchema,
  submitBookingParamsSchema,
  submitBookingResponseSchema,
  openBookingParamsSchema,
  openBookingQuerySchema,
  openBookingResponseSchema,
  updatePageBodySchema,
  updatePageParamsSchema,
  updatePageResponseSchema,
} from "../../core/contracts/bookings";
import { errorResponseSchema } from "../../core/contracts/errors";
import { AppError } from "../errors";
import { bookingTokenFromCookie } from "../http/booking-cookies";
import { clientAddressOf } from "../http/forwarded-request";
import { optionalActor } from "./actor";
import type { ApiEnv, ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

/** Booking pages carry a few dozen answers; anything far larger is a mistake or an attack. */
const maximumPageBytes = 256 * 1024;

/**
 * The booking's key: from the request itself, else from this browser's httpOnly booking cookie
 * (SameSite=Lax, so another site's page cannot make the browser send it with a write).
 */
function bookingTokenOf(c: Context<ApiEnv>, bookingUuid: string, explicit: string | undefined): string {
  const token = explicit ?? bookingTokenFromCookie(c.req.header("cookie"), bookingUuid);
  if (!token) throw new AppError("NOT_FOUND", "bookingNotFound");
  return token;
}

/** Spec §7 booking calls: open or resume a draft, save a page, remove a companion, submit. */
export function registerBookingRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "get",
      path: "/booking/public/{formUuid}",
      tags: ["bookings"],
      summary: "Resume the booking opened by bookingToken and bookingUuid, or start a new draft of the form (its token comes back once)",
      middleware: optionalActor(),
      request: { params: openBookingParamsSchema, query: openBookingQuerySchema },
      responses: {
        200: json(openBookingResponseSchema, "The booking"),
        429: json(errorResponseSchema, "Too many new drafts from this client address in the last hour"),
        ...errorAnswers,
      },
    }),
    async (c) => {
      const { bookingToken, bookingUuid } = c.req.valid("query");
      const opened = await c.var.services.bookings.open({
        formId: c.req.valid("param").formUuid,
        bookingToken,
        bookingUuid,
        userId: c.var.actor.user?.userId ?? null,
        locale: c.var.locale,
        clientAddress: clientAddressOf(c),
      });
      return c.json(opened.bookingToken ? { data: opened.booking, booking_token: opened.bookingToken } : { data: opened.booking }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "put",
      path: "/booking/public/{uuid}/update/{pageUuid}",
      facts: { bodyLimit: maximumPageBytes },
      tags: ["bookings"],
      summary: "Save one page of a draft; invalid answers are kept and their errors come back per item uuid (422)",
      request: { params: updatePageParamsSchema, body: { content: { "application/json": { schema: updatePageBodySchema } }, required: true } },
      responses: {
        200: json(updatePageResponseSchema, "The updated booking"),
        409: json(errorResponseSchema, "Already submitted, or `version` is older than the draft's (`reason: stale_version`: saved in another window)"),
        413: json(errorResponseSchema, "Too large"),
        ...errorAnswers,
      },
    }),
    async (c) => {
      const { uuid, pageUuid } = c.req.valid("param");
      const body = c.req.valid("json");
      const booking = await c.var.services.bookings.updatePage({
        bookingId: uuid,
        bookingToken: bookingTokenOf(c, uuid, body.booking_token),
        pageId: pageUuid,
        answers: body.answers,
        companions: body.companions,
        version: body.version,
        locale: c.var.locale,
      });
      return c.json({ data: booking }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "delete",
      path: "/booking/companion/{bookingUuid}/{companionUuid}/delete",
      tags: ["bookings"],
      summary: "Remove a companion from a draft booking (token in ?bookingToken= or the booking cookie)",
      request: { params: deleteCompanionParamsSchema, query: deleteCompanionQuerySchema },
      responses: { 200: json(updatePageResponseSchema, "The updated booking"), 409: json(errorResponseSchema, "Already submitted"), ...errorAnswers },
    }),
    async (c) => {
      const { bookingUuid, companionUuid } = c.req.valid("param");
      const booking = await c.var.services.bookings.deleteCompanion({
        bookingId: bookingUuid,
        bookingToken: bookingTokenOf(c, bookingUuid, c.req.valid("query").bookingToken),
        companionId: companionUuid,
      });
      return c.json({ data: booking }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/booking/public/{uuid}/submit",
      // A submit completes a booking a customer has put work into: it goes first (decision 064); its body is a token or two.
      facts: { bodyLimit: 4096, admission: "finishing" },
      tags: ["bookings"],
      summary:
        "Submit a draft: every page is checked, then the places of every person and the chosen per-day resources are held. A 409 carries `reason`: fully_booked, not_bookable_yet, closed, resource_unavailable, or already_submitted (a second submission changes nothing)",
      request: { params: submitBookingParamsSchema, body: { content: { "application/json": { schema: submitBookingBodySchema } }, required: true } },
      responses: {
        200: json(submitBookingResponseSchema, "The submitted booking with its code; places are held until hold_expires_at"),
        409: json(errorResponseSchema, "Fully booked, not bookable, a resource is gone, or already submitted"),
        ...errorAnswers,
      },
    }),
    async (c) => {
      const { uuid } = c.req.valid("param");
      const body = c.req.valid("json");
      const booking = await c.var.services.bookings.submit({
        bookingId: uuid,
        bookingToken: bookingTokenOf(c, uuid, body.booking_token),
        locale: c.var.locale,
        waitlistOfferToken: body.waitlist_offer,
      });
      return c.json({ data: booking }, 200);
    },
  );
}
