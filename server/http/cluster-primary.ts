import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";

/**
 * The primary process of WEB_CONCURRENCY > 1 (decision 050). It serves nothing itself: it forks the
 * workers, which share the listening port (node:cluster hands each connection to one of them), starts
 * a new one for each that dies (after a growing pause, so a worker that cannot start does not loop
 * hot), and on SIGTERM/SIGINT passes SIGTERM on and waits for all of them to drain as one process
 * would (server/http/graceful-server.ts). Migrations and the seed have run before it forks.
 */
export type ClusterOptions = {
  workers: number;
  logger: Logger;
  /** SHUTDOWN_GRACE_SECONDS in ms: a worker may take twice that (requests, then its job) before it is killed. */
  graceMs: number;
};

/** A worker that ran this long before dying counts as healthy: its replacement starts at once. */
export const healthyRunMs = 30_000;

/** The pause before replacing a worker, after `crashesInARow` workers died young: 0, 1 s, 2 s, 4 s … 30 s. */
export function restartDelayMs(crashesInARow: number): number {
  if (crashesInARow <= 1) return 0;
  return Math.min(30_000, 1000 * 2 ** (crashesInARow - 2));
}

/** Runs the primary until every worker has stopped after a signal; resolves with the exit code for the process. */
export function runClusterPrimary(options: ClusterOptions): Promise<number> {
  const { logger } = options;
  const startedAt = new Map<number, number>();
  let crashesInARow = 0;
  let stopping = false;
  let failedWorkers = 0;
  const pendingForks = new Set<NodeJS.Timeout>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };

  return new Promise<number>((resolve) => {
    const finishIfDone = () => {
      if (stopping && Object.keys(cluster.workers ?? {}).length === 0) resolve(failedWorkers > 0 ? 1 : 0);
    };

    cluster.on("exit", (worker: Worker, code: number | null, signal: string | null) => {
      const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
      startedAt.delete(worker.id);
      if (stopping) {
        if (code !== 0) failedWorkers += 1;
        logger.info({ pid: worker.process.pid, code, signal }, "worker stopped");
        finishIfDone();
        return;
      }
      crashesInARow = lived >= healthyRunMs ? 1 : crashesInARow + 1;
      const delay = restartDelayMs(crashesInARow);
      logger.error({ pid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay }, "worker died; starting a new one");
      const timer = setTimeout(() => {
        pendingForks.delete(timer);
        if (!stopping) fork();
      }, delay);
      pendingForks.add(timer);
    });

    let signalled = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      signalled += 1;
      if (signalled > 1) {
        // A second Ctrl-C (or SIGTERM) stops at once, as it does for one process.
        logger.warn(`${signal} again: killing the workers`);
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
        resolve(1);
        return;
      }
      stopping = true;
      for (const timer of pendingForks) clearTimeout(timer);
      pendingForks.clear();
      logger.info(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
      // SIGTERM whatever the signal: a Ctrl-C in a terminal reached the workers already (one process
      // group), and a worker takes a repeated signal as the same request to stop.
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      // Requests, then the job and mail workers, then the database: each bounded by the grace period.
      const deadline = setTimeout(
        () => {
          const left = Object.values(cluster.workers ?? {});
          if (left.length === 0) return;
          logger.error(`${left.length} workers still running after the grace periods: killing them`);
          for (const worker of left) worker?.process.kill("SIGKILL");
          failedWorkers += left.length;
        },
        2 * options.graceMs + 10_000,
      );
      deadline.unref();
      finishIfDone();
    };
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);

    logger.info(`Starting ${options.workers} worker processes`);
    for (let index = 0; index < options.workers; index += 1) fork();
  });
}
