import "./load-context";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { openDatabase } from "./db/client";
import { seedIfEmpty } from "./db/seed";
import { parseEnv } from "./env";
import { createApp } from "./http/create-app";
import { createLogger } from "./logger";
import { createServices } from "./services";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// The one place that reads process.env (lint forbids it elsewhere).
// eslint-disable-next-line no-restricted-properties
const env = parseEnv(process.env);
const logger = createLogger(env.LOG_LEVEL);
const isProduction = env.NODE_ENV === "production";

const startedAt = Date.now();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(projectRoot, env.DATA_DIR) });
if (await seedIfEmpty(database.db, new Date())) logger.info("Seeded the sample data.");
const services = createServices(database.db, { cacheTtlMs: env.PAGE_CACHE_SECONDS * 1000 });

const logError = (error: unknown) => logger.error({ err: error }, "request failed");

let server: Server;
if (isProduction || env.NODE_ENV === "test") {
  const buildPath = path.join(projectRoot, "build/server/index.js");
  const build = (await import(buildPath)) as ServerBuild;
  const app = createApp({
    services,
    build,
    mode: env.NODE_ENV,
    clientAssetsDir: path.relative(process.cwd(), path.join(projectRoot, "build/client")),
    publicOrigin: env.PUBLIC_URL,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    logError,
  });
  server = createServer(getRequestListener(app.fetch));
} else {
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({ root: projectRoot, server: { middlewareMode: true }, appType: "custom" });
  const app = createApp({
    services,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: "development",
    publicOrigin: env.PUBLIC_URL,
    pageCacheSeconds: 0,
    logError,
  });
  const listener = getRequestListener(app.fetch);
  server = createServer((req, res) => vite.middlewares(req, res, () => void listener(req, res)));
}

server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ database: database.driver, ms: Date.now() - startedAt }, `Site ready on http://${env.HOST}:${port}`);
});

async function shutdown(signal: string) {
  logger.info(`${signal}: shutting down`);
  server.close();
  await database.close();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
