import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/**
 * A throwaway PostgreSQL cluster on 127.0.0.1 for tests and benchmarks, from Debian's `postgresql`
 * package (installed on demand). initdb refuses to run as root, so the cluster belongs to `postgres`.
 */
/** `dataDir`: the cluster's data folder (its postmaster.pid names the server process). */
export type PostgresCluster = { url: string; socketUrl: string; dataDir: string; stop: () => void };

function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (existsSync(path.join(bin, "initdb"))) return bin;
  }
  return null;
}

export function ensurePostgresInstalled(): string {
  let bin = postgresBinDir();
  if (bin) return bin;
  console.log("Installing PostgreSQL from Debian's packages…");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "postgresql"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL was installed but initdb was not found under /usr/lib/postgresql");
  return bin;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgresCluster(baseDir: string): Promise<PostgresCluster> {
  const bin = ensurePostgresInstalled();
  const dir = path.resolve(baseDir, `pg-${process.pid}-${Date.now()}`);
  const dataDir = path.join(dir, "data");
  mkdirSync(dir, { recursive: true });
  const asPostgres = (command: string, args: string[]) => {
    const isRoot = process.getuid?.() === 0;
    const result = isRoot
      ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], { encoding: "utf8" })
      : spawnSync(command, args, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
  };
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  const port = await freePort();
  asPostgres(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  asPostgres(path.join(bin, "pg_ctl"), [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "server.log"),
    "-w",
    "-o",
    `-k ${dir} -c listen_addresses=127.0.0.1 -p ${port} -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    "start",
  ]);
  const stop = () => {
    try {
      asPostgres(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@/postgres?host=${encodeURIComponent(dir)}&port=${port}`,
    dataDir,
    stop,
  };
}
