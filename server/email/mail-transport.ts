import { createTransport } from "nodemailer";
import { writeOutboxEntry } from "./outbox-folder";

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** One rendered mail, ready to go out. */
export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[] | undefined;
  /** `<id@domain>`; the same for every attempt at one outbox mail, so a resent copy is known as the same mail. */
  messageId?: string | undefined;
  /** Where a reply goes, when not to the sender (a staff message: the operator's support address). */
  replyTo?: string | undefined;
};

/** Where mails go: an SMTP server, or the development outbox folder. */
export type MailTransport = {
  /** Resolves once the mail is accepted (by the SMTP server or written to disk); rejects otherwise. */
  send(message: OutgoingMail): Promise<void>;
  /** For the boot log; never contains credentials. */
  describe(): string;
  /** Closes the SMTP connections kept open between mails (at shutdown). */
  close(): void;
};

/**
 * The HTML and text parts as quoted-printable, said rather than detected: nodemailer's detection reads
 * every character of both parts and doubled the CPU of composing a mail (1.3 ms instead of 0.6 ms for a
 * booking confirmation), for the encoding it chooses for our mostly-ASCII texts anyway (decision 065).
 */
const textEncoding = "quoted-printable";

export type MailTransportConfig = { smtpUrl?: string | undefined; outboxDir: string };

/** SMTP when a URL is configured (env SMTP_URL), otherwise `.eml` files in `outboxDir` (see /dev/outbox). */
export function createMailTransport(config: MailTransportConfig): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createOutboxFolderTransport(config.outboxDir);
}

function createSmtpTransport(smtpUrl: string): MailTransport {
  // nodemailer's defaults wait up to 2 min to connect and 10 min on a silent socket; the worker holds
  // a claim on the mail meanwhile, so fail fast and let the retry schedule take over. Settings in the
  // URL's query string still win over these.
  // Pooled: a sale rush sends thousands of confirmations a minute, and a connection (with its TLS
  // handshake and greeting) per mail cost more than the mail. Two connections per process at most; a
  // connection idle past the server's timeout is opened again on the next mail (decision 065).
  const transporter = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const shown = new URL(smtpUrl);
  shown.username = "";
  shown.password = "";
  shown.search = "";
  return {
    async send(message) {
      await transporter.sendMail({ ...message, textEncoding });
    },
    describe: () => `SMTP ${shown.toString().replace(/\/$/, "")}`,
    close: () => transporter.close(),
  };
}

function createOutboxFolderTransport(outboxDir: string): MailTransport {
  // The stream transport builds the exact MIME message SMTP would carry, without sending it.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(message) {
      const info = await composer.sendMail({ ...message, textEncoding });
      if (!Buffer.isBuffer(info.message)) throw new Error("nodemailer returned a stream although buffer: true was set.");
      await writeOutboxEntry(outboxDir, {
        ...message,
        attachments: (message.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          size: attachment.content.length,
        })),
        date: new Date(),
        eml: info.message,
      });
    },
    describe: () => `outbox folder ${outboxDir}`,
    close: () => composer.close(),
  };
}
