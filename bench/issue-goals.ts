/**
 * Every floor of issue 29 in one run, each beside its goal: runs the benches one after another (never
 * two at once: they share the machine's two cores) and repeats, at the end, each line in which a bench
 * names a goal or a budget. A bench that fails, or a line that says "NOT met" or "over", fails the run.
 *
 *   npm run build && npm run bench:goals          (≈ 35 min: the memory soak alone is 2 × 10 min)
 *   SOAK_MINUTES=2 npm run bench:goals           (a quicker pass; the soak's goal is stated for 10 min)
 *
 * The benches and what they measure:
 *   bench:page-weight   first-load JavaScript per page against its budget
 *   bench:lighthouse    Lighthouse mobile scores of the public pages, both languages
 *   bench               SSR and API throughput; uncached SSR /events on PostgreSQL against 300 req/s
 *   bench:rush-http     the sale rush over HTTP with several processes: bookings a minute, submit p95, oversold
 *   bench:soak          resident memory after a soak of mixed traffic, PostgreSQL and PGlite
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

type Step = { script: string; env?: Record<string, string> };
const steps: Step[] = [
  { script: "bench:page-weight" },
  { script: "bench:lighthouse" },
  { script: "bench", env: { BENCH_DATABASE: "postgres" } },
  { script: "bench:rush-http" },
  { script: "bench:soak" },
];

/** A line that states a goal, a budget or a verdict: what the summary repeats. */
const goalLine = /goal|budget|\bmet\b|over budget|oversold/i;

function run(step: Step): Promise<{ code: number; lines: string[] }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", step.script], {
      cwd: projectRoot,
      env: { ...process.env, ...step.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines: string[] = [];
    let rest = "";
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      const text = rest + chunk.toString("utf8");
      const parts = text.split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts);
    });
    child.stderr.on("data", (chunk: Buffer) => process.stderr.write(chunk));
    child.on("close", (code) => {
      if (rest) lines.push(rest);
      resolve({ code: code ?? 1, lines });
    });
  });
}

const summary: string[] = [];
let failed = 0;
for (const step of steps) {
  const label = `npm run ${step.script}${
    step.env
      ? ` (${Object.entries(step.env)
          .map(([name, value]) => `${name}=${value}`)
          .join(" ")})`
      : ""
  }`;
  console.log(`\n━━ ${label}`);
  const { code, lines } = await run(step);
  const stated = lines.filter((line) => goalLine.test(line) && !/^\s*\(?\s*goal:?\s*$/i.test(line));
  const overBudget = lines.some((line) => /^\d+ route\(s\) over budget/.test(line.trim()) && !line.trim().startsWith("0 "));
  const notMet = stated.some((line) => /NOT met/.test(line)) || overBudget;
  if (code !== 0 || notMet) failed += 1;
  summary.push(`${label}: ${code === 0 ? (notMet ? "a goal missed" : "ok") : `failed (exit ${code})`}`, ...stated.map((line) => `    ${line.trim()}`));
}

console.log(`\n━━ Issue 29, every floor in this run\n`);
for (const line of summary) console.log(line);
console.log(`\n${steps.length - failed} of ${steps.length} benches met every goal they state`);
if (failed > 0) process.exitCode = 1;
