import { describe, expect, it } from "vitest";
import { parseEnv } from "../../server/env";

describe("payment provider configuration", () => {
  it("defaults to the sandbox outside production", () => {
    expect(parseEnv({}).PAYMENT_PROVIDER).toBe("sandbox");
    expect(parseEnv({ NODE_ENV: "test" }).PAYMENT_PROVIDER).toBe("sandbox");
  });

  it("refuses the sandbox in production, and production without a provider", () => {
    expect(() => parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" })).toThrow(/sandbox payment provider is refused in production/);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/set PAYMENT_PROVIDER=stripe in production/);
  });

  it("needs both Stripe secrets for Stripe", () => {
    expect(() => parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const env = parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(env.PAYMENT_PROVIDER).toBe("stripe");
    expect(() =>
      parseEnv({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "a", STRIPE_WEBHOOK_SECRET: "b", STRIPE_API_BASE: "http://127.0.0.1:1/v1" }),
    ).toThrow(/STRIPE_API_BASE must be an origin/);
  });

  it("serves the build in development only when asked (npm start)", () => {
    expect(parseEnv({}).SERVE_BUILD).toBe(false);
    expect(parseEnv({ SERVE_BUILD: "true" }).SERVE_BUILD).toBe(true);
  });

  it("reads the draft allowance (default 60 an hour) and HSTS_INCLUDE_SUBDOMAINS (default off)", () => {
    expect(parseEnv({})).toMatchObject({ DRAFTS_PER_CLIENT_PER_HOUR: 60, HSTS_INCLUDE_SUBDOMAINS: false });
    expect(parseEnv({ DRAFTS_PER_CLIENT_PER_HOUR: "200", HSTS_INCLUDE_SUBDOMAINS: "true" })).toMatchObject({
      DRAFTS_PER_CLIENT_PER_HOUR: 200,
      HSTS_INCLUDE_SUBDOMAINS: true,
    });
    expect(() => parseEnv({ DRAFTS_PER_CLIENT_PER_HOUR: "0" })).toThrow(/DRAFTS_PER_CLIENT_PER_HOUR/);
    expect(() => parseEnv({ HSTS_INCLUDE_SUBDOMAINS: "yes" })).toThrow(/HSTS_INCLUDE_SUBDOMAINS/);
  });
});
