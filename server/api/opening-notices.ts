import { apiRoute } from "./api-route";
import { errorResponseSchema } from "../../core/contracts/errors";
import { openingNoticeParamsSchema, openingNoticeRequestSchema, openingNoticeResponseSchema } from "../../core/contracts/events";
import { clientAddressOf } from "../http/forwarded-request";
import type { ApiRouter } from "./api-app";
import { json } from "./openapi-answers";

/** "Notify me when bookings open" for an event that is not bookable yet (decision 024). */
export function registerOpeningNoticeRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "post",
      path: "/public-events/{uuid}/notify",
      tags: ["events"],
      summary: "Sign up for one e-mail when the event's bookings open (a repeat sign-up answers the same and stores nothing new)",
      request: { params: openingNoticeParamsSchema, body: { content: { "application/json": { schema: openingNoticeRequestSchema } }, required: true } },
      responses: {
        200: json(openingNoticeResponseSchema, "Signed up"),
        404: json(errorResponseSchema, "No such published event"),
        409: json(errorResponseSchema, "The event is bookable already, or closed"),
        422: json(errorResponseSchema, "Invalid input: `errors` holds the messages per field"),
        429: json(errorResponseSchema, "Too many sign-ups from this address"),
      },
    }),
    async (c) => {
      const data = await c.var.services.signUpForOpeningNotice({
        eventId: c.req.valid("param").uuid,
        notice: c.req.valid("json"),
        locale: c.var.locale,
        clientAddress: clientAddressOf(c),
      });
      return c.json({ data }, 200);
    },
  );
}
