import { describe, expect, it } from "vitest";
import { paymentResultSchema } from "../../core/contracts/payments";
import { isPaymentProviderName, parsePaymentProviderList, paymentProviderFacts, paymentProviderNames } from "../../core/domain/payment-providers";
import type { Database } from "../../server/db/client";
import { createPaymentProviders } from "../../server/payments/provider-registry";
import { providerNamed, defaultProviderOf } from "../../server/deps/payment-provider";

/** Nothing is called at construction: the adapters only keep their settings. */
const settings = {
  db: {} as Database,
  publicOrigin: "http://site.test",
  now: () => new Date(),
  sandbox: { webhookSecret: "sandbox-secret", webhookDelayMs: 0 },
  stripe: { secretKey: "sk_test_x", webhookSecret: "whsec_x" },
};

describe("the payment providers' list (decision 071)", () => {
  it("knows the sandbox and Stripe, and only the sandbox is kept out of production", () => {
    expect(paymentProviderNames).toEqual(["sandbox", "stripe"]);
    expect(Object.keys(paymentProviderFacts).sort()).toEqual([...paymentProviderNames].sort());
    expect(paymentProviderNames.filter((name) => !paymentProviderFacts[name].inProduction)).toEqual(["sandbox"]);
    expect(isPaymentProviderName("stripe")).toBe(true);
    expect(isPaymentProviderName("bank_transfer")).toBe(false);
    expect(isPaymentProviderName("toString")).toBe(false);
  });

  it("reads an operator's list in its order, and says what is wrong with a bad one", () => {
    expect(parsePaymentProviderList("stripe,sandbox")).toEqual({ names: ["stripe", "sandbox"] });
    expect(parsePaymentProviderList(" sandbox , stripe ,")).toEqual({ names: ["sandbox", "stripe"] });
    expect(parsePaymentProviderList("stripe")).toEqual({ names: ["stripe"] });
    expect(parsePaymentProviderList(" , ")).toEqual({ problem: "names no provider" });
    expect(parsePaymentProviderList("stripe,paypal")).toEqual({ problem: 'names "paypal", which is not one of sandbox, stripe' });
    expect(parsePaymentProviderList("stripe,stripe")).toEqual({ problem: "names stripe twice" });
  });

  it("is the list the payment answer's contract takes", () => {
    const answer = { uuid: "0b0c9a52-3f44-4a8e-9a55-6e8f3f2b9d11", kind: "deposit", amount_cents: 100, currency: "EUR", redirect_url: "https://x.test/", token: "t" };
    for (const provider of paymentProviderNames) expect(paymentResultSchema.safeParse({ ...answer, provider }).success).toBe(true);
    expect(paymentResultSchema.safeParse({ ...answer, provider: "paypal" }).success).toBe(false);
  });
});

describe("the server's registry of adapters", () => {
  it("builds one adapter for every provider of the list, named as the list names it", () => {
    const { providers } = createPaymentProviders(paymentProviderNames, settings);
    expect([...providers.keys()]).toEqual(paymentProviderNames);
    for (const [name, provider] of providers) expect(provider.name).toBe(name);
  });

  it("keeps the operator's order: the first enabled provider is the default", () => {
    const { providers, sandbox } = createPaymentProviders(["stripe", "sandbox"], settings);
    expect(defaultProviderOf(providers)?.name).toBe("stripe");
    expect(sandbox?.name).toBe("sandbox");
    expect(providerNamed(providers, "sandbox")).toBe(sandbox);
    expect(providerNamed(providers, "bank_transfer")).toBeNull();
  });

  it("builds only what is enabled: no sandbox page without the sandbox", () => {
    const { providers, sandbox } = createPaymentProviders(["stripe"], settings);
    expect([...providers.keys()]).toEqual(["stripe"]);
    expect(sandbox).toBeNull();
    expect(providerNamed(providers, "sandbox")).toBeNull();
    expect(defaultProviderOf(new Map())).toBeNull();
  });
});
