import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database, Queryable } from "../db/client";
import { jobs } from "../db/schema";
import { providerNamed, type PaymentProviders } from "../deps/payment-provider";

/** A closed payment's checkout, at the provider that made it (an older payment may be another provider's). */
export type ReplacedCheckout = { provider: string; providerReference: string; jobId: string };

export const expireCheckoutJob = "payment.expire-checkout";
/**
 * The job is a fallback: the creation closes the checkout itself right after its commit and marks the
 * job done. The worker only gets it once this has passed, i.e. when that first try failed.
 */
const checkoutExpiryRetryAfterMs = 60_000;
const checkoutExpiryPayloadSchema = z.object({ provider: z.string().min(1), providerReference: z.string().min(1) });

export async function scheduleCheckoutExpiry(tx: Queryable, payload: z.infer<typeof checkoutExpiryPayloadSchema>, now: Date) {
  const [job] = await tx
    .insert(jobs)
    .values({ kind: expireCheckoutJob, payload, runAt: new Date(now.getTime() + checkoutExpiryRetryAfterMs) })
    .returning({ id: jobs.id });
  if (!job) throw new Error("job insert returned nothing");
  return job;
}

/** Closes a replaced checkout at once; when the provider fails (or is no longer enabled), its job stays for the worker. */
export async function expireReplacedCheckout(db: Database, providers: PaymentProviders, checkout: ReplacedCheckout, now: Date): Promise<boolean> {
  const provider = providerNamed(providers, checkout.provider);
  if (!provider) return false;
  try {
    await provider.expireCheckout(checkout.providerReference);
  } catch {
    return false;
  }
  await db
    .update(jobs)
    .set({ doneAt: now, lockedUntil: null })
    .where(and(eq(jobs.id, checkout.jobId), isNull(jobs.doneAt)));
  return true;
}

/**
 * The durable job: close a replaced checkout at the provider. A failure throws, so the worker runs it
 * again later (a checkout already paid or expired counts as closed; the provider adapter knows how).
 */
export async function runCheckoutExpiry(providers: PaymentProviders, payload: Record<string, unknown>): Promise<"closed" | "other provider"> {
  const { provider: name, providerReference } = checkoutExpiryPayloadSchema.parse(payload);
  const provider = providerNamed(providers, name);
  // A checkout of a provider no longer enabled cannot be reached from here (nor paid through our site).
  if (!provider) return "other provider";
  await provider.expireCheckout(providerReference);
  return "closed";
}
