import type { PaymentProviderName } from "../../core/domain/payment-providers";
import type { Database } from "../db/client";
import type { PaymentProvider, PaymentProviders } from "../deps/payment-provider";
import { createSandboxProvider, type SandboxProvider } from "./sandbox-provider";
import { createStripeProvider, type StripeProviderOptions } from "./stripe-provider";

/** What the adapters are built from (server/main.ts, from env.ts); each provider reads its own part. */
export type ProviderSettings = {
  db: Database;
  publicOrigin: string;
  now: () => Date;
  sandbox: { webhookSecret: string; webhookDelayMs: number };
  stripe: StripeProviderOptions;
};

/** The adapter each provider's factory makes (the sandbox's also serves its own hosted page). */
type Adapters = { sandbox: SandboxProvider; stripe: PaymentProvider };

/**
 * One factory per provider of the list (core/domain/payment-providers.ts; decision 071): a name added
 * there is a compile error here until its adapter is built. No default branch.
 */
const factories: { readonly [name in PaymentProviderName]: (settings: ProviderSettings) => Adapters[name] } = {
  sandbox: (settings) =>
    createSandboxProvider({
      db: settings.db,
      publicOrigin: settings.publicOrigin,
      webhookSecret: settings.sandbox.webhookSecret,
      webhookDelayMs: settings.sandbox.webhookDelayMs,
      now: settings.now,
    }),
  stripe: (settings) => createStripeProvider(settings.stripe),
};

/**
 * The enabled providers' adapters, in the operator's order (the first is the default), and the
 * sandbox's when it is enabled, whose hosted page the site then serves.
 */
export function createPaymentProviders(
  names: readonly PaymentProviderName[],
  settings: ProviderSettings,
): { providers: PaymentProviders; sandbox: SandboxProvider | null } {
  const providers = new Map<PaymentProviderName, PaymentProvider>();
  let sandbox: SandboxProvider | null = null;
  for (const name of names) {
    if (name === "sandbox") {
      sandbox = factories.sandbox(settings);
      providers.set(name, sandbox);
    } else {
      providers.set(name, factories[name](settings));
    }
  }
  return { providers, sandbox };
}
