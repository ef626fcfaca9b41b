import { sql } from "drizzle-orm";
import { z } from "zod";
import { preparedPerDatabase } from "../db/prepared-statements";
import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { outboxEmails } from "../db/schema";
import { type EmailMessage, parseEmailMessage } from "./email-messages";

/** A mail to send: the recipient, their language and one of the templates with its payload. */
export type EmailToSend = EmailMessage & {
  to: string;
  locale: Locale;
  /** The booking the mail is about: staff list a booking's mails by it and may send them again (server/staff/). */
  bookingId?: string | undefined;
  /** Not before then (a later change may still join it, issue 32); now when left out. */
  sendAfter?: Date | undefined;
};

const addressSchema = z.email();

/** Every booking's confirmation goes through here: built once, a named prepared statement (decision 065). */
const preparedOutboxInsert = preparedPerDatabase((db) =>
  db
    .insert(outboxEmails)
    .values({
      template: sql.placeholder("template"),
      payload: sql.placeholder("payload"),
      locale: sql.placeholder("locale"),
      toAddress: sql.placeholder("toAddress"),
      bookingId: sql.placeholder("bookingId"),
      nextAttemptAt: sql.placeholder("nextAttemptAt"),
    })
    .returning({ id: outboxEmails.id })
    .prepare("outbox_insert"),
);

/**
 * Writes the mail to the outbox table. Pass the transaction that makes the change the mail is about
 * (account created, booking confirmed): the mail then exists if and only if that change commits, and
 * the worker delivers it afterwards, retrying until the SMTP server accepts it. Call the worker's
 * `wake()` after the commit to send it right away instead of at the next poll.
 *
 * Invalid payloads throw here, inside the caller's transaction, instead of failing later in the worker.
 */
export async function enqueueEmail(db: Queryable, mail: EmailToSend): Promise<{ id: string }> {
  const message = parseEmailMessage(mail);
  const to = addressSchema.parse(mail.to.trim());
  const [row] = await preparedOutboxInsert(db).execute({
    template: message.template,
    payload: message.payload,
    locale: mail.locale,
    toAddress: to,
    bookingId: mail.bookingId ?? null,
    // Due by the application's clock, not the column's database default: the worker compares with its
    // own clock, and a database timestamp a few microseconds (or a skewed server's seconds) ahead would
    // make the wake() right after the commit find nothing due.
    nextAttemptAt: mail.sendAfter ?? new Date(),
  });
  if (!row) throw new Error("Inserting the outbox e-mail returned no row.");
  return row;
}
