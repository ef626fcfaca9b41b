import { randomUUID } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { openBookingResponseSchema, submitBookingResponseSchema } from "../../core/contracts/bookings";
import { errorResponseSchema } from "../../core/contracts/errors";
import type { PublicForm } from "../../core/contracts/forms";
import { mainParticipantAnswers } from "./booking-answers";

/**
 * One buyer booking through the site's JSON API the way the booking form does it: open a draft, save
 * every page, submit. Shared by the HTTP sale-rush bench and the scale-out test, which both drive the
 * seeded one-day golf tournament (its form needs no upload).
 */
export type BuyerStep = "open" | "save" | "submit";
export type BuyerOutcome = { kind: "completed"; code: string } | { kind: "fully_booked" } | { kind: "error"; key: string; detail: string };
export type PaymentOption = "credit_card" | "invoice";
export type PagePlan = { uuid: string; items: { uuid: string; name: string }[] };

/** The answers every buyer gives, by item name; the page they belong to comes from the form. */
function answersByName(email: string, payment: PaymentOption): Record<string, string | boolean> {
  return { ...mainParticipantAnswers(email), "golf.handicap": "hcp_19_36", terms: true, payment_option: payment };
}

/** Fails before a rush, not thousands of times during it, when the form asks for something no buyer answers. */
export function planPages(form: PublicForm): PagePlan[] {
  const known = answersByName("check@example.com", "invoice");
  const missing = form.pages.flatMap((page) =>
    // Children of groups are conditional (the billing address shows only when asked for).
    page.items.filter((item) => item.required && item.parent_uuid === null && !(item.name in known)).map((item) => item.name),
  );
  if (missing.length) throw new Error(`the form has required items the buyers do not answer: ${missing.join(", ")}`);
  return form.pages.map((page) => ({ uuid: page.uuid, items: page.items.filter((item) => item.name in known).map(({ uuid, name }) => ({ uuid, name })) }));
}

export type Buyer = {
  /** Where each request goes (a balancer, or one of several processes). */
  origin: () => string;
  formId: string;
  pages: PagePlan[];
  payment: PaymentOption;
  /** Extra request headers, e.g. a client address a trusted proxy would send. */
  headers?: Record<string, string>;
  /** Called with each request's time in milliseconds, body read included. */
  onTiming?: (step: BuyerStep, milliseconds: number) => void;
  /** How requests are sent: fetch by default; an app's own `request` in the API tests, keep-alive node:http in the bench. */
  transport?: BuyerTransport;
};

export type BuyerRequest = { method: "GET" | "PUT" | "POST"; url: string; headers: Record<string, string>; body?: string };
/** Sends one request and reads the whole answer (a connection is only reused once drained, as in a browser). */
export type BuyerTransport = (request: BuyerRequest) => Promise<{ status: number; body: string }>;

/** A transport over a fetch-like function: the global fetch, or a Hono app's `request`. */
export function fetchTransport(send: (url: string, init: RequestInit) => Response | Promise<Response> = fetch): BuyerTransport {
  return async ({ method, url, headers, body }) => {
    const response = await send(url, { method, headers, ...(body === undefined ? {} : { body }) });
    return { status: response.status, body: await response.text() };
  };
}

/**
 * node:http with a keep-alive pool, decompressing what the server compressed (it asks for gzip and
 * brotli like a browser): a sale rush's client shares the machine's two cores with the site and
 * PostgreSQL, and fetch (undici, web streams) costs it several times more CPU per request.
 */
export function keepAliveTransport(maxSockets: number): { transport: BuyerTransport; close: () => void } {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const transport: BuyerTransport = ({ method, url, headers, body }) =>
    new Promise((resolve, reject) => {
      const outgoing = httpRequest(url, { method, agent, headers: { ...headers, "accept-encoding": "gzip, br" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          try {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers["content-encoding"];
            const text = (encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
            resolve({ status: response.statusCode ?? 0, body: text });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  return { transport, close: () => agent.destroy() };
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeError(step: BuyerStep, status: number, body: string): BuyerOutcome {
  const parsed = errorResponseSchema.safeParse(safeJson(body));
  const code = parsed.success ? `${parsed.data.code}${parsed.data.reason ? `/${parsed.data.reason}` : ""}` : "not an error answer";
  const detail = parsed.success ? parsed.data.message + (parsed.data.errors ? ` ${JSON.stringify(parsed.data.errors)}` : "") : body.slice(0, 200);
  return { kind: "error", key: `${step} ${status} ${code}`, detail };
}

export async function buy(buyer: Buyer): Promise<BuyerOutcome> {
  const transport = buyer.transport ?? fetchTransport();
  const headers = { "accept-language": "en-GB,en;q=0.9", ...buyer.headers };
  const timed = async (step: BuyerStep, request: BuyerRequest) => {
    const t0 = performance.now();
    const answer = await transport(request);
    buyer.onTiming?.(step, performance.now() - t0);
    return answer;
  };
  const opened = await timed("open", { method: "GET", url: `${buyer.origin()}/api/booking/public/${buyer.formId}`, headers });
  if (opened.status !== 200) return describeError("open", opened.status, opened.body);
  const draft = openBookingResponseSchema.parse(JSON.parse(opened.body));
  const token = draft.booking_token;
  if (!token) return { kind: "error", key: "open 200 without booking_token", detail: opened.body.slice(0, 200) };
  const uuid = draft.data.uuid;
  const values = answersByName(`buyer-${randomUUID().slice(0, 12)}@example.com`, buyer.payment);
  const send = (method: "PUT" | "POST", url: string, body: unknown): BuyerRequest => ({
    method,
    url,
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  for (const page of buyer.pages) {
    const answers = Object.fromEntries(page.items.map((item) => [item.uuid, values[item.name]]));
    const saved = await timed("save", send("PUT", `${buyer.origin()}/api/booking/public/${uuid}/update/${page.uuid}`, { booking_token: token, answers }));
    if (saved.status !== 200) return describeError("save", saved.status, saved.body);
  }

  const submitted = await timed("submit", send("POST", `${buyer.origin()}/api/booking/public/${uuid}/submit`, { booking_token: token }));
  if (submitted.status === 200 || submitted.status === 201) {
    const booking = submitBookingResponseSchema.safeParse(safeJson(submitted.body));
    if (booking.success && booking.data.data.code) return { kind: "completed", code: booking.data.data.code };
    return { kind: "error", key: `submit ${submitted.status} without a booking code`, detail: submitted.body.slice(0, 200) };
  }
  const refusal = errorResponseSchema.safeParse(safeJson(submitted.body));
  if (submitted.status === 409 && refusal.success && refusal.data.reason === "fully_booked") return { kind: "fully_booked" };
  return describeError("submit", submitted.status, submitted.body);
}
