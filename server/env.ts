import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./http/forwarded-request";
import { areWidgetFrameSources } from "../core/domain/widget-origins";
import {
  isPaymentProviderName,
  parsePaymentProviderList,
  paymentProviderFacts,
  paymentProviderNames,
  type PaymentProviderName,
} from "../core/domain/payment-providers";
import type { S3Config } from "./uploads/s3-store";
import { datevCharts, type DatevSettings } from "../core/domain/datev-extf";

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** The S3_* variables that make booking uploads and event images go to a bucket (decision 049), and those of them that are required then. */
const s3Variables = ["S3_BUCKET", "S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;
const requiredS3Variables = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/**
 * What each card payment provider needs set when it is enabled (decision 071); the compiler asks for
 * every provider of the list. The sandbox needs nothing: its secret is kept in DATA_DIR when unset.
 */
const providerVariables: { readonly [name in PaymentProviderName]: readonly ("STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET")[] } = {
  sandbox: [],
  stripe: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
};

/** Every environment variable the server reads, validated once at boot. See `.env.example`. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), "DATABASE_URL must start with postgres://"),
    DATA_DIR: z.string().default("./data"),
    PUBLIC_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value.replace(/\/$/, "") : undefined))
      .refine((value) => value === undefined || /^https?:\/\//.test(value), "PUBLIC_URL must be an http(s) origin"),
    /**
     * Behind a reverse proxy: which peers' X-Forwarded-Proto/-Host/-For are believed. `false`
     * (default), `true`, a hop count, or addresses/CIDR ranges (`loopback`, `10.0.0.0/8`, …).
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, context): TrustProxy => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          context.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
          return z.NEVER;
        }
      }),
    /** Strict-Transport-Security also covers every subdomain of PUBLIC_URL's host (default false: only the site's own host). */
    HSTS_INCLUDE_SUBDOMAINS: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    /** New booking drafts one client address (an IPv6 /64) may open per hour, before RATE_LIMIT_MULTIPLIER. */
    DRAFTS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
    PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    /** Seconds a customer's "booking details changed" mail waits for further staff corrections to join it (issue 32). */
    STAFF_EDIT_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
    /**
     * Seconds public read data (site, menu, categories, event lists, published forms) may be reused by a page or an
     * API answer; writes drop it at once, on PostgreSQL in every process (NOTIFY, decision 050), so this bounds only what a
     * lost notification leaves (0 disables).
     */
    READ_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Signs access tokens. Unset: a random one is generated once and kept in DATA_DIR/jwt-secret (a warning in production). */
    JWT_SECRET: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || value.length >= 32, "JWT_SECRET must have at least 32 characters"),
    /** smtp://user:pass@host:port or smtps://…; unset: mails go to DATA_DIR/outbox (see /dev/outbox). */
    SMTP_URL: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || /^smtps?:\/\//.test(value), "SMTP_URL must start with smtp:// or smtps://"),
    /** Multiplies the login, registration and reset rate limits. Keep 1 in production; tests from one address raise it. */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(10_000).default(1),
    MAIL_FROM: z.string().default("Trackside & Fairway Events <bookings@trackside-fairway.example>"),
    /**
     * Development only: serve the production build (`npm start`) instead of Vite's dev server. The
     * site then runs as built, with the development conveniences (sandbox payments, /dev/outbox).
     */
    SERVE_BUILD: z
      .enum(["true", "false", "1", "0"])
      .optional()
      .transform((value) => value === "true" || value === "1"),
    /**
     * Who may show /event-widget in a frame (CSP frame-ancestors): `*` (any site, the default) or
     * space-separated partner origins, e.g. `https://golf-club.example https://*.partner.example`.
     */
    WIDGET_FRAME_ANCESTORS: z
      .string()
      .trim()
      .default("*")
      .transform((value) => value || "*")
      // The same rule as the back office's site settings, which override it (core/domain/widget-origins.ts).
      .refine(areWidgetFrameSources, "WIDGET_FRAME_ANCESTORS must be * or space-separated origins like https://partner.example"),
    /** Seconds an upload may send nothing before it is cut off (its partial file is removed). */
    UPLOAD_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
    /**
     * Card payments (decision 071): the enabled providers, comma-separated, the default first, e.g.
     * `stripe` or `stripe,sandbox`. `sandbox` is the built-in test page (refused in production), `stripe` Stripe Checkout.
     */
    PAYMENT_PROVIDERS: optionalText,
    /** The one-provider form of PAYMENT_PROVIDERS, as older deployments set it: `sandbox` or `stripe`. */
    PAYMENT_PROVIDER: optionalText.refine(
      (value) => value === undefined || isPaymentProviderName(value),
      `PAYMENT_PROVIDER must be one of ${paymentProviderNames.join(", ")} (several: PAYMENT_PROVIDERS)`,
    ),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Tests only: Stripe's API at another origin (a local stand-in), e.g. http://127.0.0.1:12111. */
    STRIPE_API_BASE: optionalText.refine((value) => value === undefined || /^https?:\/\/[^/]+$/.test(value), "STRIPE_API_BASE must be an origin"),
    /** Signs the sandbox's webhooks; unset, a random one is kept in DATA_DIR/sandbox-webhook-secret. */
    SANDBOX_WEBHOOK_SECRET: optionalText,
    /** Milliseconds the sandbox waits before sending its webhook (a real provider is not instant either). */
    SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
    /** Bearer token for GET /metrics (Prometheus). Unset: /metrics answers 404. */
    METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, "METRICS_TOKEN must have at least 16 characters"),
    /** On SIGTERM/SIGINT: seconds in-flight requests (and then the workers' current job or mail) may take before they are cut off. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
    /** Uploads and event images in an S3-compatible bucket instead of DATA_DIR/uploads (decision 049); all or nothing, see below. */
    S3_BUCKET: optionalText,
    /** Unset: us-east-1 (most S3-compatible services ignore it, AWS signs with it). */
    S3_REGION: optionalText,
    /** Another service than AWS (MinIO, s3rver, …): its origin, e.g. http://127.0.0.1:9000. */
    S3_ENDPOINT: optionalText.refine((value) => value === undefined || /^https?:\/\/[^/]+\/?$/.test(value), "S3_ENDPOINT must be an http(s) origin"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** The bucket in the URL's path rather than its host name (MinIO and most self-hosted services need it). */
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", "1", "0", ""])
      .optional()
      .transform((value) => value === "true" || value === "1"),
    /**
     * Worker processes serving the site on one port (node:cluster; decision 050). 1 (default): one
     * process, no cluster. More needs PostgreSQL: they share its data and tell each other of writes.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * Requests one process handles at once; the rest wait, a booking's submit first (decision 064).
     * 0: no limit.
     */
    MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(0).max(10_000).default(4),
    /** The tax adviser's DATEV number (Beraternummer, 1001–9999999) for the accountant's booking batch (decision 069). */
    DATEV_CONSULTANT_NUMBER: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1001).max(9_999_999).optional()),
    /** The operator's DATEV client number (Mandantennummer, 1–99999). */
    DATEV_CLIENT_NUMBER: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(99_999).optional()),
    /** The chart of accounts the batch posts to: SKR03 (default) or SKR04. */
    DATEV_CHART: z.enum(datevCharts).default("SKR03"),
    /** The fiscal year's first day, MM-DD (default 01-01: the calendar year). */
    DATEV_FISCAL_YEAR_START: z
      .string()
      .trim()
      .default("01-01")
      .refine((value) => /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value), "DATEV_FISCAL_YEAR_START must be MM-DD, e.g. 07-01"),
  })
  .transform(({ PAYMENT_PROVIDER, ...env }, context) => {
    if (PAYMENT_PROVIDER !== undefined && env.PAYMENT_PROVIDERS !== undefined) {
      context.addIssue({ code: "custom", path: ["PAYMENT_PROVIDERS"], message: "set PAYMENT_PROVIDERS or PAYMENT_PROVIDER, not both" });
      return z.NEVER;
    }
    const listed = env.PAYMENT_PROVIDERS ?? PAYMENT_PROVIDER;
    // Outside production the sandbox serves when nothing is set; production must name its provider (below).
    const unset: PaymentProviderName[] = env.NODE_ENV === "production" ? [] : ["sandbox"];
    const parsed = listed === undefined ? { names: unset } : parsePaymentProviderList(listed);
    if ("problem" in parsed) {
      context.addIssue({ code: "custom", path: ["PAYMENT_PROVIDERS"], message: `PAYMENT_PROVIDERS ${parsed.problem}` });
      return z.NEVER;
    }
    return { ...env, PAYMENT_PROVIDERS: parsed.names };
  })
  // The sandbox takes no money: a production site that accepted its test cards would give places away.
  .superRefine((env, context) => {
    if (env.NODE_ENV !== "production") return;
    for (const name of env.PAYMENT_PROVIDERS.filter((enabled) => !paymentProviderFacts[enabled].inProduction)) {
      context.addIssue({ code: "custom", path: ["PAYMENT_PROVIDERS"], message: `the ${name} payment provider is refused in production: take it out of PAYMENT_PROVIDERS` });
    }
  })
  // `npm start` runs the built site with development conveniences (test cards, /dev/outbox): never reachable from outside.
  .refine((env) => !env.SERVE_BUILD || ["127.0.0.1", "localhost", "::1"].includes(env.HOST), {
    message: "SERVE_BUILD (npm start) serves test payments and the dev outbox: HOST must be 127.0.0.1; use NODE_ENV=production npm run serve for a public site",
    path: ["HOST"],
  })
  // One embedded PGlite database lives inside one process: a second would open its files beside the first.
  .refine((env) => env.WEB_CONCURRENCY === 1 || env.DATABASE_URL !== undefined, {
    message: "WEB_CONCURRENCY above 1 needs DATABASE_URL (PostgreSQL): the embedded PGlite database cannot be shared by several processes",
    path: ["WEB_CONCURRENCY"],
  })
  // Vite's dev server (HMR socket, file watchers) is one per machine, not one per worker.
  .refine((env) => env.WEB_CONCURRENCY === 1 || env.NODE_ENV !== "development" || env.SERVE_BUILD, {
    message: "WEB_CONCURRENCY above 1 serves the built site only: NODE_ENV=production or test (or SERVE_BUILD), after npm run build",
    path: ["WEB_CONCURRENCY"],
  })
  .refine((env) => env.PAYMENT_PROVIDERS.length > 0, { message: "set PAYMENT_PROVIDERS (e.g. stripe) in production", path: ["PAYMENT_PROVIDERS"] })
  // Each enabled provider with its own keys.
  .superRefine((env, context) => {
    for (const name of env.PAYMENT_PROVIDERS) {
      const missing = providerVariables[name].filter((variable) => env[variable] === undefined);
      if (missing.length === 0) continue;
      context.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDERS"],
        message: `${name} needs ${providerVariables[name].join(" and ")} (missing: ${missing.join(", ")})`,
      });
    }
  })
  // Half a bucket configuration would quietly keep the files on this machine: refused at boot instead.
  .superRefine((env, context) => {
    const given = s3Variables.filter((name) => (name === "S3_FORCE_PATH_STYLE" ? env.S3_FORCE_PATH_STYLE : env[name] !== undefined));
    const missing = requiredS3Variables.filter((name) => env[name] === undefined);
    if (given.length === 0 || missing.length === 0) return;
    context.addIssue({
      code: "custom",
      path: [missing[0] ?? "S3_BUCKET"],
      message: `S3 storage is partly configured (${given.join(", ")} set): also set ${missing.join(", ")}, or unset every S3_ variable to keep the files in DATA_DIR/uploads`,
    });
  })
  // Half a DATEV configuration would make batches no import accepts: both numbers or neither.
  .refine((env) => (env.DATEV_CONSULTANT_NUMBER === undefined) === (env.DATEV_CLIENT_NUMBER === undefined), {
    message: "set both DATEV_CONSULTANT_NUMBER and DATEV_CLIENT_NUMBER, or neither (then the DATEV export is refused)",
    path: ["DATEV_CLIENT_NUMBER"],
  })
  .transform((env) => ({ ...env, s3: s3ConfigOf(env), datev: datevSettingsOf(env) }));

/** The DATEV booking batch's settings when both numbers are set (decision 069). */
function datevSettingsOf(env: {
  DATEV_CONSULTANT_NUMBER?: number | undefined;
  DATEV_CLIENT_NUMBER?: number | undefined;
  DATEV_CHART: DatevSettings["chart"];
  DATEV_FISCAL_YEAR_START: string;
}): DatevSettings | null {
  if (env.DATEV_CONSULTANT_NUMBER === undefined || env.DATEV_CLIENT_NUMBER === undefined) return null;
  return { consultantNumber: env.DATEV_CONSULTANT_NUMBER, clientNumber: env.DATEV_CLIENT_NUMBER, chart: env.DATEV_CHART, fiscalYearStart: env.DATEV_FISCAL_YEAR_START };
}

/** The bucket's settings when S3 is configured (the refinement above made sure the required ones are there). */
function s3ConfigOf(env: { [name in (typeof s3Variables)[number]]: name extends "S3_FORCE_PATH_STYLE" ? boolean : string | undefined }): S3Config | undefined {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? "us-east-1",
    endpoint: env.S3_ENDPOINT?.replace(/\/$/, ""),
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

export type Env = z.output<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return result.data;
}
