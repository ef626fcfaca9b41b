import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { staffPersonalDataEraseSchema } from "../../core/contracts/personal-data";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { validationFailed } from "../accounts/account-records";
import { authorize } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { bookings, outboxEmails, tokens, users, waitlistEntries } from "../db/schema";
import type { FileStore } from "../deps/file-store";
import { writeStaffAudit } from "../staff/audit/staff-audit-records";
import { erasePersonalData, removeFiles } from "./erase-personal-data";
import { bookingIdsOfAddress } from "./personal-data-records";

export type AddressErased = {
  bookings: number;
  waitlistEntries: number;
  emails: number;
  accountDeleted: boolean;
  staffAccountKept: boolean;
  filesRemoved: number;
};

/**
 * A data-subject request's erasure (Art. 17 GDPR, issue 30, decision 076): in one transaction every
 * booking naming the address is anonymized as an account deletion does it (depth `person`: what an
 * issued invoice prints stays, with it), its waitlist sign-ups and the sent mails to it that name no
 * booking are deleted, and a customer account with that address goes with its tokens (a staff account
 * stays: the staff page removes those). One staff audit row says who, for which address, and what went;
 * the files leave the store after the commit. The address must be typed twice.
 */
export async function eraseAddressPersonalData(
  deps: { db: Queryable; now: () => Date; uploads: { files: FileStore } },
  actor: Actor,
  input: { email: unknown; confirmEmail: unknown; note: unknown; locale: Locale },
): Promise<AddressErased> {
  authorize(actor, "staff.personal-data.manage", null);
  const parsed = staffPersonalDataEraseSchema.safeParse({ email: input.email, confirm_email: input.confirmEmail, note: input.note || undefined });
  if (!parsed.success) throw validationFailed(fieldErrorsOf(parsed.error, input.locale));
  const { email, note } = parsed.data;
  const now = deps.now();
  const erased = await deps.db.transaction(async (tx) => {
    const bookingIds = await bookingIdsOfAddress(tx, email);
    const [account] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1)
      .for("update");
    const owned =
      account?.role === "customer" ? (await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, account.id))).map((row) => row.id) : [];
    const everyBooking = [...new Set([...bookingIds, ...owned])];
    const result = await erasePersonalData(tx, {
      bookingIds: everyBooking,
      depth: "person",
      reason: "data_subject_request",
      now,
      details: note ? { note } : undefined,
    });
    const waitlist = await tx
      .delete(waitlistEntries)
      .where(sql`lower(${waitlistEntries.email}) = lower(${email})`)
      .returning({ id: waitlistEntries.id });
    const mails = await tx
      .delete(outboxEmails)
      .where(and(isNull(outboxEmails.bookingId), ne(outboxEmails.status, "pending"), sql`lower(${outboxEmails.toAddress}) = lower(${email})`))
      .returning({ id: outboxEmails.id });
    const accountDeleted = account?.role === "customer";
    if (account && accountDeleted) {
      if (owned.length > 0) await tx.update(bookings).set({ userId: null }).where(inArray(bookings.id, owned));
      await tx.delete(tokens).where(eq(tokens.userId, account.id));
      await tx.delete(users).where(eq(users.id, account.id));
    }
    const summary = {
      bookings: result.bookings,
      waitlistEntries: waitlist.length,
      emails: mails.length,
      accountDeleted,
      staffAccountKept: account !== undefined && !accountDeleted,
    };
    await writeStaffAudit(tx, actor, {
      action: "personal_data_erased",
      details: {
        email,
        bookings: summary.bookings,
        waitlist_entries: summary.waitlistEntries,
        emails: summary.emails,
        account_deleted: accountDeleted,
        uploads_deleted: result.storageKeys.length,
        ...(note ? { note } : {}),
      },
      at: now,
    });
    return { summary, storageKeys: result.storageKeys };
  });
  const filesRemoved = await removeFiles(deps.uploads.files, erased.storageKeys);
  return { ...erased.summary, filesRemoved };
}
