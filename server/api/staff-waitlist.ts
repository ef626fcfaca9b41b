import { apiRoute } from "./api-route";
import { z } from "zod";
import { errorResponseSchema } from "../../core/contracts/errors";
import { staffWaitlistEntryParamsSchema, staffWaitlistParamsSchema, staffWaitlistResponseSchema } from "../../core/contracts/staff-waitlist";
import { requireRole } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

const bearer = [{ bearerAuth: [] }];
const refusals = { 401: json(errorResponseSchema, "Not logged in"), 403: json(errorResponseSchema, "Not staff with the second factor") };
const offerResponseSchema = z.object({ data: z.object({ entry_uuid: z.string().uuid(), places: z.number().int(), expires_at: z.string() }) });
const removeResponseSchema = z.object({ data: z.object({ uuid: z.string().uuid(), status: z.literal("cancelled") }) });

/** An event's waitlist in the back office (issue 13): see it, offer places by hand, take an entry off. */
export function registerStaffWaitlistRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/events/{uuid}/waitlist",
      tags: ["staff"],
      summary: "An event's waitlist: every entry with its party size, status, position and open offer (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffWaitlistParamsSchema },
      responses: { 200: json(staffWaitlistResponseSchema, "The waitlist"), ...refusals, ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffWaitlist.read(c.var.actor, { eventId: c.req.valid("param").uuid, locale: c.var.locale }) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/events/{uuid}/waitlist/{entry}/offer",
      tags: ["staff"],
      summary: "Offer the free places to one waiting party by hand, out of turn: held, mailed, expiring as the automatic offers (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffWaitlistEntryParamsSchema },
      responses: { 200: json(offerResponseSchema, "The offer"), 409: json(errorResponseSchema, "Not waiting, or not enough free places"), ...refusals, ...errorAnswers },
    }),
    async (c) => {
      const { uuid, entry } = c.req.valid("param");
      const offer = await c.var.services.staffWaitlist.offer(c.var.actor, { eventId: uuid, entryId: entry, staffEmail: c.var.user?.email ?? "" });
      return c.json({ data: { entry_uuid: offer.entryId, places: offer.places, expires_at: offer.expiresAt.toISOString() } }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/events/{uuid}/waitlist/{entry}/remove",
      tags: ["staff"],
      summary: "Take an entry off the waitlist; an open offer's places go to the next party at once (staff only)",
      security: bearer,
      middleware: requireRole("staff"),
      request: { params: staffWaitlistEntryParamsSchema },
      responses: { 200: json(removeResponseSchema, "The entry, cancelled"), 409: json(errorResponseSchema, "Already closed"), ...refusals, ...errorAnswers },
    }),
    async (c) => {
      const { uuid, entry } = c.req.valid("param");
      return c.json({ data: await c.var.services.staffWaitlist.remove(c.var.actor, { eventId: uuid, entryId: entry, staffEmail: c.var.user?.email ?? "" }) }, 200);
    },
  );
}
