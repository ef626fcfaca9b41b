import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One worker per core: vitest's default leaves one core idle, and the API tests (PGlite is
    // WebAssembly, argon2 hashes) are CPU-bound, so a 2-core CI machine would run them one at a time.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" } },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/api-global-setup.ts"],
          // Files share their worker's imported modules (each still opens its own database and app):
          // importing the server once per worker instead of once per file halves the run's CPU time
          // (measured: 868 s → 373 s of wall time, 423 s → 189 s of CPU, on a loaded 2-core machine).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // A third language added to the locale list for the test (decision 072): isolated, so the longer list reaches no other file.
      {
        test: {
          name: "third-locale",
          include: ["tests/third-locale/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/api-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The compiled server as processes (after `npm run build`): boot, graceful shutdown, and the scale-out
      // test with nginx, three processes, PostgreSQL, S3 and an SMTP peer. Each file starts what it needs.
      { test: { name: "processes", include: ["tests/processes/**/*.test.ts"], environment: "node", testTimeout: 120_000, hookTimeout: 180_000 } },
    ],
  },
});
