/**
 * The card payment providers this site can speak to, one entry each (decision 071). Everything that
 * names a provider follows this list: the environment (`PAYMENT_PROVIDERS`, server/env.ts), the API
 * contracts (the payment's `provider`, the webhook's `{provider}`), the database (a check on
 * `payments.provider` for card payments) and the server's registry of adapters
 * (server/payments/provider-registry.ts), whose type asks for one adapter per entry here.
 *
 * A new provider: its entry here, its adapter and its entry in the registry, its variables in
 * server/env.ts (`providerVariables` asks for them), and `npm run db:generate` for the database's check.
 */
export const paymentProviderNames = ["sandbox", "stripe"] as const;

export type PaymentProviderName = (typeof paymentProviderNames)[number];

/** What the rest of the site must know of each provider (the compiler asks for every entry). */
export const paymentProviderFacts: { readonly [name in PaymentProviderName]: { readonly inProduction: boolean } } = {
  /** The built-in hosted test page (decision 007): takes no money, so never in production. */
  sandbox: { inProduction: false },
  /** Stripe Checkout. */
  stripe: { inProduction: true },
};

export function isPaymentProviderName(value: string): value is PaymentProviderName {
  return (paymentProviderNames as readonly string[]).includes(value);
}

/**
 * `PAYMENT_PROVIDERS=stripe,sandbox`: the enabled providers in the operator's order (the first is
 * the default a customer's card payment goes to), or what is wrong with the text.
 */
export function parsePaymentProviderList(text: string): { names: PaymentProviderName[] } | { problem: string } {
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length === 0) return { problem: "names no provider" };
  const names: PaymentProviderName[] = [];
  for (const entry of entries) {
    if (!isPaymentProviderName(entry)) return { problem: `names "${entry}", which is not one of ${paymentProviderNames.join(", ")}` };
    if (names.includes(entry)) return { problem: `names ${entry} twice` };
    names.push(entry);
  }
  return { names };
}
