import "./load-context";
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { purgeDraftsJob, scheduleDraftPurge } from "./bookings/purge-drafts";
import { retentionJob, scheduleRetention } from "./privacy/apply-retention";
import { scheduleWaiverReminders } from "./waivers/waiver-reminders";
import { openDatabase, type Database } from "./db/client";
import { createCrossProcessSignal } from "./db/cross-process-signal";
import { runClusterPrimary } from "./http/cluster-primary";
import { startJobWorker } from "./jobs/job-worker";
import { demoAccounts } from "./db/seed";
import { seedIfEmpty } from "./seed/seed-if-empty";
import { createMailTransport, enqueueEmail, startEmailWorker } from "./email";
import { parseEnv } from "./env";
import { createApp } from "./http/create-app";
import { createGracefulServer, type GracefulServer } from "./http/graceful-server";
import { createTestRoutes } from "./http/test-routes";
import { createLogger } from "./logger";
import { projectRoot } from "./project-root";
import { createServices } from "./services";
import { createUploadStorage } from "./uploads/upload-storage";
import { createSandboxCheckoutRoutes } from "./payments/sandbox-checkout-routes";
import { deliverSandboxWebhook, sandboxWebhookJob } from "./payments/sandbox-provider";
import { createPaymentProviders } from "./payments/provider-registry";
import { backfillPriceLines } from "./bookings/price-lines";

// The one place that reads process.env (lint forbids it elsewhere).
// eslint-disable-next-line no-restricted-properties
const env = parseEnv(process.env);
// A cluster's workers log their pid: which of them answered is otherwise not told.
const logger = cluster.isWorker ? createLogger(env.LOG_LEVEL).child({ pid: process.pid }) : createLogger(env.LOG_LEVEL);
const isProduction = env.NODE_ENV === "production";

const startedAt = Date.now();
const dataDir = path.resolve(projectRoot, env.DATA_DIR);
// PGlite would create it for its database, but on PostgreSQL nothing else does, and the secrets,
// the uploads and the mail outbox all live here (a fresh deploy has no such folder yet).
mkdirSync(dataDir, { recursive: true });
/** Migrations, then the seed, under one lock on PostgreSQL (server/db/client.ts): processes starting together do them once. */
const openAndSeed = (poolSize?: number) =>
  openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(dataDir, "db"),
    onPoolError: (error) => logger.warn({ err: error }, "PostgreSQL closed an idle connection"),
    afterMigrations: async (db: Database) => {
      // Production gets the site settings and the legal pages only: no sample events, no demo logins.
      if (await seedIfEmpty(db, new Date(), { demoData: !isProduction, demoAccounts: !isProduction }))
        logger.info(isProduction ? "Seeded the site settings and legal pages." : "Seeded the sample data.");
      await scheduleDraftPurge(db, new Date());
      await scheduleRetention(db, new Date());
      await scheduleWaiverReminders(db, new Date());
      // Bookings priced before their lines were stored get them, from the current price list (money review, finding 3).
      const backfilled = await backfillPriceLines(db);
      if (backfilled.stored > 0) logger.info(`Stored the price lines of ${backfilled.stored} bookings.`);
      if (backfilled.mismatched.length > 0)
        logger.warn({ bookings: backfilled.mismatched }, "These bookings' total differs from their lines at today's prices: their lines are not stored.");
    },
    ...(poolSize ? { poolSize } : {}),
  });
if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
  // The primary does the once-only start-up work, then only forks and watches (decision 050).
  const prepared = await openAndSeed(2);
  await prepared.close();
  // The workers read them; made here, before any of them starts, they are made once.
  if (!env.JWT_SECRET) loadOrCreateSecret(path.join(dataDir, "jwt-secret"));
  if (!env.SANDBOX_WEBHOOK_SECRET) loadOrCreateSecret(path.join(dataDir, "sandbox-webhook-secret"));
  if (!isProduction) logDemoLogins();
  process.exit(await runClusterPrimary({ workers: env.WEB_CONCURRENCY, logger, graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000 }));
}
const database = await openAndSeed();
if (!isProduction && !cluster.isWorker) logDemoLogins();
function logDemoLogins() {
  for (const account of Object.values(demoAccounts)) {
    // Staff also need the second factor: the key to type into an authenticator app (development only; decision 027).
    const secondFactor = "totpSecret" in account ? ` (authenticator key ${account.totpSecret})` : "";
    logger.info(`Demo ${account.role} login: ${account.email} / ${account.password}${secondFactor}`);
  }
}
// Several processes on one PostgreSQL tell each other of writes that drop the read cache (decision 050);
// also with WEB_CONCURRENCY=1, since other machines may serve the same database.
const crossProcessSignal = env.DATABASE_URL
  ? createCrossProcessSignal({
      databaseUrl: env.DATABASE_URL,
      db: database.db,
      channel: "read_cache_invalidated",
      onError: (error, context) => logger.warn({ err: error }, context),
    })
  : undefined;
const publicOrigin = env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`;
const outboxDir = path.join(dataDir, "outbox");
const transport = createMailTransport({ smtpUrl: env.SMTP_URL, outboxDir });
const sandboxWebhookSecret = env.SANDBOX_WEBHOOK_SECRET ?? loadOrCreateSecret(path.join(dataDir, "sandbox-webhook-secret"));
// The enabled providers in the operator's order (env.ts refuses the sandbox in production; decision 071).
const { providers: paymentProviders, sandbox } = createPaymentProviders(env.PAYMENT_PROVIDERS, {
  db: database.db,
  publicOrigin,
  now: () => new Date(),
  sandbox: { webhookSecret: sandboxWebhookSecret, webhookDelayMs: env.SANDBOX_WEBHOOK_DELAY_MS },
  stripe: {
    secretKey: env.STRIPE_SECRET_KEY ?? "",
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
    ...(env.STRIPE_API_BASE ? { apiBase: stripeApiBase(env.STRIPE_API_BASE) } : {}),
  },
});
logger.info(`Card payments: ${[...paymentProviders.keys()].join(", ")} (the first is the default)`);

function stripeApiBase(origin: string) {
  const url = new URL(origin);
  const protocol = url.protocol === "http:" ? ("http" as const) : ("https" as const);
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

// Booking uploads and event images: the S3 bucket when S3_* is set, so that every process sees every file (decision 049).
const uploadStorage = createUploadStorage({ dataDir, s3: env.s3 });
await uploadStorage.check();
logger.info(`Uploads and event images go to ${uploadStorage.describe}`);

const services = createServices(database.db, {
  paymentProviders: [...paymentProviders.values()],
  cacheTtlMs: env.READ_CACHE_SECONDS * 1000,
  editMailDelayMs: env.STAFF_EDIT_MAIL_DELAY_SECONDS * 1000,
  jwtSecret: env.JWT_SECRET ?? loadOrCreateSecret(path.join(dataDir, "jwt-secret")),
  allowDemoTotpSecrets: !isProduction,
  publicOrigin,
  rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
  widgetFrameAncestors: env.WIDGET_FRAME_ANCESTORS,
  datev: env.datev,
  draftsPerClientPerHour: env.DRAFTS_PER_CLIENT_PER_HOUR,
  logError: (error) => logger.error({ err: error }, "work after an answer failed"),
  // Beside the database, never under build/client or public: uploads are not served to anyone.
  uploadsDir: path.join(dataDir, "uploads"),
  fileStore: uploadStorage.files,
  imageStore: uploadStorage.images,
  uploadIdleTimeoutMs: env.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
  crossProcessSignal,
  // Deliver soon after the enqueuing transaction commits instead of at the next poll.
  enqueueMail: async (queryable, mail) => {
    const queued = await enqueueEmail(queryable, mail);
    setTimeout(() => emailWorker.wake(), 100);
    return queued;
  },
});
const emailWorker = startEmailWorker({
  db: database.db,
  transport,
  from: env.MAIL_FROM,
  logger,
  pollIntervalMs: 2000,
  loadOverrides: services.emailTextOverrides,
});
const jobWorker = startJobWorker({
  db: database.db,
  logger,
  handlers: {
    // The domain's jobs through the services (decision 074); the sandbox provider's webhook is the sandbox's own.
    ...services.jobs,
    [purgeDraftsJob]: async (payload, now) => {
      const purged = await services.jobs[purgeDraftsJob](payload, now);
      if (purged.drafts) logger.info(purged, "purged stale booking drafts");
    },
    [retentionJob]: async (payload, now) => {
      const applied = await services.jobs[retentionJob](payload, now);
      logger.info(applied, "applied the data retention settings");
    },
    [sandboxWebhookJob]: async (payload, now) => deliverSandboxWebhook(payload, { publicOrigin, webhookSecret: sandboxWebhookSecret, now }),
  },
});
if (env.PUBLIC_URL?.startsWith("https:") && env.TRUST_PROXY.mode === "off") {
  const problem =
    "PUBLIC_URL is https but TRUST_PROXY is off: rate limits see the proxy's address for every visitor, so a few of them shut everyone out (README: Deploying behind a proxy).";
  // In production that is a misconfiguration, not a taste: an error, so that log alerts see it.
  if (isProduction) logger.error(problem);
  else logger.warn(problem);
}
if (!env.JWT_SECRET && isProduction) logger.warn("JWT_SECRET is not set: using a generated secret from DATA_DIR/jwt-secret.");
logger.info(`Mail goes to ${transport.describe()}`);

/**
 * A random secret kept in the data folder, so sessions survive restarts without configuration. Written
 * whole under another name and linked into place, which fails if the file exists: of processes starting
 * together (WEB_CONCURRENCY), the first one's secret is the one all of them read.
 */
function loadOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, secret, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, "utf8").trim();
}

const logError = (error: unknown) => logger.error({ err: error }, "request failed");

let http: GracefulServer;
let closeDevServer = (): Promise<void> => Promise.resolve();
if (isProduction || env.NODE_ENV === "test" || env.SERVE_BUILD) {
  const buildPath = path.join(projectRoot, "build/server/index.js");
  const build = (await import(buildPath)) as ServerBuild;
  const app = createApp({
    services,
    build,
    mode: env.NODE_ENV,
    clientAssetsDir: path.relative(process.cwd(), path.join(projectRoot, "build/client")),
    publicOrigin: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    hstsIncludeSubdomains: env.HSTS_INCLUDE_SUBDOMAINS,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    devOutboxDir: env.NODE_ENV === "production" ? undefined : outboxDir,
    sandboxCheckoutRoutes: sandbox ? createSandboxCheckoutRoutes({ provider: sandbox, now: () => new Date() }) : undefined,
    testRoutes:
      env.NODE_ENV === "test"
        ? createTestRoutes({
            db: database.db,
            now: services.now,
            runJobsNow: () => jobWorker.runOnce(),
            publicOrigin,
            invalidateReads: services.invalidateReads,
            manageLinkSecret: env.JWT_SECRET ?? loadOrCreateSecret(path.join(dataDir, "jwt-secret")),
            files: uploadStorage.files,
          })
        : undefined,
    widgetFrameAncestors: env.WIDGET_FRAME_ANCESTORS,
    logError,
    metrics: { token: env.METRICS_TOKEN, db: database.db, poolStats: database.poolStats },
    maxRequestsInFlight: env.MAX_REQUESTS_IN_FLIGHT,
  });
  const listener = getRequestListener(app.fetch);
  // Tests only: which process answered (the cluster test tells the workers apart by it); never in production.
  http = createGracefulServer(
    env.NODE_ENV === "test"
      ? (req, res) => {
          res.setHeader("x-test-worker-pid", String(process.pid));
          void listener(req, res);
        }
      : listener,
  );
} else {
  const { createServer: createViteServer } = await import("vite");
  const sigtermBefore = new Set(process.listeners("SIGTERM"));
  const vite = await createViteServer({ root: projectRoot, server: { middlewareMode: true }, appType: "custom" });
  // Vite's servers (React Router's plugin starts one besides ours) exit the process on SIGTERM at
  // once, with code 143: the shutdown below waits for requests first and closes Vite itself.
  for (const listener of process.listeners("SIGTERM")) if (!sigtermBefore.has(listener)) process.off("SIGTERM", listener);
  closeDevServer = () => vite.close();
  const app = createApp({
    services,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: "development",
    publicOrigin: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    hstsIncludeSubdomains: env.HSTS_INCLUDE_SUBDOMAINS,
    pageCacheSeconds: 0,
    devOutboxDir: outboxDir,
    sandboxCheckoutRoutes: sandbox ? createSandboxCheckoutRoutes({ provider: sandbox, now: () => new Date() }) : undefined,
    logError,
    metrics: { token: env.METRICS_TOKEN, db: database.db, poolStats: database.poolStats },
  });
  const listener = getRequestListener(app.fetch);
  http = createGracefulServer((req, res) => vite.middlewares(req, res, () => void listener(req, res)));
}

// Listening before answering: what this process caches from its first request on is dropped by others' writes.
if (crossProcessSignal && !(await within(5000, crossProcessSignal.ready))) logger.warn("not yet listening for other processes' writes; serving anyway");
const { server } = http;
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ database: database.driver, ms: Date.now() - startedAt }, `Site ready on http://${env.HOST}:${port}`);
});

/** Resolves with whether `work` ended within `ms` (it is not cancelled otherwise, only no longer waited for). */
async function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const ended = await Promise.race([work.then(() => true), late]);
  clearTimeout(timer);
  return ended;
}

/**
 * SIGTERM (an orchestrator, systemd) or SIGINT (Ctrl-C; a second one kills at once): no new
 * connections, the requests under way finish, the workers finish the job or mail they are on and
 * hand the rest of their claims back, then the database closes (decision 047). Each step is bounded
 * by SHUTDOWN_GRACE_SECONDS: a job cut off then runs again once its claim expires, as after a crash.
 */
async function shutdown(signal: string) {
  const graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000;
  logger.info(`${signal}: shutting down`);
  if (!(await http.drain(graceMs))) logger.warn(`requests still under way after ${env.SHUTDOWN_GRACE_SECONDS} s were cut off`);
  // Password reset mails are queued after their answer: let them reach the outbox first.
  const stopped = within(
    graceMs,
    services.accounts.settled().then(() => Promise.all([emailWorker.stop(), jobWorker.stop()])),
  );
  if (!(await stopped)) logger.warn("the job or e-mail worker did not finish in time; its item runs again after its claim expires");
  transport.close();
  await closeDevServer();
  await crossProcessSignal?.close();
  await database.close();
  logger.info(`${signal}: stopped`);
  process.exit(0);
}
function onSignal(signal: string) {
  // A step that throws (the database already gone) still ends the process, with a non-zero code.
  shutdown(signal).catch((error: unknown) => {
    logger.error({ err: error }, `${signal}: shutdown failed`);
    process.exit(1);
  });
}
if (cluster.isWorker) {
  // The primary sends SIGTERM after a Ctrl-C has reached the whole process group: one shutdown, not two.
  // Its second signal, or its own death (no IPC channel left), is handled by the primary or here.
  let stopping = false;
  const once = (signal: string) => {
    if (stopping) return;
    stopping = true;
    onSignal(signal);
  };
  process.on("SIGTERM", () => once("SIGTERM"));
  process.on("SIGINT", () => once("SIGINT"));
  process.on("disconnect", () => once("the primary process is gone"));
} else {
  process.once("SIGTERM", () => onSignal("SIGTERM"));
  process.once("SIGINT", () => onSignal("SIGINT"));
}
