import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, startPostgresCluster, type PostgresCluster } from "../../scripts/postgres-cluster";
import { spawnCompiledServer } from "../support/site-process";

/**
 * WEB_CONCURRENCY=2 on one PostgreSQL (decision 050), the compiled server as production runs it: two
 * worker processes answer on one port, a worker killed with SIGKILL is replaced while the other keeps
 * answering, and SIGTERM to the primary stops them all and exits 0. The workers are told apart by
 * `x-test-worker-pid`, a header only NODE_ENV=test sends. No browser: it runs here because it needs
 * the build (the processes project runs after it).
 */
let postgres: PostgresCluster | null = null;
const dataDir = mkdtempSync(path.join(tmpdir(), "cluster-workers-"));

beforeAll(async () => {
  postgres = await startPostgresCluster(".tmp");
});
afterAll(() => {
  postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One request on a connection of its own (a kept-alive one would stay with one worker): the pid that answered, or null. */
function answeringPid(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const call = request({ host: "127.0.0.1", port, path: "/healthz", agent: false, timeout: 3000 }, (response) => {
      response.resume();
      const pid = Number(response.headers["x-test-worker-pid"]);
      resolve(response.statusCode === 200 && pid > 0 ? pid : null);
    });
    call.on("timeout", () => call.destroy());
    call.on("error", () => resolve(null));
    call.end();
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("two workers answer; a killed one is replaced while the other answers; SIGTERM stops all with exit 0", async () => {
  const port = await freePort();
  const {
    child: server,
    exited: ended,
    output: printed,
  } = spawnCompiledServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? "",
    WEB_CONCURRENCY: "2",
    LOG_LEVEL: "info",
    SHUTDOWN_GRACE_SECONDS: "5",
  });
  const exited = ended.then(({ code }) => code);
  const seen = new Set<number>();
  try {
    // Both workers answer (connections go round the workers).
    await expect
      .poll(
        async () => {
          const pid = await answeringPid(port);
          if (pid) seen.add(pid);
          return seen.size;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(2);
    const [victim, survivor] = [...seen] as [number, number];
    expect(server.pid && seen.has(server.pid)).toBe(false);

    process.kill(victim, "SIGKILL");
    await expect.poll(() => isAlive(victim), { timeout: 5000, interval: 50 }).toBe(false);
    // The primary has noticed (a connection it handed over in the very moment of the kill is lost with the worker).
    await expect.poll(() => printed().includes("worker died"), { timeout: 5000, interval: 50 }).toBe(true);

    // Until the replacement answers, every request is answered, by the survivor.
    const answers: (number | null)[] = [];
    let replacement: number | null = null;
    const deadline = Date.now() + 45_000;
    while (!replacement && Date.now() < deadline) {
      const pid = await answeringPid(port);
      answers.push(pid);
      if (pid && pid !== survivor) replacement = pid;
      else await pause(100);
    }
    expect(replacement).not.toBeNull();
    expect(replacement).not.toBe(victim);
    expect(answers.every((pid) => pid === survivor || pid === replacement)).toBe(true);
    expect(answers.filter((pid) => pid === survivor).length).toBeGreaterThan(0);

    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect([survivor, replacement].filter((pid) => pid !== null && isAlive(pid))).toEqual([]);
    expect(printed()).toContain("SIGTERM: stopping 2 workers");
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    for (const pid of seen) if (isAlive(pid)) process.kill(pid, "SIGKILL");
  }
});
