import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import type { DatabaseHandle } from "../../server/db/client";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createPaymentResponseSchema } from "../../core/contracts/payments";
import { createApp } from "../../server/http/create-app";
import { createSandboxCheckoutRoutes } from "../../server/payments/sandbox-checkout-routes";
import { createSandboxTestApi } from "../support/api-client";
import { createHeldCardBooking } from "../support/factories";
import { fuzzSeed, hostileValues, seededRandom, stackOrException } from "../support/fuzz-inputs";
import { createTestDatabase } from "../support/test-database";

/**
 * Issue 10, "bad input is a clear 4xx, never a 5xx": every operation of /api/openapi.json is called
 * with a fixed, seeded set of mutations of a valid example (wrong types, missing and extra fields,
 * empty and 1 MB strings, NUL and lone surrogates, negative and huge numbers, malformed uuids, path
 * traversal, malformed JSON, wrong content types), anonymously and with a customer's and a staff
 * member's bearer token. No answer may be a 5xx, every error answer has the API's one error shape,
 * no body shows internal detail, and nothing reaches the error log.
 */

type Operation = { method: string; path: string; operation: OpenApiOperation };
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
};
type OpenApiOperation = {
  parameters?: { in: "path" | "query"; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
};
type Attempt = { label: string; method: string; url: string; headers: Record<string, string>; body?: BodyInit };
type Finding = { label: string; status: number; body: string };

const random = seededRandom(fuzzSeed);
/** Code units a visitor never types: controls, NUL, both surrogate halves, BOM, RTL override, emoji. */
const awkwardUnits = ["\u0000", "\u0001", "\u001f", "\u007f", "\ud800", "\udfff", "\ufeff", "\u202e", "😀", "ß", "\\", '"', "'", "%", "/", ".", " "];
function randomText(): string {
  const length = Math.floor(random() * 64);
  let text = "";
  for (let index = 0; index < length; index++) {
    text += random() < 0.4 ? awkwardUnits[Math.floor(random() * awkwardUnits.length)] : String.fromCharCode(32 + Math.floor(random() * 95));
  }
  return text;
}

/** Values put in place of each field of a valid body. */
function valueMutations(): { label: string; value: unknown }[] {
  return [
    { label: "number", value: 12345 },
    { label: "boolean", value: true },
    { label: "null", value: null },
    { label: "array", value: ["a", 1] },
    { label: "object", value: { nested: "x" } },
    { label: "empty string", value: "" },
    { label: "1 MB string", value: hostileValues.megabyte },
    { label: "NUL", value: "a\u0000b" },
    { label: "lone high surrogate", value: "\ud800x" },
    { label: "lone low surrogate", value: "x\udc00" },
    { label: "negative", value: -1 },
    { label: "int4 overflow", value: 2 ** 31 },
    { label: "huge integer", value: Number.MAX_SAFE_INTEGER * 1024 },
    { label: "huge float", value: 1e308 },
    { label: "fraction", value: -0.5 },
    { label: "malformed uuid", value: hostileValues.malformedUuid },
    { label: "nil uuid", value: hostileValues.nilUuid },
    { label: "path traversal", value: "../../../../etc/passwd" },
    { label: "invalid date", value: hostileValues.invalidDate },
    { label: "far date", value: "99999-12-31T25:61:00Z" },
    { label: "markup", value: "<script>alert(1)</script>" },
    { label: "sql", value: "' OR 1=1; --" },
    { label: "seeded text 1", value: randomText() },
    { label: "seeded text 2", value: randomText() },
  ];
}

/** Values put in place of each path and query parameter, already URL-encoded. */
const parameterMutations: { label: string; value: string }[] = [
  { label: "empty", value: "" },
  { label: "NUL", value: hostileValues.encodedNul },
  { label: "encoded lone surrogate", value: "%ED%A0%80" },
  { label: "percent-u escape", value: "%uD800" },
  { label: "malformed escape", value: "%E0%A4%A" },
  { label: "bare percent", value: "%" },
  { label: "overlong slash", value: "%C0%AF" },
  { label: "encoded traversal", value: hostileValues.encodedTraversal },
  { label: "dot dot", value: ".." },
  { label: "10 000 characters", value: "y".repeat(10_000) },
  { label: "negative", value: "-1" },
  { label: "int4 overflow", value: hostileValues.int4Overflow },
  { label: "huge integer", value: "99999999999999999999999" },
  { label: "malformed uuid", value: hostileValues.malformedUuid },
  { label: "nil uuid", value: hostileValues.nilUuid },
  { label: "umlaut and emoji", value: encodeURIComponent("ä😀") },
  { label: "seeded text", value: encodeURIComponent(randomText().replace(/[\ud800-\udfff]/g, "")) },
];

/** Whole bodies of a JSON operation that are not a JSON object, or not JSON, or not said to be JSON. */
const bodyMutations: { label: string; contentType: string | null; body: BodyInit | undefined }[] = [
  { label: "no body", contentType: "application/json", body: undefined },
  { label: "empty body", contentType: "application/json", body: "" },
  { label: "truncated JSON", contentType: "application/json", body: '{"email": "a@b.c", ' },
  { label: "bare word", contentType: "application/json", body: "hello" },
  { label: "raw NUL", contentType: "application/json", body: '{"a": "\u0000"}' },
  { label: "JSON null", contentType: "application/json", body: "null" },
  { label: "JSON array", contentType: "application/json", body: "[1,2,3]" },
  { label: "JSON string", contentType: "application/json", body: '"text"' },
  { label: "JSON number out of range", contentType: "application/json", body: "1e999" },
  { label: "deeply nested", contentType: "application/json", body: "[".repeat(20_000) + "]".repeat(20_000) },
  { label: "duplicate keys", contentType: "application/json", body: '{"a": 1, "a": 2}' },
  { label: "byte order mark", contentType: "application/json", body: '\ufeff{"a": 1}' },
  { label: "invalid UTF-8", contentType: "application/json", body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { label: "UTF-16 charset", contentType: "application/json; charset=utf-16", body: '{"a": 1}' },
  { label: "text/plain", contentType: "text/plain", body: '{"a": 1}' },
  { label: "urlencoded", contentType: "application/x-www-form-urlencoded", body: "a=b&c=%00" },
  { label: "multipart", contentType: "multipart/form-data; boundary=x", body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n' },
  { label: "no content type", contentType: null, body: '{"a": 1}' },
  { label: "garbage content type", contentType: "application/json;;;=\u00ff", body: "{}" },
];

/** Error answers are short sentences: anything that looks like SQL or names the database is a leak there. */
const internalDetail = new RegExp(
  `${stackOrException.source}|\\b[A-Z][A-Za-z]*Error\\b|\\bselect .+ from\\b|\\binsert into\\b|\\bdelete from\\b|postgres|pglite|drizzle|node_modules`,
  "i",
);

let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let uploadsDir: string;
const findings: Finding[] = [];
let sent = 0;

async function send(attempt: Attempt): Promise<void> {
  let response: Response;
  const loggedBefore = api.errors.length;
  try {
    response = await api.app.request(attempt.url, { method: attempt.method, headers: attempt.headers, body: attempt.body });
  } catch (error) {
    // Only the request could not be built (fetch refuses some URLs): nothing reached the server.
    if (error instanceof TypeError) return;
    throw error;
  }
  sent++;
  const text = await response.text();
  const record = (why: string) =>
    void findings.push({
      label: `${why}: ${attempt.label} (${attempt.method} ${attempt.url.slice(0, 120)})`,
      status: response.status,
      body: text.slice(0, 300),
    });
  if (api.errors.length > loggedBefore) {
    const error = api.errors[loggedBefore];
    record(`logged ${error instanceof Error ? error.message.slice(0, 80) : String(error)}`);
  }
  if (response.status >= 500) return record("5xx");
  if (response.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return record("error answer is not JSON");
    }
    if (!errorResponseSchema.safeParse(parsed).success) return record("error answer is not the error shape");
    if (internalDetail.test(text)) return record("internal detail");
  } else if (stackOrException.test(text)) {
    return record("internal detail");
  }
}

function fillPath(template: string, values: Record<string, string>): string {
  return `/api${template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "x")}`;
}

/** Every place in a JSON value a mutation can go, as key paths; also the schema's properties the example leaves out. */
function slotsOf(value: unknown, schema: JsonSchema | undefined, prefix: (string | number)[] = []): (string | number)[][] {
  const slots: (string | number)[][] = [];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      slots.push([...prefix, index], ...slotsOf(item, schema?.items, [...prefix, index]));
    });
  } else if (typeof value === "object" && value !== null) {
    const keys = new Set([...Object.keys(value), ...Object.keys(schema?.properties ?? {})]);
    for (const key of keys) {
      const child = schema?.properties?.[key] ?? (typeof schema?.additionalProperties === "object" ? schema.additionalProperties : undefined);
      slots.push([...prefix, key], ...slotsOf((value as Record<string, unknown>)[key], child, [...prefix, key]));
    }
  }
  return slots;
}

function withValue(example: unknown, slot: (string | number)[], value: unknown | typeof remove): unknown {
  const copy = structuredClone(example) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of slot.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = slot.at(-1)!;
  if (value === remove) delete parent[last];
  else parent[last] = value;
  return copy;
}
const remove = Symbol("remove");

describe("bad input is a clear 4xx, never a 5xx", () => {
  let customerToken = "";
  let staffToken = "";
  let customerUuid = "";
  let spareRefreshToken = "";
  let bookingUuid = "";
  let bookingToken = "";
  let pageUuid = "";
  let answers: Record<string, unknown> = {};
  let uploadItemUuid = "00000000-0000-4000-8000-000000000000";

  beforeEach(() => {
    findings.length = 0;
  });
  beforeAll(async () => {
    database = await createTestDatabase();
    uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), "input-fuzz-")), "uploads");
    api = createSandboxTestApi(database, "whsec_fuzz_secret_of_enough_length", { uploadsDir, rateLimitMultiplier: 1000 });
    const login = async (account: { email: string; password: string }) => {
      const response = await api.app.request("/api/auth/public/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { access_token: string; refresh_token: string };
    };
    customerToken = (await login(demoAccounts.customer)).access_token;
    staffToken = (await login(demoAccounts.staff)).access_token;
    spareRefreshToken = (await login(demoAccounts.customer)).refresh_token;
    const user = (await (await api.get("/api/auth/user", { authorization: `Bearer ${customerToken}` })).json()) as { data: { uuid: string } };
    customerUuid = user.data.uuid;
    const opened = (await (await api.get(`/api/booking/public/${seedIds.forms.golfYogaTrip}`)).json()) as { data: { uuid: string }; booking_token: string };
    bookingUuid = opened.data.uuid;
    bookingToken = opened.booking_token;
    const form = (await (await api.get(`/api/form/public/${seedIds.forms.golfYogaTrip}`)).json()) as {
      data: { pages: { uuid: string; items: { uuid: string; kind: string }[] }[] };
    };
    const firstPage = form.data.pages[0]!;
    pageUuid = firstPage.uuid;
    answers = Object.fromEntries(firstPage.items.map((item) => [item.uuid, item.kind === "checkbox" ? true : "Fuzz"]));
    uploadItemUuid = form.data.pages.flatMap((page) => page.items).find((item) => item.kind === "upload" || item.kind === "file")?.uuid ?? uploadItemUuid;
  });
  afterAll(async () => {
    await database?.close();
    if (uploadsDir) rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
  });

  /** A valid call of each operation, by "METHOD path": the start of every mutation. */
  function validExamples(): Record<string, { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }> {
    return {
      "get /booking/site/{id}": { params: { id: "1" } },
      "get /page": { query: { show_on_mobile: "1", search: "a", page: "1", per_page: "10" } },
      "get /page/{slug}": { params: { slug: "imprint" } },
      "get /public-events": { query: { category: "track-days" } },
      "get /form/public/{uuid}": { params: { uuid: seedIds.forms.golfYogaTrip }, query: { preview: "1" } },
      "get /form/reserved-vehicles/{id}": { params: { id: seedIds.forms.trackDayTwoDays } },
      "post /auth/public/login": { body: { email: demoAccounts.customer.email, password: "wrong-password-for-fuzz" } },
      "post /auth/refresh": { body: { refresh_token: spareRefreshToken } },
      "post /auth/logout": { body: { refresh_token: spareRefreshToken } },
      "post /auth/public/register": {
        body: {
          name: "Fuzz Tester",
          first_name: "Fuzz",
          last_name: "Tester",
          email: "fuzz@example.com",
          password: "Fairway-Sunrise-2031",
          password_confirmation: "Fairway-Sunrise-2031",
          locale: "en",
        },
      },
      "get /auth/public/verify/{token}": { params: { token: "t".repeat(43) } },
      "post /auth/reset-password": { body: { email: "nobody@example.com" } },
      "post /auth/reset-password/{token}": {
        params: { token: "t".repeat(43) },
        body: { password: "Fairway-Sunrise-2031", password_confirmation: "Fairway-Sunrise-2031" },
      },
      "put /settings/user/{uuid}": {
        params: { uuid: customerUuid },
        body: { name: demoAccounts.customer.name, first_name: "Stefan", last_name: "Hofmann", email: demoAccounts.customer.email },
      },
      "delete /settings/user/{uuid}": { params: { uuid: "00000000-0000-4000-8000-000000000000" } },
      "get /booking/public/{formUuid}": { params: { formUuid: seedIds.forms.golfYogaTrip }, query: { bookingToken, bookingUuid } },
      "put /booking/public/{uuid}/update/{pageUuid}": {
        params: { uuid: bookingUuid, pageUuid },
        body: { booking_token: bookingToken, answers },
      },
      "delete /booking/companion/{bookingUuid}/{companionUuid}/delete": {
        params: { bookingUuid, companionUuid: "00000000-0000-4000-8000-000000000001" },
        query: { bookingToken },
      },
      "post /booking/public/{uuid}/submit": { params: { uuid: bookingUuid }, body: { booking_token: bookingToken } },
      "post /booking/payment/create/{bookingUuid}/{locale}": { params: { bookingUuid, locale: "en" }, body: { booking_token: bookingToken } },
      "post /payment/webhook/{provider}": { params: { provider: "sandbox" }, body: { type: "checkout.completed" } },
      "post /staff/bookings/{uuid}/sma/{decision}": { params: { uuid: bookingUuid, decision: "verify" }, body: { note: "Called, all fine." } },
    };
  }

  /** Every mutation of one operation, with the given headers (none, a customer's token, a staff token). */
  function attemptsOf({ method, path: template, operation }: Operation, headers: Record<string, string>): Attempt[] {
    const example = validExamples()[`${method} ${template}`] ?? {};
    const params = example.params ?? {};
    const query = example.query ?? {};
    const queryString = (values: Record<string, string>) => {
      const entries = Object.entries(values);
      return entries.length ? `?${entries.map(([name, value]) => `${name}=${value}`).join("&")}` : "";
    };
    const encodedQuery = Object.fromEntries(Object.entries(query).map(([name, value]) => [name, encodeURIComponent(value)]));
    const encodedParams = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, encodeURIComponent(value)]));
    const url = fillPath(template, encodedParams) + queryString(encodedQuery);
    const jsonSchema = operation.requestBody?.content["application/json"]?.schema;
    const jsonHeaders = { ...headers, "content-type": "application/json" };
    const jsonBody = (body: unknown) => (jsonSchema || example.body !== undefined ? JSON.stringify(body) : undefined);
    const attempts: Attempt[] = [{ label: "valid example", method, url, headers: jsonHeaders, body: jsonBody(example.body ?? {}) }];

    for (const parameter of operation.parameters ?? []) {
      for (const mutation of parameterMutations) {
        const mutatedUrl =
          parameter.in === "path"
            ? fillPath(template, { ...encodedParams, [parameter.name]: mutation.value }) + queryString(encodedQuery)
            : fillPath(template, encodedParams) + queryString({ ...encodedQuery, [parameter.name]: mutation.value });
        attempts.push({
          label: `${parameter.in} ${parameter.name}: ${mutation.label}`,
          method,
          url: mutatedUrl,
          headers: jsonHeaders,
          body: jsonBody(example.body ?? {}),
        });
      }
    }
    attempts.push({
      label: "unknown query parameter with NUL",
      method,
      url: `${url}${url.includes("?") ? "&" : "?"}zz=%00`,
      headers: jsonHeaders,
      body: jsonBody(example.body ?? {}),
    });

    if (jsonSchema) {
      const base = example.body ?? {};
      for (const slot of slotsOf(base, jsonSchema)) {
        const field = slot.join(".");
        attempts.push({ label: `${field}: missing`, method, url, headers: jsonHeaders, body: JSON.stringify(withValue(base, slot, remove)) });
        for (const mutation of valueMutations()) {
          attempts.push({
            label: `${field}: ${mutation.label}`,
            method,
            url,
            headers: jsonHeaders,
            body: JSON.stringify(withValue(base, slot, mutation.value)),
          });
        }
      }
      attempts.push({ label: "extra field", method, url, headers: jsonHeaders, body: JSON.stringify({ ...(base as object), unexpected_field: "a\u0000" }) });
      attempts.push({ label: "NUL in a key", method, url, headers: jsonHeaders, body: JSON.stringify({ ...(base as object), "a\u0000b": 1 }) });
      for (const mutation of bodyMutations) {
        const mutatedHeaders: Record<string, string> = { ...headers };
        if (mutation.contentType) mutatedHeaders["content-type"] = mutation.contentType;
        attempts.push({ label: `body: ${mutation.label}`, method, url, headers: mutatedHeaders, body: mutation.body });
      }
    }
    return attempts;
  }

  async function fuzzOperations(filter: (operation: Operation) => boolean) {
    const document = (await (await api.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, OpenApiOperation>> };
    const operations = Object.entries(document.paths)
      .flatMap(([template, methods]) => Object.entries(methods).map(([method, operation]) => ({ method, path: template, operation })))
      .filter((operation) => !operation.operation.requestBody?.content["multipart/form-data"])
      .filter(filter);
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      // Past the auth check: secured operations are fuzzed logged in (staff ones as staff), the others
      // anonymously; a customer calling a staff operation and broken tokens are tried once each.
      const customer = { authorization: `Bearer ${customerToken}` };
      const staff = { authorization: `Bearer ${staffToken}` };
      const identities: Record<string, string>[] = operation.path.startsWith("/staff/") ? [staff] : operation.operation.security ? [customer] : [{}];
      if (operation.path.startsWith("/staff/")) await send({ ...attemptsOf(operation, customer)[0]!, label: "valid example as a customer" });
      if (operation.operation.security) {
        for (const broken of ["Bearer ", "Bearer not.a.jwt", `Bearer ${"z".repeat(10_000)}`, "Basic Zm9vOmJhcg==", `Bearer ${customerToken}x`]) {
          await send({
            label: `authorization ${broken.slice(0, 20)}`,
            method: operation.method,
            url: fillPath(operation.path, {}),
            headers: { authorization: broken },
          });
        }
      }
      for (const headers of identities) {
        for (const attempt of attemptsOf(operation, headers)) await send(attempt);
      }
    }
  }

  /** Every answer was checked as it came; a logged error is a finding of the request that caused it. */
  function expectNoFindings() {
    expect(findings).toEqual([]);
  }

  // Deleting the profile runs last: the other operations need the customer's account.
  it("every operation but deleting the profile: every mutation answers a 4xx or success, in the error shape, without internals", async () => {
    await fuzzOperations((operation) => !(operation.method === "delete" && operation.path === "/settings/user/{uuid}"));
    expect(sent).toBeGreaterThan(1000);
    expectNoFindings();
  }, 120_000);

  it("multipart uploads: NUL and surrogates in field names, values and file names, malformed multipart, wrong content types", async () => {
    const url = `/api/booking/${bookingUuid}/upload`;
    const cookie = `booking_token=${seedIds.forms.golfYogaTrip}:${bookingUuid}:${bookingToken}`;
    const part = (name: string, value: string, filename?: string) =>
      `--b\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}\r\n${filename === undefined ? "" : "Content-Type: image/png\r\n"}\r\n${value}\r\n`;
    const bodies: { label: string; contentType: string; body: string }[] = [
      {
        label: "NUL in the file name",
        contentType: "multipart/form-data; boundary=b",
        body: part("item_uuid", uploadItemUuid) + part("file", "\u0089PNG", "a\u0000b.png") + "--b--\r\n",
      },
      {
        label: "NUL in a field name",
        contentType: "multipart/form-data; boundary=b",
        body: part("item\u0000uuid", uploadItemUuid) + part("file", "x", "a.png") + "--b--\r\n",
      },
      {
        label: "NUL in the item uuid",
        contentType: "multipart/form-data; boundary=b",
        body: part("item_uuid", "a\u0000b") + part("file", "x", "a.png") + "--b--\r\n",
      },
      {
        label: "encoded file name with NUL",
        contentType: "multipart/form-data; boundary=b",
        body: part("item_uuid", uploadItemUuid) + part("file", "x", "x\"; filename*=UTF-8''a%00b.png") + "--b--\r\n",
      },
      {
        label: "encoded file name with a lone surrogate",
        contentType: "multipart/form-data; boundary=b",
        body: part("item_uuid", uploadItemUuid) + part("file", "x", "x\"; filename*=UTF-8''a%ED%A0%80.png") + "--b--\r\n",
      },
      {
        label: "traversal file name",
        contentType: "multipart/form-data; boundary=b",
        body: part("item_uuid", uploadItemUuid) + part("file", "x", "../../../etc/passwd") + "--b--\r\n",
      },
      {
        label: "1 MB file name",
        contentType: "multipart/form-data; boundary=b",
        body: part("item_uuid", uploadItemUuid) + part("file", "x", "n".repeat(1024 * 1024)) + "--b--\r\n",
      },
      {
        label: "unterminated",
        contentType: "multipart/form-data; boundary=b",
        body: part("item_uuid", uploadItemUuid) + "--b\r\nContent-Disposition: form-data; name=",
      },
      { label: "no boundary", contentType: "multipart/form-data", body: "garbage" },
      { label: "empty", contentType: "multipart/form-data; boundary=b", body: "" },
      { label: "JSON", contentType: "application/json", body: "{}" },
      { label: "urlencoded", contentType: "application/x-www-form-urlencoded", body: "item_uuid=%00" },
    ];
    for (const { label, contentType, body } of bodies) {
      for (const headers of [{}, { cookie }] as Record<string, string>[])
        await send({ label: `upload ${label}`, method: "POST", url, headers: { ...headers, "content-type": contentType }, body });
    }
    for (const mutation of parameterMutations)
      await send({
        label: `upload uuid ${mutation.label}`,
        method: "POST",
        url: `/api/booking/${mutation.value}/upload`,
        headers: { "content-type": "multipart/form-data; boundary=b" },
        body: "--b--\r\n",
      });
    expectNoFindings();
  });

  it("answers exactly: malformed JSON 400, a wrong content type 415, NUL and lone surrogates a field error, in English and German", async () => {
    const post = (url: string, body: string, headers: Record<string, string>) => api.app.request(url, { method: "POST", headers, body });
    const json = { "content-type": "application/json" };
    const german = { "accept-language": "de-DE" };
    const malformed = await post("/api/auth/public/login", '{"email": ', json);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ code: "BAD_REQUEST", message: "The request body is not valid JSON." });
    const malformedGerman = await post("/api/auth/refresh", "", { ...json, ...german });
    expect(malformedGerman.status).toBe(400);
    expect(await malformedGerman.json()).toEqual({ code: "BAD_REQUEST", message: "Der Inhalt der Anfrage ist kein gültiges JSON." });
    const plain = await post("/api/auth/public/register", "{}", { "content-type": "text/plain", ...german });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Bitte senden Sie den Inhalt der Anfrage als JSON (Content-Type: application/json).",
    });

    const register = (name: string, headers: Record<string, string> = {}) =>
      post(
        "/api/auth/public/register",
        JSON.stringify({ name, email: "nul@example.com", password: "Fairway-Sunrise-2031", password_confirmation: "Fairway-Sunrise-2031" }),
        { ...json, ...headers },
      );
    const nul = await register("Ada\u0000Lovelace");
    expect(nul.status).toBe(422);
    expect(await nul.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: { name: ["This contains characters that are not allowed."] } });
    const surrogate = await register("\ud800x", german);
    expect(surrogate.status).toBe(422);
    expect(await surrogate.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: { name: ["Dies enthält unzulässige Zeichen."] } });

    const itemUuid = Object.keys(answers)[0]!;
    const page = await api.app.request(`/api/booking/public/${bookingUuid}/update/${pageUuid}`, {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ booking_token: bookingToken, answers: { [itemUuid]: "a\u0000b" } }),
    });
    expect(page.status).toBe(422);
    expect(await page.json()).toMatchObject({ errors: { [`answers.${itemUuid}`]: ["This contains characters that are not allowed."] } });

    expect((await api.get("/api/page/a%00b")).status).toBe(404);
    const query = await api.get("/api/page?search=a%00b");
    expect(query.status).toBe(422);
    expect(await query.json()).toMatchObject({ errors: { search: ["This contains characters that are not allowed."] } });
    expect((await api.get(`/api/booking/site/${2 ** 31}`)).status).toBe(422);
    expect(api.errors).toEqual([]);
  });

  it("the sandbox's hosted payment page: a checkout id of any other shape is its 404 page, NUL and lone surrogates too, never a 5xx", async () => {
    const logged: unknown[] = [];
    const app = createApp({
      services: api.services,
      build: () => Promise.reject(new Error("these requests never reach a page")),
      mode: "test",
      pageCacheSeconds: 0,
      sandboxCheckoutRoutes: createSandboxCheckoutRoutes({ provider: api.sandbox, now: () => new Date() }),
      logError: (error) => logged.push(error),
    });
    // A real open checkout: its page opens, and its forms take junk without a 5xx.
    const { bookingId, token } = await createHeldCardBooking(database.db, seedIds.events.golfCircleTournament, {});
    const created = await api.app.request(`/api/booking/payment/create/${bookingId}/en`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ booking_token: token }),
    });
    expect(created.status).toBe(200);
    const checkoutId = new URL(createPaymentResponseSchema.parse(await created.json()).data.redirect_url).pathname.split("/").at(-1)!;
    const request = (url: string, init: RequestInit = {}) => app.request(`http://127.0.0.1:3000${url}`, init);
    expect((await request(`/sandbox-checkout/${checkoutId}`)).status).toBe(200);

    const form = { "content-type": "application/x-www-form-urlencoded" };
    const ids = [
      // Not "" nor "..": the address would name another path (`/sandbox-checkout/..` is `/`).
      ...parameterMutations.map((mutation) => mutation.value).filter((value) => value !== "" && value !== ".."),
      "%00",
      "a%00b",
      `${checkoutId}%00`,
      `sbx_${"0".repeat(23)}%00`,
      "%ED%A0%80",
      `${checkoutId.slice(0, -1)}%ED%A0%80`,
      "%uD800",
      checkoutId.toUpperCase(),
      `${checkoutId}0`,
      `sbx_${"0".repeat(24)}`,
    ];
    const answers: { what: string; status: number; type: string | null; text: string }[] = [];
    for (const id of ids) {
      for (const [what, url, init] of [
        ["GET", `/sandbox-checkout/${id}`, {}],
        ["pay", `/sandbox-checkout/${id}/pay`, { method: "POST", headers: form, body: "number=4242424242424242&expiry=12%2F39&cvc=123&holder=A" }],
        ["confirm", `/sandbox-checkout/${id}/confirm`, { method: "POST", headers: form, body: "decision=approve" }],
      ] as const) {
        const response = await request(url, init);
        answers.push({ what: `${what} ${id.slice(0, 40)}`, status: response.status, type: response.headers.get("content-type"), text: await response.text() });
      }
    }
    for (const answer of answers) {
      expect(answer.status, answer.what).toBe(404);
      expect(answer.type, answer.what).toBe("text/html; charset=UTF-8");
      expect(answer.text, answer.what).toContain("This payment page does not exist.");
    }
    // The real checkout's forms with NUL and lone surrogates in every field: its own answers, still open.
    const junk = ["a%00b", "%ED%A0%80", "%uD800", hostileValues.megabyte];
    for (const value of junk) {
      const pay = await request(`/sandbox-checkout/${checkoutId}/pay`, { method: "POST", headers: form, body: `number=${value}&expiry=${value}&cvc=${value}&holder=${value}` });
      expect(pay.status).toBe(422);
    }
    // A confirmation that is no "approve" fails the payment (once); after it the page is closed (409).
    for (const value of junk) {
      const confirm = await request(`/sandbox-checkout/${checkoutId}/confirm`, { method: "POST", headers: form, body: `decision=${value}` });
      expect([303, 409]).toContain(confirm.status);
    }
    expect(logged).toEqual([]);
    expect(api.errors).toEqual([]);
  });

  it("deleting the profile, last", async () => {
    await fuzzOperations((operation) => operation.method === "delete" && operation.path === "/settings/user/{uuid}");
    expectNoFindings();
  });
});
