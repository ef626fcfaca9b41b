import path from "node:path";
import { defineConfig } from "@playwright/test";
import baseConfig from "./playwright.config";

/**
 * The browser walk of a third language (decision 072): tests/third-locale/*.spec.ts against the site
 * built with `xx` in its locale list, a copy of this tree made and built by tests/third-locale/site.ts
 * (skipped when the copy is built from the same files), on a fresh data folder of its own. Its own run,
 * after the main one in `npm test`, on E2E_PORT + 40 (the main config uses E2E_PORT … +1, +50, +60, +61, +70).
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 40;
// Decided once in the main process (beside the main config's folder); workers inherit the variable.
const dataDir = (process.env.E2E_THIRD_LOCALE_DATA_DIR ??= path.resolve(`${process.env.E2E_DATA_DIR ?? `.tmp/e2e-${Date.now()}`}-third-locale`));
process.env.E2E_DATA_DIR = dataDir;
// The spec reads the mails the server writes to its outbox folder (tests/e2e/support.ts).
process.env.E2E_OUTBOX_DIR = path.join(dataDir, "outbox");

export default defineConfig({
  ...baseConfig,
  testDir: "tests/third-locale",
  testMatch: /\.spec\.ts$/,
  fullyParallel: false,
  workers: 1,
  reporter: [["list"], ["json", { outputFile: ".tmp/e2e-third-locale-results.json" }]],
  use: { ...baseConfig.use, baseURL: `http://127.0.0.1:${port}` },
  projects: [{ name: "third-locale" }],
  webServer: {
    command: "npx tsx tests/third-locale/site.ts serve",
    url: `http://127.0.0.1:${port}/api/booking/site`,
    reuseExistingServer: false,
    // A copy that must be built first takes ~30 s on a busy machine, then the server migrates and seeds.
    timeout: 240_000,
    stdout: "pipe",
    env: { NODE_ENV: "test", HOST: "127.0.0.1", LOG_LEVEL: "warn", RATE_LIMIT_MULTIPLIER: "100", PORT: String(port), DATA_DIR: dataDir },
  },
});
