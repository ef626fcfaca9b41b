import { describe, expect, it } from "vitest";
import { parseEnv } from "../../server/env";

describe("payment provider configuration (decision 071)", () => {
  it("defaults to the sandbox outside production", () => {
    expect(parseEnv({}).PAYMENT_PROVIDERS).toEqual(["sandbox"]);
    expect(parseEnv({ NODE_ENV: "test" }).PAYMENT_PROVIDERS).toEqual(["sandbox"]);
    expect(parseEnv({ PAYMENT_PROVIDERS: "", PAYMENT_PROVIDER: "" }).PAYMENT_PROVIDERS).toEqual(["sandbox"]);
  });

  it("enables several providers at once, in the operator's order (the first is the default)", () => {
    const secrets = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    expect(parseEnv({ PAYMENT_PROVIDERS: "stripe,sandbox", ...secrets }).PAYMENT_PROVIDERS).toEqual(["stripe", "sandbox"]);
    expect(parseEnv({ PAYMENT_PROVIDERS: " sandbox , stripe ", ...secrets }).PAYMENT_PROVIDERS).toEqual(["sandbox", "stripe"]);
    expect(() => parseEnv({ PAYMENT_PROVIDERS: "stripe,paypal", ...secrets })).toThrow(/PAYMENT_PROVIDERS names "paypal", which is not one of sandbox, stripe/);
    expect(() => parseEnv({ PAYMENT_PROVIDERS: "sandbox,sandbox" })).toThrow(/PAYMENT_PROVIDERS names sandbox twice/);
    expect(() => parseEnv({ PAYMENT_PROVIDERS: " , " })).toThrow(/PAYMENT_PROVIDERS names no provider/);
  });

  it("keeps PAYMENT_PROVIDER as the one-provider form, and refuses both at once", () => {
    expect(parseEnv({ PAYMENT_PROVIDER: "sandbox" }).PAYMENT_PROVIDERS).toEqual(["sandbox"]);
    expect(parseEnv({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "a", STRIPE_WEBHOOK_SECRET: "b" }).PAYMENT_PROVIDERS).toEqual(["stripe"]);
    expect(() => parseEnv({ PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: "sandbox", PAYMENT_PROVIDERS: "sandbox" })).toThrow(/set PAYMENT_PROVIDERS or PAYMENT_PROVIDER, not both/);
  });

  it("refuses the sandbox in production, also beside Stripe, and production without a provider", () => {
    const secrets = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    expect(() => parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" })).toThrow(/sandbox payment provider is refused in production/);
    expect(() => parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDERS: "stripe,sandbox", ...secrets })).toThrow(/sandbox payment provider is refused in production/);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/set PAYMENT_PROVIDERS \(e\.g\. stripe\) in production/);
    expect(parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDERS: "stripe", ...secrets }).PAYMENT_PROVIDERS).toEqual(["stripe"]);
  });

  it("needs both Stripe secrets for Stripe, also as a second provider", () => {
    expect(() => parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ PAYMENT_PROVIDERS: "sandbox,stripe" })).toThrow(/stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    const env = parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(env.PAYMENT_PROVIDERS).toEqual(["stripe"]);
    // The sandbox alone needs none of Stripe's.
    expect(parseEnv({ PAYMENT_PROVIDERS: "sandbox" }).PAYMENT_PROVIDERS).toEqual(["sandbox"]);
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

describe("S3 storage configuration (decision 049)", () => {
  const complete = { S3_BUCKET: "event-files", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret-example" };

  it("keeps the files in DATA_DIR/uploads when no S3_ variable is set (an empty one counts as unset)", () => {
    expect(parseEnv({}).s3).toBeUndefined();
    expect(parseEnv({ S3_BUCKET: "", S3_ENDPOINT: " ", S3_FORCE_PATH_STYLE: "" }).s3).toBeUndefined();
  });

  it("reads a complete configuration, with us-east-1 and virtual-host style by default", () => {
    expect(parseEnv(complete).s3).toEqual({
      bucket: "event-files",
      region: "us-east-1",
      endpoint: undefined,
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret-example",
      forcePathStyle: false,
    });
    expect(parseEnv({ ...complete, S3_REGION: "eu-central-1", S3_ENDPOINT: "http://127.0.0.1:9000/", S3_FORCE_PATH_STYLE: "true" }).s3).toMatchObject({
      region: "eu-central-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
    });
  });

  it("refuses a partial configuration, naming what is set and what is missing", () => {
    expect(() => parseEnv({ S3_BUCKET: "event-files" })).toThrow(
      /S3 storage is partly configured \(S3_BUCKET set\): also set S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, or unset every S3_ variable/,
    );
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "1" })).toThrow(
      /\(S3_ENDPOINT, S3_FORCE_PATH_STYLE set\): also set S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => parseEnv({ ...complete, S3_SECRET_ACCESS_KEY: "" })).toThrow(/also set S3_SECRET_ACCESS_KEY,/);
  });

  it("refuses an endpoint that is not an http(s) origin, and a path-style flag that is not a boolean", () => {
    expect(() => parseEnv({ ...complete, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT must be an http\(s\) origin/);
    expect(() => parseEnv({ ...complete, S3_ENDPOINT: "https://s3.example/bucket" })).toThrow(/S3_ENDPOINT must be an http\(s\) origin/);
    expect(() => parseEnv({ ...complete, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe("WEB_CONCURRENCY (decision 050)", () => {
  const postgres = { DATABASE_URL: "postgres://site@127.0.0.1/site", NODE_ENV: "test" };

  it("defaults to one process and reads a count of workers", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
  });

  it("refuses a count that is not a whole number from 1 to 64", () => {
    for (const bad of ["0", "-1", "1.5", "65", "many"]) expect(() => parseEnv({ ...postgres, WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/);
  });

  it("refuses several processes on the embedded PGlite database, with the reason", () => {
    expect(() => parseEnv({ NODE_ENV: "test", WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
    expect(parseEnv({ NODE_ENV: "test", WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
  });

  it("refuses several processes on Vite's dev server, but not on the built site", () => {
    expect(() => parseEnv({ ...postgres, NODE_ENV: "development", WEB_CONCURRENCY: "2" })).toThrow(/serves the built site only/);
    expect(parseEnv({ ...postgres, NODE_ENV: "development", SERVE_BUILD: "true", WEB_CONCURRENCY: "2" }).WEB_CONCURRENCY).toBe(2);
  });
});
