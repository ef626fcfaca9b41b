/**
 * How a request takes its turn when the process is saturated (decision 064): `finishing` completes a
 * booking a customer has already put work into (its submit); `ordinary` is the rest of the booking
 * flow, the API and page renders; `exempt` never waits and takes no place: it waits on something
 * slower than this process (the payment provider, a browser's upload, a long download), and holding
 * a place meanwhile would stall the others.
 */
export type Urgency = "finishing" | "ordinary" | "exempt";

export type Admission = {
  /**
   * `work` waits for its turn: an API route's handler (its `facts`, server/api/api-route.ts) or a
   * page's render, which a page-cache hit skips (its route module's `handle`, page-route-facts.ts).
   */
  run: <T>(urgency: Urgency, work: () => Promise<T>) => Promise<T>;
  /** Requests being handled now, and waiting, by urgency (metrics, tests). */
  stats: () => AdmissionStats;
};

export type AdmissionStats = { inFlight: number; waiting: Record<Exclude<Urgency, "exempt">, number> };

/**
 * At most `maxInFlight` requests handled at once by this process; the others wait, finishing ones
 * first, each kind in arrival order. In a sale rush every request used to wait its turn behind all
 * that came before it, so a submit waited as long as an opening draft (p95 0.4–1.3 s); admitted
 * first, it waits only for a free place. A slot is held while the handler runs, not while a
 * streamed answer is sent, so a slow download does not keep one.
 */
export function createAdmission(options: { maxInFlight: number }): Admission {
  if (!Number.isInteger(options.maxInFlight) || options.maxInFlight < 1) throw new Error(`maxInFlight must be a positive integer, got ${options.maxInFlight}`);
  let inFlight = 0;
  const queues: Record<Exclude<Urgency, "exempt">, Array<() => void>> = { finishing: [], ordinary: [] };

  const release = () => {
    const next = queues.finishing.shift() ?? queues.ordinary.shift();
    if (next) next();
    else inFlight -= 1;
  };

  const run = async <T>(urgency: Urgency, work: () => Promise<T>): Promise<T> => {
    if (urgency === "exempt") return work();
    if (inFlight < options.maxInFlight) inFlight += 1;
    // The slot passes straight from the request that leaves to the one that waited (inFlight unchanged).
    else await new Promise<void>((admit) => queues[urgency].push(admit));
    try {
      return await work();
    } finally {
      release();
    }
  };
  return { run, stats: () => ({ inFlight, waiting: { finishing: queues.finishing.length, ordinary: queues.ordinary.length } }) };
}
