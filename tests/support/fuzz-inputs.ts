/**
 * What the API fuzz (tests/api/input-fuzz.test.ts) and the page fuzz (tests/e2e/input-fuzz-pages.spec.ts)
 * have in common: a seeded generator, so that every run sends the same requests, the hostile values
 * both send, and what an answer must never show.
 */

/** mulberry32: a small seeded generator. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of both fuzzes (issue 10, 2026). */
export const fuzzSeed = 0x10_2026;

/** What an answer must never show: a stack frame, an exception class. */
export const stackOrException = /\(\S+:\d+:\d+\)|\bat (file|node):|\b(Drizzle\w*|Type|Range|Syntax|Reference|Zod|HTTP)(Error|Exception)\b|\bError:/;

/** Values both fuzzes put in fields and parameters; the `encoded` ones are already URL-encoded. */
export const hostileValues = {
  megabyte: "x".repeat(1024 * 1024),
  malformedUuid: "16360190-9fac-4734-a04f-c5465a43a47",
  nilUuid: "00000000-0000-0000-0000-000000000000",
  invalidDate: "2026-02-30",
  encodedNul: "a%00b",
  encodedTraversal: "..%2F..%2F..%2Fetc%2Fpasswd",
  int4Overflow: "2147483648",
} as const;
