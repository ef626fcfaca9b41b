import { and, eq, inArray, ne } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { bookingEvents, bookings, invoices, outboxEmails, participants, uploads } from "../db/schema";
import type { FileStore } from "../deps/file-store";

/**
 * Why a booking's personal data goes (decision 076): the account was deleted, a data-subject request
 * was answered by staff, or the retention settings' days after the event ran out.
 */
export type ErasureReason = "account_deleted" | "data_subject_request" | "retention";

/**
 * How much goes. `answers`: the form answers (the booking's and each person's) and the comments
 * (retention's "personal answers"). `person`: also the files, e-mail addresses, phone and fax numbers,
 * and every name and address that no issued invoice carries: a booking with an invoice keeps its main
 * participant's name, company and address, which the invoice (kept for the statutory period, § 147 AO)
 * prints from its own snapshot anyway; its companions' names go.
 */
export type ErasureDepth = "answers" | "person";

const causes: Record<ErasureReason, string> = {
  account_deleted: "personal data erased: the customer deleted their account",
  data_subject_request: "personal data erased on a data-subject request",
  retention: "personal answers anonymized after the retention period",
};

/**
 * Anonymizes the bookings `bookingIds` in the caller's transaction, one audit row each
 * (`booking_events`, the status unchanged), and answers the storage keys of the deleted upload rows:
 * the caller removes the files once the transaction has committed (`removeFiles`), so a rollback never
 * leaves a row without its file.
 */
export async function erasePersonalData(
  tx: Queryable,
  input: { bookingIds: readonly string[]; depth: ErasureDepth; reason: ErasureReason; now: Date; details?: Record<string, unknown> },
): Promise<{ bookings: number; storageKeys: string[] }> {
  const ids = [...new Set(input.bookingIds)];
  if (ids.length === 0) return { bookings: 0, storageKeys: [] };
  const rows = await tx.select({ id: bookings.id, status: bookings.status }).from(bookings).where(inArray(bookings.id, ids)).for("update");
  const invoiced = new Set(
    (await tx.selectDistinct({ bookingId: invoices.bookingId }).from(invoices).where(inArray(invoices.bookingId, ids))).map((row) => row.bookingId),
  );
  const bookingIds = rows.map((row) => row.id);
  if (bookingIds.length === 0) return { bookings: 0, storageKeys: [] };

  await tx.update(bookings).set({ answers: {}, additionalComments: null, answersErasedAt: input.now }).where(inArray(bookings.id, bookingIds));
  await tx.update(participants).set({ answers: {} }).where(inArray(participants.bookingId, bookingIds));

  let storageKeys: string[] = [];
  const uploadCounts = new Map<string, number>();
  if (input.depth === "person") {
    const deleted = await tx
      .delete(uploads)
      .where(inArray(uploads.bookingId, bookingIds))
      .returning({ bookingId: uploads.bookingId, storageKey: uploads.storageKey });
    storageKeys = deleted.map((row) => row.storageKey);
    for (const row of deleted) uploadCounts.set(row.bookingId, (uploadCounts.get(row.bookingId) ?? 0) + 1);
    await tx.update(participants).set({ email: null, phone: null, fax: null }).where(inArray(participants.bookingId, bookingIds));
    const cleared = {
      salutation: null,
      title: null,
      forename: null,
      surname: null,
      company: null,
      street: null,
      addressLine2: null,
      postcode: null,
      city: null,
      country: null,
      vatId: null,
    };
    // Names and addresses no invoice carries: every companion's, and the whole booking's when nothing was invoiced.
    await tx
      .update(participants)
      .set(cleared)
      .where(and(inArray(participants.bookingId, bookingIds), eq(participants.role, "companion")));
    const uninvoiced = bookingIds.filter((id) => !invoiced.has(id));
    if (uninvoiced.length > 0) {
      await tx.update(participants).set(cleared).where(inArray(participants.bookingId, uninvoiced));
      await tx.update(bookings).set({ billingAddress: null }).where(inArray(bookings.id, uninvoiced));
    }
    // The mail log names the address and repeats names and links; mails still to be sent stay (the last confirmation among them).
    await tx.delete(outboxEmails).where(and(inArray(outboxEmails.bookingId, bookingIds), ne(outboxEmails.status, "pending")));
  }

  await tx.insert(bookingEvents).values(
    rows.map((row) => ({
      bookingId: row.id,
      fromStatus: row.status,
      toStatus: row.status,
      cause: causes[input.reason],
      details: {
        action: "personal_data_erased",
        reason: input.reason,
        depth: input.depth,
        invoice_kept: invoiced.has(row.id),
        uploads_deleted: uploadCounts.get(row.id) ?? 0,
        ...input.details,
      },
      at: input.now,
    })),
  );
  return { bookings: rows.length, storageKeys };
}

/** Removes erased files from the store after the rows are gone; a file that will not go is logged, the rest still go. */
export async function removeFiles(files: FileStore, storageKeys: readonly string[], onError?: (key: string, error: unknown) => void): Promise<number> {
  let removed = 0;
  for (const key of storageKeys) {
    try {
      await files.remove(key);
      removed += 1;
    } catch (error) {
      onError?.(key, error);
    }
  }
  return removed;
}
