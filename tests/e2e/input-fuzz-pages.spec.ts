import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { fuzzSeed, hostileValues, seededRandom, stackOrException } from "../support/fuzz-inputs";
import { totpCodeAt } from "../../server/auth/totp";
import { createEvent } from "./test-data";

/**
 * Issue 10, "bad input is a clear 4xx, never a 5xx", for the web pages: every page (English and
 * German) is requested with mutated paths and queries, and every form the pages render (found in
 * their HTML: login, register, reset, new password, settings, delete profile, booking pages, waitlist
 * sign-up, locale, logout, SMA, pay …) is posted with a fixed set of mutations of each field and of
 * the whole body. No answer may be a 5xx or show internal detail. Runs its own server on its own data
 * folder: the fuzz logs the demo customer out and may delete the profile.
 */
// +50 payment-crash, +60/+61 behind-nginx; E2E_FUZZ_PAGES_PORT keeps a run inside a given port range.
const port = Number(process.env.E2E_FUZZ_PAGES_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 70);
const origin = `http://127.0.0.1:${port}`;
/** The booking forms the fuzz posts to: a copy of the trip and of the fully booked final, made on its own server in beforeAll. */
const forms = { golf: "", fullyBooked: "" };
const token = "t".repeat(43);

/** What an answer must never show: a stack frame, an exception class, a database encoding error, a module path. */
const internalDetail = new RegExp(`${stackOrException.source}|\\binvalid byte sequence\\b|node_modules`);

type Jar = Map<string, string>;
type Finding = { what: string; status: number; body: string };
type Form = { action: string; fields: [string, string][] };

let server: ChildProcess | undefined;
let dataDir = "";
let serverLog = 0;
const findings: Finding[] = [];

async function call(jar: Jar, pathAndQuery: string, init: { method?: string; contentType?: string; body?: BodyInit } = {}) {
  const headers: Record<string, string> = { origin, "accept-language": "en" };
  if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  if (init.contentType) headers["content-type"] = init.contentType;
  const response = await fetch(`${origin}${pathAndQuery}`, { method: init.method ?? "GET", headers, body: init.body, redirect: "manual" });
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const index = pair!.indexOf("=");
    jar.set(pair!.slice(0, index), pair!.slice(index + 1));
  }
  const text = await response.text();
  return { status: response.status, location: response.headers.get("location"), text };
}

/** Requests `pathAndQuery` and records a 5xx or an answer showing internals. */
async function probe(jar: Jar, what: string, pathAndQuery: string, init: { method?: string; contentType?: string; body?: BodyInit } = {}) {
  let answer: Awaited<ReturnType<typeof call>>;
  try {
    answer = await call(jar, pathAndQuery, init);
  } catch (error) {
    // fetch refuses some URLs before sending anything; nothing reached the server.
    if (error instanceof TypeError && !/fetch failed/.test(error.message)) return undefined;
    throw error;
  }
  if (answer.status >= 500 || internalDetail.test(answer.text))
    findings.push({ what: `${what}: ${init.method ?? "GET"} ${pathAndQuery.slice(0, 100)}`, status: answer.status, body: answer.text.slice(0, 200) });
  return answer;
}

/** A page, following its redirects with the jar, and the forms it renders (action and fields with their values). */
async function formsOf(jar: Jar, pathAndQuery: string): Promise<{ url: string; forms: Form[] }> {
  let url = pathAndQuery;
  let answer = await call(jar, url);
  for (let hops = 0; answer.location && hops < 5; hops++) {
    url = new URL(answer.location, origin).pathname + new URL(answer.location, origin).search;
    answer = await call(jar, url);
  }
  const found: Form[] = [];
  for (const match of answer.text.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attributes = match[1]!;
    if (!/method="post"/i.test(attributes)) continue;
    const action = decodeEntities(/action="([^"]*)"/.exec(attributes)?.[1] ?? url);
    const fields: [string, string][] = [];
    for (const control of match[2]!.matchAll(/<(input|select|textarea|button)\b([^>]*)>/g)) {
      const name = /\bname="([^"]*)"/.exec(control[2]!)?.[1];
      if (!name) continue;
      const type = /\btype="([^"]*)"/.exec(control[2]!)?.[1];
      if (type === "file") continue;
      fields.push([decodeEntities(name), decodeEntities(/\bvalue="([^"]*)"/.exec(control[2]!)?.[1] ?? "x")]);
    }
    found.push({ action: action.startsWith("/") ? action : url, fields });
  }
  return { url, forms: found };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

const urlencode = (fields: [string, string][]) => fields.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join("&");
const encodedFields = (fields: [string, string][]): [string, string][] => fields.map(([name, value]) => [name, encodeURIComponent(value)]);

/** Already-encoded values put in place of each field of a form. */
const fieldMutations: { label: string; value: string }[] = [
  { label: "NUL", value: hostileValues.encodedNul },
  { label: "encoded lone surrogate", value: "%ED%A0%80x" },
  { label: "empty", value: "" },
  { label: "1 MB", value: hostileValues.megabyte },
  { label: "traversal", value: hostileValues.encodedTraversal },
  { label: "huge number", value: "99999999999999999999" },
  { label: "int4 overflow", value: hostileValues.int4Overflow },
  { label: "negative", value: "-1" },
  { label: "malformed uuid", value: hostileValues.malformedUuid },
  { label: "invalid date", value: hostileValues.invalidDate },
];

const bodyMutations: { label: string; contentType?: string; body?: string }[] = [
  { label: "no body", contentType: "application/x-www-form-urlencoded" },
  { label: "malformed escapes", contentType: "application/x-www-form-urlencoded", body: "a=%zz&%&=&b" },
  { label: "NUL field name", contentType: "application/x-www-form-urlencoded", body: "a%00b=1" },
  { label: "JSON", contentType: "application/json", body: '{"a": "\\u0000"}' },
  { label: "text/plain", contentType: "text/plain", body: "a=b" },
  {
    label: "multipart with NUL",
    contentType: "multipart/form-data; boundary=b",
    body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\u0000y\r\n--b--\r\n',
  },
  {
    label: "multipart NUL file name",
    contentType: "multipart/form-data; boundary=b",
    body: '--b\r\nContent-Disposition: form-data; name="f"; filename="a\u0000.png"\r\n\r\nx\r\n--b--\r\n',
  },
  { label: "malformed multipart", contentType: "multipart/form-data; boundary=b", body: "--b\r\nContent-Disposition: form-da" },
  { label: "multipart without boundary", contentType: "multipart/form-data", body: "x" },
  { label: "no content type", body: "a=b" },
];

/** Seeded, so that every run picks the same fields. */
const pick = seededRandom(fuzzSeed);

const pathMutations = ["a%00b", "%00", "%ED%A0%80", "%E0%A4%A", "%C0%AF", "..%2F..%2Fetc%2Fpasswd", "y".repeat(5000), "2147483648", "-1"];
const queryMutations = [
  "page=%00",
  "page=99999999999999999999",
  "page=-1",
  "preview=%00",
  "token=%00",
  "booking=%00",
  "x%00=1",
  "redirectTo=%2F%2Fevil.example",
  "event=%ED%A0%80",
];

/** Every page of app/routes.ts with a value for its parameters; `:p` marks where path mutations go. */
const pages = [
  "/",
  "/events",
  "/events/:p",
  "/redirect/:p",
  "/login",
  "/register",
  "/register/:p",
  "/reset-password",
  "/reset-password/:p",
  "/settings",
  "/settings/delete-profile",
  "/settings/delete-success",
  "/imprint",
  "/:p",
  "/dashboard",
  // `/booking/${forms.golf}` goes here once beforeAll has made the form.
  "/booking/:p",
  "/booking-success",
  "/booking-no-available-spots",
  "/booking-not-bookable-yet",
  `/payment/success/${token}`,
  "/payment/failed/:p",
  "/pay/:p",
  "/sma-checkout",
  "/sma-success",
  "/invoice/:p",
  "/my-booking/:p",
  "/my-booking/:p/calendar.ics",
  "/event-widget",
];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "input-fuzz-pages-"));
  serverLog = openSync(path.resolve(".tmp/input-fuzz-pages-server.log"), "w");
  // The compiled server, as the shared e2e servers run (the suite builds it first), not tsx transpiling it again.
  server = spawn("node", ["build/server-main.js"], {
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_MULTIPLIER: "1000" },
    detached: true,
    // Its log is kept beside the other test output: a crash shows there.
    stdio: ["ignore", serverLog, serverLog],
  });
  await expect
    .poll(async () => (await fetch(`${origin}/api/booking/site`).catch(() => undefined))?.status ?? 0, { timeout: 90_000, intervals: [250] })
    .toBe(200);
  const api = await playwrightRequest.newContext({ baseURL: origin });
  forms.golf = (await createEvent(api, "golfYogaTrip")).formUuid;
  forms.fullyBooked = (await createEvent(api, "golfCircleFinal")).formUuid;
  await api.dispose();
  pages.splice(pages.indexOf("/booking/:p"), 0, `/booking/${forms.golf}`);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (serverLog) closeSync(serverLog);
});

test.beforeEach(() => {
  findings.length = 0;
});

test("every page with mutated paths and queries, in English and German: never a 5xx", async () => {
  test.setTimeout(180_000);
  const jar: Jar = new Map();
  for (const prefix of ["", "/de"]) {
    for (const page of pages) {
      const at = (value: string) => `${prefix}${page.replace(":p", value)}`.replace(/^\/de\/$/, "/de") || "/";
      await probe(jar, "page", at(token));
      for (const value of pathMutations) {
        if (page.includes(":p")) await probe(jar, "path parameter", at(value));
        else await probe(jar, "extra segment", `${at(token)}/${value}`);
      }
      for (const query of queryMutations) await probe(jar, "query", `${at(token)}?${query}`);
    }
  }
  expect(findings).toEqual([]);
});

test("every form the pages render, with each field and the whole body mutated: never a 5xx", async () => {
  test.setTimeout(600_000);
  const customer: Jar = new Map();
  // The page actions check Origin; the jar keeps the session and booking cookies like a browser.
  const login = await formsOf(customer, "/login");
  const loginForm = login.forms.find((form) => form.fields.some(([name]) => name === "password"));
  expect(loginForm).toBeDefined();
  const filled = loginForm!.fields.map(([name, value]): [string, string] => [
    name,
    name === "email" ? "stefan.hofmann@example.com" : name === "password" ? "Fairway-demo-2026" : value,
  ]);
  const loggedIn = await call(customer, loginForm!.action, {
    method: "POST",
    contentType: "application/x-www-form-urlencoded",
    body: urlencode(encodedFields(filled)),
  });
  expect(loggedIn.status).toBeLessThan(400);

  const collected: { jar: Jar; form: Form }[] = [];
  const seen = new Set<string>();
  for (const prefix of ["", "/de"]) {
    for (const page of pages) {
      for (const jar of page.startsWith("/settings") || page === "/dashboard" ? [customer] : [new Map<string, string>(), customer]) {
        const { forms: found } = await formsOf(jar, `${prefix}${page.replace(":p", token)}` || "/");
        for (const form of found) {
          const key = `${jar === customer}|${form.action}|${form.fields.map(([name]) => name).join(",")}`;
          if (!seen.has(key)) {
            seen.add(key);
            collected.push({ jar, form });
          }
        }
      }
    }
  }
  // The waitlist sign-up is the fully booked event's booking page.
  for (const jar of [new Map<string, string>(), customer]) {
    for (const form of (await formsOf(jar, `/booking/${forms.fullyBooked}`)).forms) collected.push({ jar, form });
  }
  // Ending the session or the profile runs last: the other forms need the logged-in customer.
  const ending = (form: Form) => /logout|delete-profile/.test(form.action);
  collected.sort((a, b) => Number(ending(a.form)) - Number(ending(b.form)));
  const actions = new Set(collected.map(({ form }) => form.action.replace(/^\/de/, "").replace(/\?.*$/, "")));
  expect([...actions]).toEqual(
    expect.arrayContaining(["/login", "/register", "/reset-password", "/locale", "/logout", "/settings", "/settings/delete-profile"]),
  );

  // Bounded: every field of the English form is mutated one by one, up to `fieldsPerForm` of them
  // (the first ones and a seeded pick of the rest); the German twin of a form gets NUL in every field.
  const fieldsPerForm = 6;
  const fuzzed = new Set<string>();
  for (const { jar, form } of collected) {
    const fields = encodedFields(form.fields);
    const post = (what: string, body?: string, contentType = "application/x-www-form-urlencoded") =>
      probe(jar, `${what} (${form.action})`, form.action, { method: "POST", contentType, body });
    await post("as rendered", urlencode(fields));
    await post("NUL in every field", urlencode(fields.map(([name]): [string, string] => [name, "a%00b"])));
    const twin = `${jar === customer}|${form.action.replace(/^\/de(?=\/|$)/, "")}|${form.fields.map(([name]) => name).join(",")}`;
    if (fuzzed.has(twin)) continue;
    fuzzed.add(twin);
    const chosen = fields
      .map((_, index) => index)
      .filter((index) => index < fieldsPerForm / 2 || pick() < fieldsPerForm / 2 / Math.max(1, fields.length - fieldsPerForm / 2));
    for (const index of chosen) {
      const name = fields[index]![0];
      await post(`${name} missing`, urlencode(fields.filter((_, other) => other !== index)));
      for (const mutation of fieldMutations) {
        // One 1 MB value per form is enough to see how long values are treated.
        if (mutation.label === "1 MB" && index !== 0) continue;
        await post(
          `${name}: ${mutation.label}`,
          urlencode(fields.map(([other, value], position): [string, string] => [other, position === index ? mutation.value : value])),
        );
      }
    }
    await post("extra field", `${urlencode(fields)}&unexpected%00=1`);
    for (const mutation of bodyMutations)
      await probe(jar, `body ${mutation.label} (${form.action})`, form.action, { method: "POST", contentType: mutation.contentType, body: mutation.body });
  }
  expect(findings).toEqual([]);
});

test("the sandbox's payment page (mounted before the pages' guard): NUL and lone surrogates in its address are its 404 page, never a 5xx", async () => {
  const jar: Jar = new Map();
  // Issue 33: `/sandbox-checkout/%00` answered 500. Every path mutation, and ids close to a real one's shape.
  const ids = [...pathMutations, "%uD800", "%ED%B0%80", `sbx_${"0".repeat(23)}%00`, `sbx_${"0".repeat(22)}%ED%A0%80`, `sbx_${"0".repeat(24)}`];
  const form = "application/x-www-form-urlencoded";
  for (const id of ids) {
    const answers = [
      await probe(jar, "sandbox page", `/sandbox-checkout/${id}`),
      await probe(jar, "sandbox pay", `/sandbox-checkout/${id}/pay`, { method: "POST", contentType: form, body: "number=4242424242424242&expiry=12%2F39&cvc=123&holder=a%00b" }),
      await probe(jar, "sandbox confirm", `/sandbox-checkout/${id}/confirm`, { method: "POST", contentType: form, body: "decision=approve" }),
    ];
    for (const answer of answers) {
      if (!answer) continue;
      expect(answer.status, id.slice(0, 40)).toBe(404);
      expect(answer.text, id.slice(0, 40)).toContain("This payment page does not exist.");
    }
  }
  expect(findings).toEqual([]);
});

// ── The back office (issue 13) ─────────────────────────────────────────────────────────────────

type StaffAccount = { email: string; password: string; totpSecret: string };

async function newStaff(role: "staff" | "admin"): Promise<StaffAccount> {
  const response = await fetch(`${origin}/__test/staff-members`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ role }) });
  expect(response.status).toBe(201);
  return (await response.json()) as StaffAccount;
}

/** A staff session in `jar` through the pages: the login form, then the second factor's form (decision 027). */
async function logInStaffPages(jar: Jar, member: StaffAccount) {
  const login = (await formsOf(jar, "/login")).forms.find((form) => form.fields.some(([name]) => name === "password"));
  expect(login).toBeDefined();
  const filled = login!.fields.map(([name, value]): [string, string] => [name, name === "email" ? member.email : name === "password" ? member.password : value]);
  const first = await call(jar, login!.action, { method: "POST", contentType: "application/x-www-form-urlencoded", body: urlencode(encodedFields(filled)) });
  expect(first.location).toMatch(/second-factor/);
  const { forms: found } = await formsOf(jar, first.location!);
  const second = found.find((form) => form.fields.some(([name]) => name === "code"));
  expect(second).toBeDefined();
  const code = await totpCodeAt(member.totpSecret, new Date());
  const fields = second!.fields.map(([name, value]): [string, string] => [name, name === "code" ? code : value]);
  const done = await call(jar, second!.action, { method: "POST", contentType: "application/x-www-form-urlencoded", body: urlencode(encodedFields(fields)) });
  expect(done.status).toBeLessThan(400);
  expect((await call(jar, "/admin")).status).toBe(200);
}

/** A bearer token of another staff member (one TOTP code is good once per 30 seconds), to read the booking through the API. */
async function staffBearer(member: StaffAccount): Promise<string> {
  const post = (path: string, body: unknown) => fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const login = (await (await post("/api/auth/public/login", { email: member.email, password: member.password })).json()) as { second_factor: { challenge: string } };
  const second = await post("/api/auth/public/login/second-factor", { challenge: login.second_factor.challenge, code: await totpCodeAt(member.totpSecret, new Date()) });
  expect(second.status).toBe(200);
  return ((await second.json()) as { access_token: string }).access_token;
}

test("the back office's pages and the booking detail's actions, as staff, with junk: never a 5xx, the booking unchanged", async () => {
  test.setTimeout(600_000);
  const jar: Jar = new Map();
  await logInStaffPages(jar, await newStaff("admin"));
  const token = await staffBearer(await newStaff("staff"));
  const made = await fetch(`${origin}/__test/manage-bookings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ copyOf: "golfYogaTrip", email: "fuzz-desk@example.com", locale: "en" }),
  });
  expect(made.status).toBe(201);
  const { bookingUuid, eventUuid } = (await made.json()) as { bookingUuid: string; eventUuid: string };
  /** What must not change: the booking's status, money and payments (with their refunds), as the desk's API reads them. */
  const state = async () => {
    const response = await fetch(`${origin}/api/staff/bookings/${bookingUuid}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { status: string; money: unknown; payments: unknown } };
    return { status: data.status, money: data.money, payments: data.payments };
  };
  const before = await state();

  const long = "x".repeat(10_000);
  const junkQueries = [
    "status=%00",
    "status=nonsense",
    "status=confirmed&status=paid&status=",
    "payment=everything",
    "event=not-a-uuid",
    `event=${hostileValues.malformedUuid}`,
    "page=-1",
    "page=0",
    "page=1.5",
    "page=99999999999999999999",
    "sort=%27%3B%20DROP%20TABLE%20bookings%3B--",
    "sort=-code,,code",
    "from=not-a-date",
    "from=2026-02-30&to=1999-13-01",
    "to=9999999-01-01",
    `q=${long}`,
    "q=%F0%9F%8F%8E%EF%B8%8F%20M%C3%BCller%20%E4%B8%AD%E6%96%87",
    "q=%27%20OR%201%3D1%20--",
    "q=%25%25%5F%5C",
    "q=%ED%A0%80",
    "q=a%00b",
    "x%00=1",
    "redirectTo=%2F%2Fevil.example",
  ];
  const adminPages = ["/admin/bookings", "/admin/call-backs", `/admin/events/${eventUuid}/waitlist`, "/admin/events/not-a-uuid/waitlist", "/admin/staff", "/admin", `/admin/bookings/${bookingUuid}`];
  for (const prefix of ["", "/de"]) {
    for (const page of adminPages) {
      const plain = await probe(jar, "admin page", `${prefix}${page}`);
      // Still logged in as staff: the page itself answers, not the login.
      if (!page.includes("not-a-uuid")) expect(plain?.status, `${prefix}${page}`).toBe(200);
      for (const query of junkQueries) {
        const answer = await probe(jar, "admin query", `${prefix}${page}?${query}`);
        if (answer && answer.status >= 300 && answer.status < 400) expect(answer.location ?? "", `${page}?${query.slice(0, 40)}`).not.toMatch(/login/);
      }
    }
  }

  const detail = `/admin/bookings/${bookingUuid}`;
  const key = "k".repeat(20);
  const junkBodies: string[] = [
    "",
    "intent=",
    "intent=unknown",
    "intent=%00",
    "intent=cancel",
    "intent=cancel&refund=everything&idempotency_key=" + key,
    "intent=cancel&refund=amount&refund_amount=-5&idempotency_key=" + key,
    "intent=cancel&refund=amount&refund_amount=99999999999999999999&idempotency_key=" + key,
    "intent=cancel&refund=amount&refund_amount=12%2C345&idempotency_key=" + key,
    `intent=cancel&refund=none&reason=${"r".repeat(1001)}&idempotency_key=${key}`,
    "intent=cancel&refund=none&idempotency_key=short",
    "intent=refund",
    "intent=refund&amount=-1&idempotency_key=" + key,
    "intent=refund&amount=1e9&idempotency_key=" + key,
    `intent=refund&amount=999999&idempotency_key=${key}`,
    `intent=refund&idempotency_key=${"k".repeat(201)}`,
    "intent=record-payment",
    "intent=record-payment&amount=0&received_on=2026-01-01",
    "intent=record-payment&amount=-10&received_on=2026-13-45",
    "intent=record-payment&amount=99999999999999999999&received_on=not-a-date",
    `intent=record-payment&amount=10&received_on=2026-01-01&reference=${"r".repeat(201)}`,
    "intent=message",
    "intent=message&subject=&body=",
    `intent=message&subject=${"s".repeat(201)}&body=${"b".repeat(5001)}`,
    "intent=resend",
    "intent=resend&outbox_id=not-a-uuid",
    `intent=resend&outbox_id=${hostileValues.malformedUuid}`,
    "intent=resend&outbox_id=00000000-0000-4000-8000-000000000000",
    "intent=resend&outbox_id=%00",
  ];
  for (const prefix of ["", "/de"]) {
    for (const body of junkBodies) {
      const answer = await probe(jar, "admin action", `${prefix}${detail}`, { method: "POST", contentType: "application/x-www-form-urlencoded", body });
      if (answer) expect([200, 400, 404, 409, 413, 422], `${body.slice(0, 60)} → ${answer.status}`).toContain(answer.status);
    }
    // The same junk at bookings that are not there or not uuids: a clean 404, nothing else touched.
    for (const target of [`/admin/bookings/00000000-0000-4000-8000-000000000000`, "/admin/bookings/not-a-uuid", `/admin/bookings/${hostileValues.malformedUuid}`]) {
      for (const body of ["intent=cancel&refund=none&idempotency_key=" + key, "intent=refund&amount=1&idempotency_key=" + key, "intent=resend&outbox_id=00000000-0000-4000-8000-000000000000"]) {
        const answer = await probe(jar, "admin action, wrong booking", `${prefix}${target}`, { method: "POST", contentType: "application/x-www-form-urlencoded", body });
        if (answer) expect(answer.status, `${target} ${body}`).toBeGreaterThanOrEqual(400);
      }
    }
    for (const mutation of bodyMutations)
      await probe(jar, `admin action body ${mutation.label}`, `${prefix}${detail}`, { method: "POST", contentType: mutation.contentType, body: mutation.body });
  }
  expect(findings).toEqual([]);
  expect(await state()).toEqual(before);
});
