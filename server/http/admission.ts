import type { Context, MiddlewareHandler } from "hono";

/**
 * How urgent a request is when the process is saturated (decision 064): `finishing` completes what a
 * customer has already put work into (submitting a booking, paying, the payment provider's
 * notification); `ordinary` is everything else (opening a draft, saving a page, browsing).
 */
export type Urgency = "finishing" | "ordinary";

export type Admission = {
  /** Every request through it waits for its turn (the API). */
  middleware: MiddlewareHandler;
  /** `work` waits for its turn (a page's render, which a page-cache hit skips). */
  run: <T>(urgency: Urgency, work: () => Promise<T>) => Promise<T>;
  /** Requests being handled now, and waiting, by urgency (metrics, tests). */
  stats: () => { inFlight: number; waiting: Record<Urgency, number> };
};

/**
 * At most `maxInFlight` requests handled at once by this process; the others wait, finishing ones
 * first, each kind in arrival order. In a sale rush every request used to wait its turn behind all
 * that came before it, so a submit waited as long as an opening draft (p95 0.4–1.3 s); admitted
 * first, it waits only for a free place. A slot is held while the handler runs, not while a
 * streamed answer is sent, so a slow download does not keep one.
 */
export function createAdmission(options: { maxInFlight: number; urgencyOf?: (c: Context) => Urgency }): Admission {
  const urgencyOf = options.urgencyOf ?? urgencyOfRequest;
  if (!Number.isInteger(options.maxInFlight) || options.maxInFlight < 1) throw new Error(`maxInFlight must be a positive integer, got ${options.maxInFlight}`);
  let inFlight = 0;
  const queues: Record<Urgency, Array<() => void>> = { finishing: [], ordinary: [] };

  const release = () => {
    const next = queues.finishing.shift() ?? queues.ordinary.shift();
    if (next) next();
    else inFlight -= 1;
  };

  const run = async <T>(urgency: Urgency, work: () => Promise<T>): Promise<T> => {
    if (inFlight < options.maxInFlight) inFlight += 1;
    // The slot passes straight from the request that leaves to the one that waited (inFlight unchanged).
    else await new Promise<void>((admit) => queues[urgency].push(admit));
    try {
      return await work();
    } finally {
      release();
    }
  };
  const middleware: MiddlewareHandler = (c, next) => run(urgencyOf(c), next);

  return { middleware, run, stats: () => ({ inFlight, waiting: { finishing: queues.finishing.length, ordinary: queues.ordinary.length } }) };
}

/** The calls that finish a booking or a payment, by path: the API's, and the pages' that pay or confirm. */
const finishingPaths = [
  /^\/api\/booking\/public\/[^/]+\/submit$/,
  /^\/api\/booking\/payment\/create\//,
  /^\/api\/payment\/webhook\//,
  /^(?:\/de)?\/(?:pay|payment)\//,
  /^(?:\/de)?\/(?:booking-success|sma-checkout|sma-success)$/,
];

export function urgencyOfRequest(c: Context): Urgency {
  const path = c.req.path;
  return finishingPaths.some((pattern) => pattern.test(path)) ? "finishing" : "ordinary";
}
