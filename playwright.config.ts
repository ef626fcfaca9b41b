import path from "node:path";
import { defineConfig } from "@playwright/test";
import { defaultChromiumPath } from "./scripts/ensure-chromium";

const port = Number(process.env.E2E_PORT ?? 3210);
// Decided once in the main process; workers inherit the variable and so agree on the folder.
process.env.E2E_DATA_DIR ??= `.tmp/e2e-${Date.now()}`;
const dataDir = process.env.E2E_DATA_DIR;
// The demo site as `npm start` shows it, untouched by tests that make events (+50 payment-crash, +60/+61 behind-nginx, +70 fuzz).
const demoSitePort = port + 1;
const serverEnv = { NODE_ENV: "test", HOST: "127.0.0.1", LOG_LEVEL: "warn", RATE_LIMIT_MULTIPLIER: "100", STAFF_EDIT_MAIL_DELAY_SECONDS: "2" };
// The tests read the mails the server writes to its outbox folder (no SMTP_URL in tests).
process.env.E2E_OUTBOX_DIR = path.resolve(dataDir, "outbox");

const siteWideSpecs = /(admin-email-texts|admin-content|admin-catalogue-journey|legal-pages)\.spec\.ts$/;

/**
 * End-to-end tests in Debian's Chromium against the production build on the embedded database
 * (a fresh data folder per run, seeded on start). `npm test` installs it when it is missing.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: ".tmp/e2e-results.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      // Debian's `chromium-headless-shell`: a quarter less CPU than the desktop build (decision 041).
      executablePath: process.env.CHROMIUM_PATH ?? defaultChromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    locale: "en-GB",
    // A failed test keeps its trace (DOM snapshots, no screencast: the screencast alone cost a quarter of
    // the CPU). The whole suite (`npm test`) records none: recording every test's trace for the few that
    // fail took a third of its time; rerun a failed spec alone to get its trace.
    trace: process.env.E2E_TRACE === "0" ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: false },
  },
  /**
   * Tests create the events they book (tests/e2e/test-data.ts), and those events are published, so
   * they show on the event lists. The few tests that count the demo site's events (tagged @demo-site)
   * therefore run against a second server of their own, on which no test makes events (decision 019).
   */
  projects: [
    { name: "demo-site", grep: /@demo-site/, use: { baseURL: `http://127.0.0.1:${demoSitePort}` } },
    { name: "own-data", grepInvert: /@demo-site/, testIgnore: siteWideSpecs },
    // Specs that change a site-wide text for a while (an e-mail subject override, decision 037; the
    // support hours and the footer menu, decision 035; a new category in the public menu) run after every other spec, so that no spec
    // reading those texts runs beside them. (To run one of them alone: `--no-deps`.)
    { name: "site-wide-texts", testMatch: siteWideSpecs, dependencies: ["own-data"] },
  ],
  // Two servers boot at once (and migrate and seed a fresh folder each): 120 s leaves room on a busy machine.
  // The compiled server, as production runs it (`npm run build` makes it, decision 047).
  webServer: [
    {
      command: "node --enable-source-maps build/server-main.js",
      url: `http://127.0.0.1:${port}/api/booking/site`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...serverEnv, PORT: String(port), DATA_DIR: dataDir },
    },
    {
      command: "node --enable-source-maps build/server-main.js",
      url: `http://127.0.0.1:${demoSitePort}/api/booking/site`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...serverEnv, PORT: String(demoSitePort), DATA_DIR: `${dataDir}-demo-site` },
    },
  ],
});
