import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback stand-in for the part of Stripe's v1 API the Stripe adapter uses (checkout sessions,
 * their expiry and retrieval, refunds), speaking Stripe's wire format; the SDK is pointed at it with
 * `apiBase` (server/payments/stripe-provider.ts). Used by tests/api/stripe-provider.test.ts and the
 * two-provider test (tests/api/payment-providers.test.ts).
 */
export type SessionStatus = "open" | "complete" | "expired";
export type PaymentStatus = "unpaid" | "paid" | "no_payment_required";

/** The subset of Stripe's Checkout Session object that the provider reads, shaped as the API sends it. */
export type WireSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: SessionStatus;
  payment_status: PaymentStatus;
  url: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
  livemode: false;
  payment_intent: string | null;
};

export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };

export type StripeStandIn = {
  port: number;
  requests: RecordedRequest[];
  sessions: Map<string, WireSession>;
  /** Answers the next N session creations with a 503, as Stripe does under load (nothing is stored). */
  failNextCreates: (count: number) => void;
  /**
   * Answers the next N expiry requests with a 503 that Stripe marks not to be retried, so the SDK gives
   * up at once (a network failure looks the same to the caller, after the SDK's own retries).
   */
  failNextExpires: (count: number) => void;
  close: () => Promise<void>;
};

function stripeError(response: ServerResponse, status: number, error: { type: string; message: string; code?: string; param?: string }): void {
  response.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(7).toString("hex")}` });
  response.end(JSON.stringify({ error }));
}

function sendJson(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(7).toString("hex")}`, ...headers });
  response.end(body);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** Stripe's bracket notation flattened: `metadata[payment_id]=…` becomes { payment_id: … } for the given prefix. */
export function formObject(form: URLSearchParams, prefix: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = key.startsWith(`${prefix}[`) ? /^\[([^\]]+)\]$/.exec(key.slice(prefix.length)) : null;
    if (match?.[1]) result[match[1]] = value;
  }
  return result;
}

/**
 * A loopback stand-in for the part of Stripe's v1 API the provider uses, speaking its wire format:
 * form-encoded requests with bracket notation, Bearer auth, Idempotency-Key replay (same parameters
 * only, like Stripe), JSON objects back and Stripe's `{ error: { type, message, code } }` shape.
 */
export function startStripeStandIn(secretKey: string): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, WireSession>();
  const idempotent = new Map<string, { body: string; status: number; json: string }>();
  let failuresLeft = 0;
  let expiryFailuresLeft = 0;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const body = await readBody(request);
    const form = new URLSearchParams(request.method === "GET" ? url.search : body);
    requests.push({ method: request.method ?? "", path: url.pathname, headers: request.headers, form });

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(response, 401, { type: "invalid_request_error", message: "Invalid API Key provided" });
    }

    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (!request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
        return stripeError(response, 400, { type: "invalid_request_error", message: "Invalid request: unsupported Content-Type" });
      }
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return stripeError(response, 503, { type: "api_error", message: "The server is temporarily unavailable" });
      }
      const idempotencyKey = request.headers["idempotency-key"];
      const key = typeof idempotencyKey === "string" ? idempotencyKey : null;
      const replay = key ? idempotent.get(key) : undefined;
      if (replay) {
        if (replay.body !== body) {
          return stripeError(response, 400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        }
        return sendJson(response, replay.status, replay.json, { "idempotent-replayed": "true" });
      }

      const created = Math.floor(Date.now() / 1000);
      const expiresAt = Number(form.get("expires_at") ?? created + 24 * 60 * 60);
      // Stripe validates before the idempotency layer stores anything: a rejected request can be fixed and resent.
      if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 60 * 60) {
        return stripeError(response, 400, {
          type: "invalid_request_error",
          message: "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
          param: "expires_at",
        });
      }
      const unitAmount = Number(form.get("line_items[0][price_data][unit_amount]"));
      const quantity = Number(form.get("line_items[0][quantity]") ?? "1");
      const id = `cs_test_${randomBytes(24).toString("hex")}`;
      const session: WireSession = {
        id,
        object: "checkout.session",
        mode: form.get("mode") ?? "payment",
        status: "open",
        payment_status: "unpaid",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        amount_subtotal: unitAmount * quantity,
        amount_total: unitAmount * quantity,
        currency: form.get("line_items[0][price_data][currency]") ?? "eur",
        client_reference_id: form.get("client_reference_id"),
        customer_email: form.get("customer_email"),
        locale: form.get("locale"),
        metadata: formObject(form, "metadata"),
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        created,
        expires_at: expiresAt,
        livemode: false,
        payment_intent: null,
      };
      sessions.set(id, session);
      const json = JSON.stringify(session);
      if (key) idempotent.set(key, { body, status: 200, json });
      return sendJson(response, 200, json);
    }

    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (request.method === "POST" && expire?.[1]) {
      if (expiryFailuresLeft > 0) {
        expiryFailuresLeft -= 1;
        response.setHeader("stripe-should-retry", "false");
        return stripeError(response, 503, { type: "api_error", message: "The server is temporarily unavailable" });
      }
      const session = sessions.get(decodeURIComponent(expire[1]));
      if (!session) return stripeError(response, 404, { type: "invalid_request_error", message: "No such checkout.session", code: "resource_missing" });
      if (session.status !== "open") {
        return stripeError(response, 400, {
          type: "invalid_request_error",
          message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
        });
      }
      session.status = "expired";
      session.url = null;
      return sendJson(response, 200, JSON.stringify(session));
    }

    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && retrieve?.[1]) {
      const id = decodeURIComponent(retrieve[1]);
      const session = sessions.get(id);
      if (!session) {
        return stripeError(response, 404, {
          type: "invalid_request_error",
          message: `No such checkout.session: '${id}'`,
          code: "resource_missing",
          param: "session",
        });
      }
      return sendJson(response, 200, JSON.stringify(session));
    }

    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      const key = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : null;
      const replay = key ? idempotent.get(key) : undefined;
      if (replay) return sendJson(response, replay.status, replay.json, { "idempotent-replayed": "true" });
      const intent = form.get("payment_intent");
      const session = [...sessions.values()].find((candidate) => candidate.payment_intent === intent);
      if (!session) return stripeError(response, 404, { type: "invalid_request_error", message: `No such payment_intent: '${intent}'`, code: "resource_missing" });
      const amount = Number(form.get("amount") ?? session.amount_total);
      if (amount > session.amount_total) {
        return stripeError(response, 400, { type: "invalid_request_error", message: "Refund amount is greater than unrefunded amount", code: "amount_too_large" });
      }
      const json = JSON.stringify({ id: `re_${randomBytes(12).toString("hex")}`, object: "refund", amount, payment_intent: intent, status: "succeeded", metadata: formObject(form, "metadata") });
      if (key) idempotent.set(key, { body, status: 200, json });
      return sendJson(response, 200, json);
    }

    return stripeError(response, 404, { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${url.pathname}).` });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => stripeError(response, 500, { type: "api_error", message: String(error) }));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        requests,
        sessions,
        failNextCreates: (count) => {
          failuresLeft = count;
        },
        failNextExpires: (count) => {
          expiryFailuresLeft = count;
        },
        close: () =>
          new Promise((done) => {
            // The SDK keeps its sockets alive; without this close() would wait for them to time out.
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
