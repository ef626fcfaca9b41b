import { apiRoute } from "./api-route";
import { z } from "zod";
import { errorResponseSchema } from "../../core/contracts/errors";
import {
  staffAccountChangeSchema,
  staffAccountParamsSchema,
  staffAccountResponseSchema,
  staffAccountsResponseSchema,
  staffInvitationAcceptSchema,
  staffInvitationSchema,
} from "../../core/contracts/staff-accounts";
import { translatorFor } from "../../core/i18n/i18n";
import { requireRole } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

const body = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const bearer = [{ bearerAuth: [] }];
const refusals = {
  401: json(errorResponseSchema, "Not logged in"),
  403: json(errorResponseSchema, "Not an admin with the second factor"),
};

/** The staff accounts (decision 027): admins only, every change audited; and the invitation's link. */
export function registerStaffAccountRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/accounts",
      tags: ["staff"],
      summary: "Every staff and admin account (admins only)",
      security: bearer,
      middleware: requireRole("admin"),
      responses: { 200: json(staffAccountsResponseSchema, "The accounts"), ...refusals, ...errorAnswers },
    }),
    async (c) => c.json({ data: await c.var.services.staffAccounts.list(c.var.actor) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/accounts/invitations",
      tags: ["staff"],
      summary: "Invite someone to the back office by e-mail, with a role; the link sets the password (admins only)",
      security: bearer,
      middleware: requireRole("admin"),
      request: body(staffInvitationSchema),
      responses: {
        201: json(staffAccountResponseSchema, "The invited account"),
        409: json(errorResponseSchema, "The address has an account"),
        ...refusals,
        ...errorAnswers,
      },
    }),
    async (c) => {
      const inviter = { email: c.var.user?.email ?? "", name: c.var.user?.name ?? "" };
      const data = await c.var.services.staffAccounts.invite(c.var.actor, { invitation: c.req.valid("json"), inviter, locale: c.var.locale });
      return c.json({ data }, 201);
    },
  );
  api.openapi(
    apiRoute({
      method: "patch",
      path: "/staff/accounts/{uuid}",
      tags: ["staff"],
      summary: "Change a staff account: its role, disable, enable, or reset its second factor; ends its sessions (admins only, not one's own account)",
      security: bearer,
      middleware: requireRole("admin"),
      request: { params: staffAccountParamsSchema, ...body(staffAccountChangeSchema) },
      responses: {
        200: json(staffAccountResponseSchema, "The changed account"),
        409: json(errorResponseSchema, "One's own account"),
        ...refusals,
        ...errorAnswers,
      },
    }),
    async (c) => {
      const data = await c.var.services.staffAccounts.update(c.var.actor, {
        userId: c.req.valid("param").uuid,
        change: c.req.valid("json"),
        actorEmail: c.var.user?.email ?? "",
      });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/staff/accounts/{uuid}/invitation",
      tags: ["staff"],
      summary: "Send a pending invitation again: the earlier links stop working, a new one (a week) goes out (admins only)",
      security: bearer,
      middleware: requireRole("admin"),
      request: { params: staffAccountParamsSchema },
      responses: {
        200: json(staffAccountResponseSchema, "The invited account"),
        409: json(errorResponseSchema, "The invitation was taken up, or the account is disabled"),
        ...refusals,
        ...errorAnswers,
      },
    }),
    async (c) => {
      const inviter = { email: c.var.user?.email ?? "", name: c.var.user?.name ?? "" };
      const data = await c.var.services.staffAccounts.resendInvitation(c.var.actor, { userId: c.req.valid("param").uuid, inviter });
      return c.json({ data }, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "delete",
      path: "/staff/accounts/{uuid}/invitation",
      tags: ["staff"],
      summary: "Take back a pending invitation: its links stop working and the account without a password is removed (admins only)",
      security: bearer,
      middleware: requireRole("admin"),
      request: { params: staffAccountParamsSchema },
      responses: {
        204: { description: "Taken back" },
        409: json(errorResponseSchema, "The invitation was taken up, or the account is disabled"),
        ...refusals,
        ...errorAnswers,
      },
    }),
    async (c) => {
      await c.var.services.staffAccounts.revokeInvitation(c.var.actor, { userId: c.req.valid("param").uuid, actorEmail: c.var.user?.email ?? "" });
      return c.body(null, 204);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/auth/public/staff-invitation/{token}",
      tags: ["auth"],
      summary: "The invited staff member sets their password with the invitation's link (single use, 7 days)",
      request: { params: z.object({ token: z.string().min(1).max(200) }), ...body(staffInvitationAcceptSchema) },
      responses: { 200: json(z.object({ message: z.string() }), "Password set: log in next"), ...errorAnswers },
    }),
    async (c) => {
      await c.var.services.accounts.acceptStaffInvitation({ token: c.req.valid("param").token, password: c.req.valid("json").password, locale: c.var.locale });
      return c.json({ message: String(translatorFor(c.var.locale)("api.staffInvitationAccepted")) }, 200);
    },
  );
}
