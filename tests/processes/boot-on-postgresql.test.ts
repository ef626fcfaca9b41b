import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { freePort, startPostgresCluster, type PostgresCluster } from "../../scripts/postgres-cluster";
import { spawnCompiledServer } from "../support/site-process";

/**
 * A fresh deploy on PostgreSQL (issue 10): DATABASE_URL set and no data folder yet. The server must
 * create DATA_DIR itself (PGlite used to do it as a side effect) and come up, not crash on writing
 * its generated secrets there. Runs the compiled server as a process, on an empty throwaway cluster.
 */
let cluster: PostgresCluster | null = null;
let databaseUrl: string;
let dropDatabase: () => Promise<void> = async () => undefined;
const parent = mkdtempSync(path.join(tmpdir(), "boot-on-postgresql-"));

beforeAll(async () => {
  const adminUrl = inject("postgresAdminUrl") ?? (cluster = await startPostgresCluster(path.resolve(".tmp"))).url;
  const name = `boot_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
}, 120_000);

afterAll(async () => {
  if (cluster) cluster.stop();
  else await dropDatabase();
  rmSync(parent, { recursive: true, force: true });
});

function stop(server: ChildProcess) {
  if (server.pid && server.exitCode === null) process.kill(-server.pid, "SIGKILL");
}

it("boots on PostgreSQL with a DATA_DIR that does not exist yet, and creates it", async () => {
  const dataDir = path.join(parent, "data");
  const port = await freePort();
  const metricsToken = randomBytes(24).toString("hex");
  // The compiled server as production runs it (`npm run build` first).
  const { child: server, output: printed } = spawnCompiledServer(
    { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, METRICS_TOKEN: metricsToken },
    { detached: true },
  );
  try {
    const deadline = Date.now() + 90_000;
    let status = 0;
    while (Date.now() < deadline && server.exitCode === null && status !== 200) {
      status = await fetch(`http://127.0.0.1:${port}/api/booking/site`).then(
        (response) => response.status,
        () => 0,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect({ status, exitCode: server.exitCode, output: status === 200 ? "" : printed() }).toEqual({ status: 200, exitCode: null, output: "" });
    // Ready: the database answers and has every migration of this build.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, database: "reachable" });
    // On PostgreSQL /metrics also reports the connection pool (decision 047).
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^db_pool_connections\{state="total"\} [1-9]\d*$/m);
    expect(existsSync(path.join(dataDir, "sandbox-webhook-secret"))).toBe(true);
    expect(existsSync(path.join(dataDir, "jwt-secret"))).toBe(true);
  } finally {
    stop(server);
  }
}, 120_000);
