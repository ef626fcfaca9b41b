import { apiRoute } from "./api-route";
import {
  loginRequestSchema,
  logoutRequestSchema,
  messageResponseSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetConfirmSchema,
  resetParamsSchema,
  resetRequestSchema,
  tokenResponseSchema,
  updateSettingsSchema,
  deleteProfileSchema,
  userBookingsResponseSchema,
  userParamsSchema,
  userResponseSchema,
  verifyParamsSchema,
} from "../../core/contracts/auth";
import { errorResponseSchema } from "../../core/contracts/errors";
import {
  enrolmentConfirmResponseSchema,
  enrolmentConfirmSchema,
  enrolmentRequestSchema,
  enrolmentResponseSchema,
  loginResponseSchema,
  secondFactorRequestSchema,
} from "../../core/contracts/second-factor";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { type ApiMessageKey } from "../errors";
import { clientAddressOf } from "../http/forwarded-request";
import { deviceCookie, deviceCookieOf } from "../http/web-session";
import { bearerTokenOf, requireActor } from "./actor";
import type { ApiRouter } from "./api-app";
import { json } from "./openapi-answers";

const body = <T>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const errors = {
  401: json(errorResponseSchema, "Not logged in, or the token is invalid"),
  403: json(errorResponseSchema, "Not allowed"),
  422: json(errorResponseSchema, "Invalid input: `errors` holds the messages per field"),
  429: json(errorResponseSchema, "Too many attempts"),
};
const bearer = [{ bearerAuth: [] }];

/** Spec §7 account calls: login, refresh, logout, register, verify, reset, settings, own bookings. */
export function registerAuthRoutes(api: ApiRouter) {
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer", bearerFormat: "JWT" });
  const message = (c: { var: { locale: Locale } }, key: ApiMessageKey): { message: string } => ({ message: String(translatorFor(c.var.locale)(`api.${key}`)) });

  api.openapi(
    apiRoute({
      method: "post",
      path: "/auth/public/login",
      tags: ["auth"],
      summary:
        "Log in with e-mail and password. Customers get tokens; staff and admins get a challenge for the second factor (`second_factor`), which `/auth/public/login/second-factor` (or, without an authenticator yet, `…/enrolment` and `…/enrolment/confirm`) trades for tokens",
      request: body(loginRequestSchema),
      responses: { 200: json(loginResponseSchema, "Tokens, or the second factor's challenge"), ...errors },
    }),
    async (c) => {
      const {
        tokens,
        secondFactor,
        deviceCookie: device,
      } = await c.var.services.accounts.login({
        request: c.req.valid("json"),
        locale: c.var.locale,
        clientAddress: clientAddressOf(c),
        deviceCookie: deviceCookieOf(c.req.raw),
      });
      // API clients that keep cookies send it back at their next login, like a browser (docs/decisions/011).
      c.header("Set-Cookie", deviceCookie(c.req.raw, device), { append: true });
      return c.json(secondFactor ? { second_factor: secondFactor } : tokens, 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/auth/public/login/second-factor",
      tags: ["auth"],
      summary: "Staff's second step: the login's challenge and the authenticator's current code, or an unused recovery code",
      request: body(secondFactorRequestSchema),
      responses: {
        200: json(tokenResponseSchema, "Tokens of a session with the second factor"),
        409: json(errorResponseSchema, "No authenticator yet: enrol first"),
        ...errors,
      },
    }),
    async (c) => c.json(await c.var.services.accounts.verifySecondFactor({ request: c.req.valid("json"), locale: c.var.locale }), 200),
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/auth/public/login/second-factor/enrolment",
      tags: ["auth"],
      summary: "A staff account without an authenticator: the secret to add to the app (as text, otpauth URI and SVG QR code)",
      request: body(enrolmentRequestSchema),
      responses: { 200: json(enrolmentResponseSchema, "The secret"), 409: json(errorResponseSchema, "Already enrolled"), ...errors },
    }),
    async (c) => c.json({ data: await c.var.services.accounts.beginSecondFactorEnrolment(c.req.valid("json").challenge) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/auth/public/login/second-factor/enrolment/confirm",
      tags: ["auth"],
      summary: "The app's first code turns the second factor on: tokens, and the ten recovery codes (shown this once)",
      request: body(enrolmentConfirmSchema),
      responses: { 200: json(enrolmentConfirmResponseSchema, "Tokens and recovery codes"), 409: json(errorResponseSchema, "Already enrolled"), ...errors },
    }),
    async (c) => {
      const { challenge, code } = c.req.valid("json");
      return c.json(await c.var.services.accounts.confirmSecondFactorEnrolment({ challenge, code, locale: c.var.locale }), 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/auth/refresh",
      tags: ["auth"],
      summary: "Trade a refresh token for a new pair (the old one is spent)",
      request: body(refreshRequestSchema),
      responses: { 200: json(tokenResponseSchema, "Tokens"), ...errors },
    }),
    async (c) =>
      c.json(
        await c.var.services.accounts.refresh(c.req.valid("json").refresh_token, { address: clientAddressOf(c), userAgent: c.req.header("user-agent") ?? "" }),
        200,
      ),
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/auth/logout",
      tags: ["auth"],
      summary: "End the session named by the refresh token in the body or the bearer access token: its refresh and access tokens stop working at once",
      request: { body: { content: { "application/json": { schema: logoutRequestSchema } }, required: false } },
      responses: { 200: json(messageResponseSchema, "Logged out"), ...errors },
    }),
    async (c) => {
      const input = await c.req.json().catch(() => ({}));
      const parsed = logoutRequestSchema.safeParse(input);
      await c.var.services.accounts.logout({ refreshToken: parsed.success ? parsed.data.refresh_token : undefined, accessToken: bearerTokenOf(c) });
      return c.json(message(c, "loggedOut"), 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/auth/user",
      tags: ["auth"],
      summary: "The logged-in user",
      security: bearer,
      middleware: requireActor(),
      responses: { 200: json(userResponseSchema, "The user"), ...errors },
    }),
    async (c) => c.json({ data: await c.var.services.accounts.getUser(c.var.actor) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/auth/public/register",
      tags: ["auth"],
      summary: "Create an account; a verification e-mail follows in the request's language",
      request: body(registerRequestSchema),
      responses: { 201: json(messageResponseSchema, "Registered, verification sent"), ...errors },
    }),
    async (c) => {
      await c.var.services.accounts.register({ request: c.req.valid("json"), locale: c.var.locale, clientAddress: clientAddressOf(c) });
      return c.json(message(c, "registered"), 201);
    },
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/auth/public/verify/{token}",
      tags: ["auth"],
      summary: "Confirm the e-mail address with the link's token; logs the user in",
      request: { params: verifyParamsSchema },
      responses: { 200: json(tokenResponseSchema, "Tokens"), 400: json(errorResponseSchema, "Invalid or expired link"), ...errors },
    }),
    async (c) => c.json(await c.var.services.accounts.verifyEmail(c.req.valid("param").token), 200),
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/auth/reset-password",
      tags: ["auth"],
      summary: "Request a password reset e-mail (same answer whether or not the address has an account)",
      request: body(resetRequestSchema),
      responses: { 200: json(messageResponseSchema, "Request taken"), ...errors },
    }),
    async (c) => {
      await c.var.services.accounts.requestPasswordReset({ email: c.req.valid("json").email, locale: c.var.locale, clientAddress: clientAddressOf(c) });
      return c.json(message(c, "resetSent"), 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "post",
      path: "/auth/reset-password/{token}",
      tags: ["auth"],
      summary: "Set a new password with the e-mailed token (single use)",
      request: { params: resetParamsSchema, ...body(resetConfirmSchema) },
      responses: { 200: json(messageResponseSchema, "Password changed"), 400: json(errorResponseSchema, "Invalid or expired link"), ...errors },
    }),
    async (c) => {
      await c.var.services.accounts.resetPassword({ token: c.req.valid("param").token, password: c.req.valid("json").password, locale: c.var.locale });
      return c.json(message(c, "resetDone"), 200);
    },
  );

  api.openapi(
    apiRoute({
      method: "get",
      path: "/settings/user",
      tags: ["settings"],
      summary: "The logged-in user's settings",
      security: bearer,
      middleware: requireActor(),
      responses: { 200: json(userResponseSchema, "The user"), ...errors },
    }),
    async (c) => c.json({ data: await c.var.services.accounts.getUser(c.var.actor) }, 200),
  );
  api.openapi(
    apiRoute({
      method: "put",
      path: "/settings/user/{uuid}",
      tags: ["settings"],
      summary: "Change one's own profile; a new e-mail address or password needs the current password (`old_password`). A new password ends every session.",
      security: bearer,
      middleware: requireActor(),
      request: { params: userParamsSchema, ...body(updateSettingsSchema) },
      responses: { 200: json(userResponseSchema, "The updated user"), ...errors },
    }),
    async (c) =>
      c.json(
        {
          data: await c.var.services.accounts.updateUser(c.var.actor, {
            userId: c.req.valid("param").uuid,
            settings: c.req.valid("json"),
            locale: c.var.locale,
            clientAddress: clientAddressOf(c),
          }),
        },
        200,
      ),
  );
  api.openapi(
    apiRoute({
      method: "delete",
      path: "/settings/user/{uuid}",
      tags: ["settings"],
      summary: "Delete one's own profile, irrevocably; needs the current password (`password`), else 422 and nothing changes",
      security: bearer,
      middleware: requireActor(),
      request: { params: userParamsSchema, ...body(deleteProfileSchema) },
      responses: { 200: json(messageResponseSchema, "Deleted"), ...errors },
    }),
    async (c) => {
      await c.var.services.accounts.deleteUser(c.var.actor, {
        userId: c.req.valid("param").uuid,
        password: c.req.valid("json").password,
        locale: c.var.locale,
        clientAddress: clientAddressOf(c),
      });
      return c.json(message(c, "profileDeleted"), 200);
    },
  );
  api.openapi(
    apiRoute({
      method: "get",
      path: "/booking/public",
      tags: ["bookings"],
      summary: "The logged-in user's bookings, split into future and expired",
      security: bearer,
      middleware: requireActor(),
      responses: { 200: json(userBookingsResponseSchema, "Bookings"), ...errors },
    }),
    async (c) => c.json({ data: await c.var.services.accounts.listBookings(c.var.actor, { locale: c.var.locale }) }, 200),
  );
}
