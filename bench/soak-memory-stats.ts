import { readdirSync, readFileSync } from "node:fs";

/** Resident memory of a process and of every process below it, in MB (Linux /proc; 0 once it is gone). */
export function residentMegabytes(rootPid: number): number {
  const pids = [rootPid, ...descendantsOf(rootPid)];
  let kilobytes = 0;
  for (const pid of pids) {
    try {
      const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      kilobytes += Number(match?.[1] ?? 0);
    } catch {
      // it exited between the listing and the read
    }
  }
  return kilobytes / 1024;
}

/** Every process whose parent chain reaches `rootPid` (argon2 and PGlite use threads, but a future worker may be a process). */
function descendantsOf(rootPid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name in parentheses may hold spaces: the fields after its last ")" are fixed.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parentOf.set(Number(name), Number(fields[1]));
    } catch {
      // gone
    }
  }
  const found: number[] = [];
  const queue = [rootPid];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const [child, parent] of parentOf) {
      if (parent === pid) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

export type Sample = { minutes: number; megabytes: number };

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Least-squares slope of megabytes over minutes. */
export function slope(samples: Sample[]): number {
  if (samples.length < 2) return 0;
  const meanX = samples.reduce((sum, s) => sum + s.minutes, 0) / samples.length;
  const meanY = samples.reduce((sum, s) => sum + s.megabytes, 0) / samples.length;
  let numerator = 0;
  let denominator = 0;
  for (const s of samples) {
    numerator += (s.minutes - meanX) * (s.megabytes - meanY);
    denominator += (s.minutes - meanX) ** 2;
  }
  return denominator ? numerator / denominator : 0;
}

export type SoakMemory = {
  start: number;
  max: number;
  /** Median of the second half's samples. */
  steady: number;
  /** MB per minute over the second half. */
  slopePerMinute: number;
  /** Median of the second half's last quarter minus that of its first quarter. */
  quarterGrowth: number;
};

/** `samples` from the moment traffic started to its end; `start` is the RSS before any request. */
export function summarise(start: number, samples: Sample[], totalMinutes: number): SoakMemory {
  const half = totalMinutes / 2;
  const secondHalf = samples.filter((s) => s.minutes >= half);
  const quarter = half / 4;
  const firstQuarter = secondHalf.filter((s) => s.minutes < half + quarter).map((s) => s.megabytes);
  const lastQuarter = secondHalf.filter((s) => s.minutes >= totalMinutes - quarter).map((s) => s.megabytes);
  return {
    start,
    max: Math.max(start, ...samples.map((s) => s.megabytes)),
    steady: median(secondHalf.map((s) => s.megabytes)),
    slopePerMinute: slope(secondHalf),
    quarterGrowth: median(lastQuarter) - median(firstQuarter),
  };
}
