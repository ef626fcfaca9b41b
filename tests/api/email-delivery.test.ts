import { mkdtemp, readdir, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { outboxEmails } from "../../server/db/schema";
import {
  createMailTransport,
  emailRetryDelayMs,
  enqueueEmail,
  startEmailWorker,
  type EmailToSend,
  type MailTransport,
  type EmailWorker,
  type EmailWorkerLogger,
} from "../../server/email";
import { createTestDatabase } from "../support/test-database";

type ReceivedMail = { rcptTo: string[]; raw: string };
type SmtpPeer = { port: number; received: ReceivedMail[]; close: () => Promise<void> };

/** A real SMTP server on loopback (no TLS, no auth) that keeps every message it accepts. */
function startSmtpPeer(port = 0, received: ReceivedMail[] = []): Promise<SmtpPeer & { connections: () => number }> {
  let connections = 0;
  const server = new SMTPServer({
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    // Skips a reverse DNS lookup of 127.0.0.1 on every connection.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ rcptTo: session.envelope.rcptTo.map((address) => address.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    const listener = server.listen(port, "127.0.0.1", () => {
      resolve({
        port: (listener.address() as AddressInfo).port,
        received,
        connections: () => connections,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

type LogEntry = { level: "info" | "warn" | "error"; details: object; message: string };
function recordingLogger(entries: LogEntry[]): EmailWorkerLogger {
  return {
    info: (details, message) => entries.push({ level: "info", details, message }),
    warn: (details, message) => entries.push({ level: "warn", details, message }),
    error: (details, message) => entries.push({ level: "error", details, message }),
  };
}

const from = "Trackside & Fairway Events <bookings@trackside.example.test>";
const verifyMail = (to: string, locale: EmailToSend["locale"] = "en"): EmailToSend => ({
  template: "verify-email",
  locale,
  to,
  payload: { name: "Grace Hopper", verifyUrl: "https://booking.example.test/register/abc123" },
});

let database: DatabaseHandle;
let workers: EmailWorker[] = [];
let peers: SmtpPeer[] = [];
let transports: MailTransport[] = [];
let logs: LogEntry[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  // Every test starts from an empty outbox, so a mail left pending by another test cannot be counted.
  await database.db.delete(outboxEmails);
  logs = [];
});
afterEach(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  // The SMTP transport keeps its connections open between mails: closed first, or the peer waits for them.
  for (const transport of transports) transport.close();
  await Promise.all(peers.map((peer) => peer.close()));
  workers = [];
  peers = [];
  transports = [];
});

async function peer(port?: number, received?: ReceivedMail[]) {
  const started = await startSmtpPeer(port, received);
  peers.push(started);
  return started;
}

function worker(options: { port: number; now?: () => Date; maxAttempts?: number }) {
  const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${options.port}`, outboxDir: "unused" });
  transports.push(transport);
  const started = startEmailWorker({
    db: database.db,
    transport,
    from,
    logger: recordingLogger(logs),
    // Tests drive rounds with runOnce() or wake(); polling would only race them.
    pollIntervalMs: 60_000,
    ...(options.now ? { now: options.now } : {}),
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
  });
  workers.push(started);
  return started;
}

async function rowOf(id: string) {
  const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  if (!row) throw new Error(`No outbox row ${id}`);
  return row;
}

describe("e-mail worker over SMTP", () => {
  it("delivers an enqueued mail with a text and an HTML part", async () => {
    const smtp = await peer();
    const { id } = await enqueueEmail(database.db, verifyMail("grace@example.test"));
    expect(await worker({ port: smtp.port }).runOnce()).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.rcptTo).toEqual(["grace@example.test"]);
    expect(mail?.raw).toMatch(/^Subject: Confirm your e-mail address\r?$/m);
    expect(mail?.raw).toMatch(/^To: grace@example\.test\r?$/m);
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);

    const row = await rowOf(id);
    expect(row.status).toBe("sent");
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.lastError).toBeNull();
  });

  it("sends one mail after another over the connection it keeps open, in quoted-printable", async () => {
    const smtp = await peer();
    for (const name of ["ada", "grace", "hedy"]) await enqueueEmail(database.db, verifyMail(`${name}@example.test`));
    expect(await worker({ port: smtp.port }).runOnce()).toEqual({ sent: 3, failed: 0 });
    expect(smtp.received.map((mail) => mail.rcptTo)).toEqual([["ada@example.test"], ["grace@example.test"], ["hedy@example.test"]]);
    expect(smtp.connections()).toBe(1);
    for (const mail of smtp.received) {
      expect(mail.raw.match(/^Content-Transfer-Encoding: quoted-printable\r?$/gm)).toHaveLength(2);
    }
  });

  it("keeps a mail while the SMTP server is down and delivers it exactly once after the backoff", async () => {
    const first = await peer();
    const port = first.port;
    await first.close();
    peers = [];

    let clock = 0;
    const mailer = worker({ port, now: () => new Date(clock) });
    const { id } = await enqueueEmail(database.db, verifyMail("linus@example.test", "de"));
    clock = Date.now();

    expect(await mailer.runOnce()).toEqual({ sent: 0, failed: 1 });
    const waiting = await rowOf(id);
    expect(waiting.status).toBe("pending");
    expect(waiting.attempts).toBe(1);
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(clock);
    expect(logs.some((entry) => entry.level === "warn")).toBe(true);

    const received: ReceivedMail[] = [];
    await peer(port, received);
    // Not due yet: the server is back, but the backoff has not passed.
    expect(await mailer.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(0);

    clock += emailRetryDelayMs(1) + 1_000;
    expect(await mailer.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await mailer.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0]?.rcptTo).toEqual(["linus@example.test"]);
    const delivered = await rowOf(id);
    expect(delivered.status).toBe("sent");
    expect(delivered.attempts).toBe(2);
    expect(delivered.lastError).toBeNull();
  });

  it("marks a mail failed after the last attempt, keeps the error and logs it", async () => {
    const gone = await peer();
    await gone.close();
    peers = [];
    let clock = 0;
    const mailer = worker({ port: gone.port, now: () => new Date(clock), maxAttempts: 2 });
    const { id } = await enqueueEmail(database.db, verifyMail("ken@example.test"));
    clock = Date.now();

    expect(await mailer.runOnce()).toEqual({ sent: 0, failed: 1 });
    expect((await rowOf(id)).status).toBe("pending");
    clock += 11 * 60_000;
    expect(await mailer.runOnce()).toEqual({ sent: 0, failed: 1 });
    const row = await rowOf(id);
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(2);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(logs.filter((entry) => entry.level === "error")).toHaveLength(1);

    clock += 60 * 60_000;
    expect(await mailer.runOnce()).toEqual({ sent: 0, failed: 0 });
  });

  it("fails a stored mail whose payload no longer fits its template at once", async () => {
    const smtp = await peer();
    const [row] = await database.db
      .insert(outboxEmails)
      // Due already by the worker's clock: the database's own now() may run a little ahead of it.
      .values({ template: "verify-email", locale: "en", toAddress: "old@example.test", payload: { name: "Old" }, nextAttemptAt: new Date(Date.now() - 60_000) })
      .returning({ id: outboxEmails.id });
    expect(await worker({ port: smtp.port }).runOnce()).toEqual({ sent: 0, failed: 1 });
    const stored = await rowOf(row!.id);
    expect(stored.status).toBe("failed");
    expect(stored.lastError).toMatch(/verifyUrl/);
    expect(logs.some((entry) => entry.level === "error")).toBe(true);
    expect(smtp.received).toHaveLength(0);
  });

  it("never sends a mail twice when two workers run at the same time", async () => {
    const smtp = await peer();
    const recipients = Array.from({ length: 6 }, (_, index) => `guest${index}@example.test`);
    for (const to of recipients) await enqueueEmail(database.db, verifyMail(to));
    const [a, b] = [worker({ port: smtp.port }), worker({ port: smtp.port })];
    const results = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(results.reduce((total, result) => total + result.sent, 0)).toBe(6);
    expect(smtp.received.flatMap((mail) => mail.rcptTo).sort()).toEqual([...recipients].sort());
  });

  it("sends right away when woken instead of waiting for the next poll", async () => {
    const smtp = await peer();
    const mailer = worker({ port: smtp.port });
    const { id } = await enqueueEmail(database.db, verifyMail("woken@example.test"));
    mailer.wake();
    for (let waited = 0; smtp.received.length === 0 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(smtp.received).toHaveLength(1);
    await mailer.stop();
    expect((await rowOf(id)).status).toBe("sent");
  });
});

describe("enqueueEmail", () => {
  it("belongs to the caller's transaction: a rollback leaves no mail", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, verifyMail("rolled-back@example.test"));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, "rolled-back@example.test"))).toEqual([]);

    await database.db.transaction(async (tx) => {
      await enqueueEmail(tx, verifyMail("committed@example.test"));
    });
    expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, "committed@example.test"))).toHaveLength(1);
  });

  it("refuses an invalid address or payload inside the caller's code path", async () => {
    await expect(enqueueEmail(database.db, verifyMail("not an address"))).rejects.toThrow();
    await expect(
      enqueueEmail(database.db, {
        template: "password-reset",
        locale: "en",
        to: "a@example.test",
        payload: { name: "A", resetUrl: "ftp://x", expiresInMinutes: 5 },
      }),
    ).rejects.toThrow(/resetUrl/);
    expect(await database.db.select().from(outboxEmails)).toEqual([]);
  });
});

describe("e-mail worker without SMTP", () => {
  it("writes delivered mails to the outbox folder", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "email-outbox-"));
    try {
      const mailer = startEmailWorker({
        db: database.db,
        transport: createMailTransport({ outboxDir: path.join(dir, "outbox") }),
        from,
        logger: recordingLogger(logs),
        pollIntervalMs: 60_000,
      });
      workers.push(mailer);
      await enqueueEmail(database.db, verifyMail("folder@example.test", "de"));
      expect(await mailer.runOnce()).toEqual({ sent: 1, failed: 0 });
      const files = await readdir(path.join(dir, "outbox"));
      expect(files.filter((file) => file.endsWith(".eml"))).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
