import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../scripts/postgres-cluster";

/**
 * The compiled production server (`build/server-main.js`, `npm run build` first) as a child process of
 * its own, the way `npm run serve` runs it: plain node with its flags, one process whose PID is the server. Used by the
 * scale-out test and the HTTP sale-rush bench, which start several of them on one database.
 */
export type SiteProcess = {
  origin: string;
  port: number;
  pid: number;
  logFile: string;
  running: () => boolean;
  /** SIGTERM (graceful), then SIGKILL after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
  /** SIGKILL now, synchronously (also from an exit handler). */
  kill: () => void;
  exited: Promise<void>;
};

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The node flags and environment `npm run serve` starts production with (package.json), so that a
 * test or bench of the compiled server runs the process production runs: `A=1 node --flag build/server-main.js`.
 */
export function productionStart(packageJson = readFileSync(path.join(projectRoot, "package.json"), "utf8")): {
  env: Record<string, string>;
  nodeFlags: string[];
} {
  const { scripts } = JSON.parse(packageJson) as { scripts: Record<string, string> };
  const words = (scripts.serve ?? "").split(/\s+/).filter(Boolean);
  const node = words.indexOf("node");
  const entry = words.indexOf("build/server-main.js");
  if (node < 0 || entry < node) throw new Error(`the serve script does not run node build/server-main.js: ${scripts.serve ?? "(none)"}`);
  const env: Record<string, string> = {};
  for (const word of words.slice(0, node)) {
    const [name, value] = word.split("=", 2);
    // NODE_ENV is the caller's to choose (test mode seeds the sample data).
    if (name && value !== undefined && name !== "NODE_ENV") env[name] = value;
  }
  return { env, nodeFlags: words.slice(node + 1, entry) };
}

/** Read once per process: every spawn below starts what `npm run serve` starts. */
const serve = productionStart();

export function lastLines(file: string, count: number): string {
  return existsSync(file) ? readFileSync(file, "utf8").trimEnd().split("\n").slice(-count).join("\n") : "(no log)";
}

/** Starts the server and waits until `/readyz` answers 200 (database reachable, migrations applied). */
export async function startSiteProcess(options: {
  env: Record<string, string>;
  logFile: string;
  port?: number;
  readyWithinMs?: number;
  /** More node flags, e.g. `--cpu-prof` for a bench. */
  nodeArgs?: string[];
}): Promise<SiteProcess> {
  const serverMain = path.join(projectRoot, "build/server-main.js");
  if (!existsSync(serverMain)) throw new Error("build/server-main.js is missing: run `npm run build` first.");
  const port = options.port ?? (await freePort());
  const log = openSync(options.logFile, "a");
  const child = spawn(process.execPath, [...serve.nodeFlags, ...(options.nodeArgs ?? []), serverMain], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "test", ...serve.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "info", ...options.env },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error("the site did not start");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = () => {
    try {
      if (running()) process.kill(pid, "SIGKILL");
    } catch {
      // it exited before its exit event was seen
    }
  };
  const stop = async (graceMs = 5000) => {
    if (!running()) return;
    process.kill(pid, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
    kill();
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyWithinMs ?? 60_000);
  for (;;) {
    if (!running()) throw new Error(`the site exited with ${child.exitCode ?? child.signalCode}:\n${lastLines(options.logFile, 20)}`);
    const ready = await fetch(`${origin}/readyz`).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the site did not become ready:\n${lastLines(options.logFile, 20)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, port, pid, logFile: options.logFile, running, stop, kill, exited };
}

/**
 * The compiled server with `npm run serve`'s flags, its output collected, for tests that watch the
 * process itself (its signals, its exit code, what it printed) rather than wait for it to be ready.
 */
export function spawnCompiledServer(env: Record<string, string>, options: { detached?: boolean } = {}) {
  const child = spawn(process.execPath, [...serve.nodeFlags, path.join(projectRoot, "build/server-main.js")], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "test", ...serve.env, HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    detached: options.detached ?? false,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}
