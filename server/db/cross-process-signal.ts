import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "./client";

/**
 * "Something changed, drop what you keep" between the processes that serve the site from one
 * PostgreSQL database (decision 050): `publish()` sends a NOTIFY on `channel`, and every other process
 * hears it on its one LISTEN connection and calls its handlers. PGlite lives in one process and needs none.
 *
 * - The NOTIFY is sent after the write has committed (the verbs own their transactions), so a process
 *   that hears it reads the new data. Publishes while one is on its way are folded into one more after it.
 * - A publish carries a short message (the read cache sends what a write made stale, decision 054); the
 *   payload is the sender's instance id and the message, and a process ignores its own notifications.
 * - The LISTEN connection is a plain client outside the pool. When it breaks (a restart, a failover,
 *   pg_terminate_backend) it is opened again with a growing delay, and on every reconnect the handlers
 *   run once with `null` ("anything may have changed"), since notifications sent meanwhile are lost.
 */
export type CrossProcessSignal = {
  /** `message`: letters, digits and underscores. */
  publish: (message: string) => void;
  /** `message` is null after a lost connection: what was sent meanwhile is unknown. */
  subscribe: (handler: (message: string | null) => void) => void;
  /** Resolves once the first LISTEN is in place (it keeps trying until then). */
  ready: Promise<void>;
  /** How many times the LISTEN connection has been opened again after a loss (tests, logs). */
  readonly reconnects: number;
  close: () => Promise<void>;
};

export type CrossProcessSignalOptions = {
  databaseUrl: string;
  /** Sends the NOTIFY (any pooled connection will do). */
  db: Database;
  /** A PostgreSQL identifier: letters, digits and underscores. */
  channel: string;
  onError: (error: unknown, context: string) => void;
  /** First delay before opening a lost connection again; it doubles up to `maxReconnectDelayMs`. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
};

/** Shown in pg_stat_activity, so an operator (and the reconnect test) can find the listeners. */
export const listenerApplicationName = "cross-process-signal";

export function createCrossProcessSignal(options: CrossProcessSignalOptions): CrossProcessSignal {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`not a channel name: ${options.channel}`);
  const instanceId = randomUUID();
  const handlers: Array<(message: string | null) => void> = [];
  const firstDelayMs = options.reconnectDelayMs ?? 200;
  const maxDelayMs = options.maxReconnectDelayMs ?? 10_000;
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let reconnects = 0;
  let connectedOnce = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const runHandlers = (message: string | null) => {
    for (const handler of handlers) {
      try {
        handler(message);
      } catch (error) {
        options.onError(error, "a cross-process signal handler failed");
      }
    }
  };

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    lostClient.removeAllListeners();
    // An 'error' after the end (a second report of the same loss) must not crash the process.
    lostClient.on("error", () => undefined);
    void lostClient.end().catch(() => undefined);
    scheduleConnect();
  };

  const scheduleConnect = () => {
    if (closed) return;
    const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.max(0, failures - 1));
    retryTimer = setTimeout(() => void connect(), failures === 0 ? 0 : delay);
    failures += 1;
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: options.databaseUrl, application_name: listenerApplicationName, keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel !== options.channel || !message.payload) return;
      const [sender, text] = message.payload.split(" ", 2);
      if (sender !== instanceId) runHandlers(text || null);
    });
    next.on("error", (error) => {
      options.onError(error, "the LISTEN connection failed; opening it again");
      lost(next);
    });
    next.on("end", () => lost(next));
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (error) {
      if (client === next) {
        options.onError(error, "could not LISTEN; trying again");
        lost(next);
      }
      return;
    }
    if (closed) {
      void next.end().catch(() => undefined);
      return;
    }
    failures = 0;
    if (connectedOnce) {
      reconnects += 1;
      // What was sent while nobody listened is lost: drop everything once.
      runHandlers(null);
    }
    connectedOnce = true;
    markReady();
  };

  // At most one NOTIFY on its way, and after it one more per distinct message published meanwhile.
  let sending = false;
  const waiting = new Set<string>();
  const send = async (first: string) => {
    sending = true;
    let message: string | undefined = first;
    while (message !== undefined) {
      try {
        await options.db.execute(sql`select pg_notify(${options.channel}, ${`${instanceId} ${message}`})`);
      } catch (error) {
        // The write is done; the others then see it after their read cache's few seconds.
        options.onError(error, "could not NOTIFY the other processes");
      }
      const [next] = waiting;
      message = closed ? undefined : next;
      if (next !== undefined) waiting.delete(next);
    }
    sending = false;
  };

  scheduleConnect();
  return {
    publish: (message) => {
      if (closed) return;
      if (!/^[a-z0-9_]+$/.test(message)) throw new Error(`not a signal message: ${message}`);
      if (sending) waiting.add(message);
      else void send(message);
    },
    subscribe: (handler) => void handlers.push(handler),
    ready,
    get reconnects() {
      return reconnects;
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const open = client;
      client = null;
      if (open) {
        open.removeAllListeners();
        open.on("error", () => undefined);
        await open.end().catch(() => undefined);
      }
    },
  };
}
