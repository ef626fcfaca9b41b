import type { RateLimiter, RateLimitStore } from "../auth/rate-limiter";

/**
 * New drafts one client address (an IPv6 /64) may open per hour by default (env
 * DRAFTS_PER_CLIENT_PER_HOUR, times RATE_LIMIT_MULTIPLIER). Drafts hold uploads (decision 012):
 * without a bound, one client filled the disk with 20 drafts of 2 MB in a minute. Generous, because
 * many real buyers can share one address (mobile carrier NAT, an office); resuming never counts.
 */
export const draftsPerClientPerHour = 60;

export function createDraftLimiter(store: RateLimitStore, perHour: number = draftsPerClientPerHour, multiplier: number): RateLimiter {
  return store.fixedWindow("drafts-address", { limit: perHour * multiplier, windowMs: 60 * 60_000, by: "address" });
}
