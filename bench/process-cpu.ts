/**
 * CPU time spent by processes, read from Linux's /proc: what a bench run cost the server and the
 * database, independent of how busy the machine was with other work (a wall-clock rate is not).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Linux's USER_HZ: /proc counts CPU time in 1/100 s on every platform Node supports here. */
const ticksPerSecond = 100;

type ProcStat = { ppid: number; ownTicks: number; reapedChildrenTicks: number };

function procStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined; // gone
  }
  // The command name (field 2) is in parentheses and may contain spaces: split after its last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // Fields from 3 on: state ppid … utime(14) stime(15) cutime(16) cstime(17).
  const at = (field: number) => Number(fields[field - 3]);
  return { ppid: at(4), ownTicks: at(14) + at(15), reapedChildrenTicks: at(16) + at(17) };
}

/** CPU milliseconds the processes have used so far (their own, not their children's). */
export function cpuMsOf(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + ((procStat(pid)?.ownTicks ?? 0) * 1000) / ticksPerSecond, 0);
}

/**
 * CPU milliseconds a PostgreSQL server has used so far: the postmaster, its live backends and
 * helpers, and every child it has already reaped (a closed connection's backend).
 */
export function postgresCpuMs(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const own = procStat(postmaster);
  if (!own) return 0;
  let ticks = own.ownTicks + own.reapedChildrenTicks;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const child = procStat(Number(entry));
    if (child?.ppid === postmaster) ticks += child.ownTicks;
  }
  return (ticks * 1000) / ticksPerSecond;
}
