import { spawn } from "node:child_process";
import { freePort } from "../scripts/postgres-cluster";

/**
 * The built site for a bench that looks at pages (page weight, Lighthouse): the production build's
 * pages served in test mode, so that the sample data is there (production seeds no events), on a
 * throwaway data folder. `npm run build` first. Stopped by its process group (npx starts node).
 */
export async function startBuiltSite(dataDir: string, env: Record<string, string> = {}): Promise<{ origin: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn("npx", ["tsx", "server/main.ts"], {
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
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
      return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
