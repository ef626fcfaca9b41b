import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { outboxEmails } from "../db/schema";
import { createLogger } from "../logger";
import { InvalidEmailMessageError, parseEmailMessage } from "./email-messages";
import type { MailTransport } from "./mail-transport";
import { renderEmail } from "./render-email";

/** The subset of pino's logger the worker uses, so tests can pass a spy. */
export type EmailWorkerLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type EmailWorkerOptions = {
  db: Database;
  transport: MailTransport;
  /** The From header, e.g. env MAIL_FROM. */
  from: string;
  logger?: EmailWorkerLogger;
  /** How often to look for due mails when nobody calls `wake()`. Default 5 s. */
  pollIntervalMs?: number;
  /** The worker's clock; tests move it forward to pass a retry delay. */
  now?: () => Date;
  /** Mails claimed per transaction. Default 20. */
  batchSize?: number;
  /** Attempts before a mail is marked `failed`. Default 30 (about 4½ hours of retries, see `emailRetryDelayMs`). */
  maxAttempts?: number;
  /**
   * How long a claimed mail stays invisible to other workers while it is being sent. Longer than the
   * SMTP timeouts, so that only a crashed worker's mail is picked up again. Default 5 min.
   */
  claimMs?: number;
};

export type EmailWorker = {
  /** Delivers every mail due now (looping until none is left) and reports the attempts made. */
  runOnce(): Promise<{ sent: number; failed: number }>;
  /** Runs a delivery round right away, e.g. after a transaction that enqueued a mail has committed. */
  wake(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
};

const retryBaseMs = 30_000;
const retryCapMs = 10 * 60_000;

/** Delay after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min, 8 min, then every 10 min. */
export function emailRetryDelayMs(attempts: number): number {
  return Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), retryCapMs);
}

type ClaimedMail = typeof outboxEmails.$inferSelect;

/**
 * Starts the outbox worker. Several processes may run one against the same database: each round
 * claims due rows with `SELECT … FOR UPDATE SKIP LOCKED`, pushes their `next_attempt_at` past the
 * claim period and commits, then sends outside the transaction (a slow SMTP server must not hold row
 * locks or, on PGlite, the only connection). Delivery is at least once: a process that dies between
 * the SMTP server's acceptance and the `sent` update leaves the mail to be sent again after the claim
 * expires, which is the price of never losing one.
 */
export function startEmailWorker(options: EmailWorkerOptions): EmailWorker {
  const { db, transport, from } = options;
  const logger = options.logger ?? createLogger("info");
  const now = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 30;
  const claimMs = options.claimMs ?? 5 * 60_000;

  async function claimDue(at: Date): Promise<ClaimedMail[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.status, "pending"), lte(outboxEmails.nextAttemptAt, at)))
        .orderBy(asc(outboxEmails.nextAttemptAt))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      // Counting the attempt at claim time means a mail that crashes its worker still runs out of attempts.
      await tx
        .update(outboxEmails)
        .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + claimMs) })
        .where(
          inArray(
            outboxEmails.id,
            due.map((mail) => mail.id),
          ),
        );
      return due.map((mail) => ({ ...mail, attempts: mail.attempts + 1 }));
    });
  }

  const forgetsRecipientOnceSent = new Set(["account-deleted"]);

  async function deliver(mail: ClaimedMail): Promise<"sent" | "failed"> {
    try {
      const message = parseEmailMessage(mail);
      const rendered = await renderEmail(message, mail.locale);
      await transport.send({ from, to: mail.toAddress, ...rendered });
    } catch (error) {
      await recordFailure(mail, error);
      return "failed";
    }
    // The farewell of a deleted account is the last place its address lived: forget it once delivered.
    const forget = forgetsRecipientOnceSent.has(mail.template) ? { toAddress: "deleted-account", payload: {} } : {};
    await db
      .update(outboxEmails)
      .set({ status: "sent", sentAt: now(), lastError: null, ...forget })
      .where(and(eq(outboxEmails.id, mail.id), eq(outboxEmails.status, "pending")));
    logger.info({ emailId: mail.id, template: mail.template, attempts: mail.attempts }, "e-mail sent");
    return "sent";
  }

  async function recordFailure(mail: ClaimedMail, error: unknown) {
    const lastError = describeError(error);
    // A payload that no longer matches its template fails the same way every time; anything else
    // (server down, greylisting, a timeout) may pass later.
    const givingUp = error instanceof InvalidEmailMessageError || mail.attempts >= maxAttempts;
    const at = now();
    await db
      .update(outboxEmails)
      .set(givingUp ? { status: "failed", lastError } : { lastError, nextAttemptAt: new Date(at.getTime() + emailRetryDelayMs(mail.attempts)) })
      .where(and(eq(outboxEmails.id, mail.id), eq(outboxEmails.status, "pending")));
    const details = { emailId: mail.id, template: mail.template, attempts: mail.attempts, error: lastError };
    if (givingUp) logger.error(details, "e-mail could not be delivered and is marked failed; it stays in outbox_emails");
    else logger.warn({ ...details, retryInMs: emailRetryDelayMs(mail.attempts) }, "e-mail delivery failed; will retry");
  }

  async function deliverDue(): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    for (;;) {
      const claimed = await claimDue(now());
      if (claimed.length === 0) return result;
      for (const mail of claimed) result[await deliver(mail)] += 1;
    }
  }

  // Rounds never overlap within one process: a second caller waits for the first round to end.
  let queue: Promise<unknown> = Promise.resolve();
  function runOnce() {
    const round = queue.then(deliverDue);
    queue = round.catch(() => undefined);
    return round;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let wokenDuringTick = false;

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    // A background poller must not keep the process (or a test run) alive on its own.
    timer.unref();
  }

  async function tick() {
    ticking = true;
    try {
      await runOnce();
    } catch (error) {
      logger.error({ error: describeError(error) }, "e-mail worker round failed");
    } finally {
      ticking = false;
    }
    // A wake() that arrived mid-round may be for a mail committed after this round's claim.
    const again = wokenDuringTick;
    wokenDuringTick = false;
    schedule(again ? 0 : pollIntervalMs);
  }

  schedule(pollIntervalMs);

  return {
    runOnce,
    wake() {
      if (ticking) wokenDuringTick = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await queue;
    },
  };
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2_000);
}
