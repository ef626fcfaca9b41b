import type { Locale } from "../../core/i18n/locales";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { outboxEmails } from "../db/schema";
import { createLogger } from "../logger";
import { preparedPerDatabase } from "../db/prepared-statements";
import { backoffMs, startQueueWorker } from "../queue/durable-queue";
import { InvalidEmailMessageError, parseEmailMessage } from "../deps/email-messages";
import type { MailTransport } from "./mail-transport";
import { renderEmail } from "./render-email";
import { loadEmailTextOverrides, type EmailTextOverride } from "./email-text-overrides";

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
  /**
   * Mails claimed per transaction. Default 1: a process killed mid-round leaves only the mail it holds
   * waiting for its claim to expire (and at most that one sent twice), not a whole batch; one claim per
   * mail costs a short transaction beside an SMTP exchange that takes far longer.
   */
  batchSize?: number;
  /** Attempts before a mail is marked `failed`. Default 30 (about 4½ hours of retries, see `emailRetryDelayMs`). */
  maxAttempts?: number;
  /**
   * How long a claimed mail stays invisible to other workers while it is being sent. Longer than the
   * SMTP timeouts, so that only a crashed worker's mail is picked up again. Default 5 min.
   */
  claimMs?: number;
  /** Staff's wording of a template (decision 037); the site passes its read cache's copy. Default: read from `db`. */
  loadOverrides?: (template: string, locale: Locale) => Promise<EmailTextOverride[]>;
};

export type EmailWorker = {
  /** Delivers every mail due now (looping until none is left) and reports the attempts made. */
  runOnce(): Promise<{ sent: number; failed: number }>;
  /** Runs a delivery round right away, e.g. after a transaction that enqueued a mail has committed. */
  wake(): void;
  /** Stops polling and waits for the mail being sent; the round's other claimed mails are released. */
  stop(): Promise<void>;
};

/** Delay after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min, 8 min, then every 10 min. */
export function emailRetryDelayMs(attempts: number): number {
  return backoffMs(attempts, 30_000, 10 * 60_000);
}

type ClaimedMail = typeof outboxEmails.$inferSelect;

/**
 * A round's claim (`claimDueRows`' statement for the outbox) and a sent mail's mark: run for every mail
 * of a sale rush, so built once and sent as named prepared statements (decision 065).
 */
const preparedMailClaim = preparedPerDatabase((db) => {
  const dueIds = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.status, "pending"), lte(outboxEmails.nextAttemptAt, sql`${sql.placeholder("at")}::timestamptz`)))
    .orderBy(asc(outboxEmails.nextAttemptAt))
    .limit(sql.placeholder("limit"))
    .for("update", { skipLocked: true });
  return db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: sql`${sql.placeholder("claimUntil")}::timestamptz` })
    .where(inArray(outboxEmails.id, dueIds))
    .returning()
    .prepare("outbox_claim");
});
const preparedMailSent = preparedPerDatabase((db) =>
  db
    .update(outboxEmails)
    .set({ status: "sent", sentAt: sql`${sql.placeholder("sentAt")}::timestamptz`, lastError: null })
    .where(and(eq(outboxEmails.id, sql.placeholder("id")), eq(outboxEmails.status, "pending")))
    .prepare("outbox_sent"),
);

/**
 * Starts the outbox worker on the one queue of `server/queue/durable-queue.ts`. Several processes may
 * run one against the same database: each round claims due rows with `SELECT … FOR UPDATE SKIP LOCKED`,
 * pushes their `next_attempt_at` past the claim period and commits, then sends outside the transaction
 * (a slow SMTP server must not hold row locks or, on PGlite, the only connection). Delivery is at least
 * once: a process that dies between the SMTP server's acceptance and the `sent` update leaves the mail
 * to be sent again after the claim expires, which is the price of never losing one.
 */
export function startEmailWorker(options: EmailWorkerOptions): EmailWorker {
  const { db, transport, from } = options;
  const logger = options.logger ?? createLogger("info");
  const forgetsRecipientOnceSent = new Set(["account-deleted"]);
  const loadOverrides = options.loadOverrides ?? ((template: string, locale: Locale) => loadEmailTextOverrides(db, template, locale));

  const worker = startQueueWorker<ClaimedMail>({
    claim: async (at, claimUntil, limit) => {
      const claimed = await preparedMailClaim(db).execute({ at: at.toISOString(), claimUntil: claimUntil.toISOString(), limit });
      // The claim moved next_attempt_at on; the rows come back in the order they were chosen (RETURNING keeps none).
      const due = claimed.sort((left, right) => left.createdAt.getTime() - right.createdAt.getTime());
      // As claimed (the attempt counted); a release puts it back to due at the claim's time.
      return due.map((mail) => ({ ...mail, nextAttemptAt: at }));
    },
    run: async (mail) => {
      const message = parseEmailMessage(mail);
      // Staff's wording as it is when the mail goes out (decision 037).
      const overrides = await loadOverrides(message.template, mail.locale);
      const rendered = await renderEmail(message, mail.locale, overrides);
      // A process that dies between the server's acceptance and the `sent` update leaves the mail to be
      // sent again: with the outbox row's id as its Message-ID the copy is the same message, and mail
      // programs show it once.
      // A staff message's reply goes to the operator's support address (issue 31), not to the sending address.
      const replyTo = message.template === "staff-message" ? message.payload.replyTo : undefined;
      await transport.send({ from, to: mail.toAddress, ...rendered, messageId: outboxMessageId(mail.id, from), ...(replyTo ? { replyTo } : {}) });
    },
    complete: async (mail, now) => {
      // The farewell of a deleted account is the last place its address lived: forget it once delivered.
      if (forgetsRecipientOnceSent.has(mail.template)) {
        await db
          .update(outboxEmails)
          .set({ status: "sent", sentAt: now, lastError: null, toAddress: "deleted-account", payload: {} })
          .where(and(eq(outboxEmails.id, mail.id), eq(outboxEmails.status, "pending")));
      } else await preparedMailSent(db).execute({ id: mail.id, sentAt: now.toISOString() });
      logger.info({ emailId: mail.id, template: mail.template, attempts: mail.attempts }, "e-mail sent");
    },
    retry: async (mail, error, retryAt, retryInMs) => {
      const lastError = describeError(error);
      await db
        .update(outboxEmails)
        .set({ lastError, nextAttemptAt: retryAt })
        .where(and(eq(outboxEmails.id, mail.id), eq(outboxEmails.status, "pending")));
      logger.warn({ emailId: mail.id, template: mail.template, attempts: mail.attempts, error: lastError, retryInMs }, "e-mail delivery failed; will retry");
    },
    // Claimed but not sent when the process stopped: due again at once (at the claim's time), the attempt uncounted.
    release: async (mail) => {
      await db
        .update(outboxEmails)
        .set({ nextAttemptAt: mail.nextAttemptAt, attempts: sql`${outboxEmails.attempts} - 1` })
        .where(and(eq(outboxEmails.id, mail.id), eq(outboxEmails.status, "pending")));
    },
    giveUp: async (mail, error) => {
      const lastError = describeError(error);
      await db
        .update(outboxEmails)
        .set({ status: "failed", lastError })
        .where(and(eq(outboxEmails.id, mail.id), eq(outboxEmails.status, "pending")));
      logger.error(
        { emailId: mail.id, template: mail.template, attempts: mail.attempts, error: lastError },
        "e-mail could not be delivered and is marked failed; it stays in outbox_emails",
      );
    },
    retryDelayMs: emailRetryDelayMs,
    maxAttempts: options.maxAttempts ?? 30,
    // A payload that no longer matches its template fails the same way every time; anything else
    // (server down, greylisting, a timeout) may pass later.
    isPermanent: (error) => error instanceof InvalidEmailMessageError,
    onRoundError: (error) => logger.error({ error: describeError(error) }, "e-mail worker round failed"),
    now: options.now,
    pollIntervalMs: options.pollIntervalMs,
    batchSize: options.batchSize ?? 1,
    claimMs: options.claimMs,
  });

  return {
    async runOnce() {
      const { done, failed } = await worker.runOnce();
      return { sent: done, failed };
    },
    wake: worker.wake,
    stop: worker.stop,
  };
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2_000);
}

/** `<outbox-row-id@sender-domain>`: stable across attempts (RFC 5322 asks for a unique id per message, not per attempt). */
export function outboxMessageId(outboxId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${outboxId}@${domain}>`;
}
