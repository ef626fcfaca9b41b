import { spawn } from "node:child_process";
import { freePort } from "../scripts/postgres-cluster";
import { productionStart } from "../tests/support/site-process";

export type BuiltSiteOptions = {
  /**
   * Run the compiled server (build/server-main.js) with plain node, as `npm run serve` does, instead of
   * server/main.ts through tsx: no TypeScript compiler in the process, so its memory is production's.
   */
  compiled?: boolean;
};

/**
 * The built site for a bench that looks at pages (page weight, Lighthouse): the production build's
 * pages served in test mode, so that the sample data is there (production seeds no events), on a
 * throwaway data folder. `npm run build` first. Stopped by its process group (npx starts node).
 * `pid` is the process that started: the server itself when `compiled`, npx otherwise.
 */
export async function startBuiltSite(
  dataDir: string,
  env: Record<string, string> = {},
  options: BuiltSiteOptions = {},
): Promise<{ origin: string; stop: () => void; pid: number | undefined; exited: Promise<void> }> {
  const port = await freePort();
  const production = options.compiled ? productionStart() : { env: {}, nodeFlags: [] };
  const [command, args] = options.compiled ? [process.execPath, [...production.nodeFlags, "build/server-main.js"]] : ["npx", ["tsx", "server/main.ts"]];
  const child = spawn(command, args, {
    env: { ...process.env, ...production.env, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}`);
    if (attempt > 400) {
      stop();
      throw new Error(`${origin}/readyz did not answer 200`);
    }
    if (
      await fetch(`${origin}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { origin, stop, pid: child.pid, exited };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
