import { z } from "zod";

/** Every environment variable the server reads, validated once at boot. See `.env.example`. */
const envSchema = z.object({
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
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
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
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return result.data;
}
