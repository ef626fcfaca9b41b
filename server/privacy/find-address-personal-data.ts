import { sql } from "drizzle-orm";
import { staffPersonalDataFindSchema, type StaffPersonalDataFound } from "../../core/contracts/personal-data";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { validationFailed } from "../accounts/account-records";
import { authorize } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { users } from "../db/schema";
import { addressPersonalData } from "./personal-data-records";

/**
 * A data-subject request, first step (issue 30): what the site holds under an e-mail address, in short,
 * for an admin to see before exporting or erasing it. Read only; admins only ("staff.personal-data.manage").
 */
export async function findAddressPersonalData(
  deps: { db: Queryable; now: () => Date },
  actor: Actor,
  input: { email: unknown; locale: Locale },
): Promise<StaffPersonalDataFound> {
  authorize(actor, "staff.personal-data.manage", null);
  const parsed = staffPersonalDataFindSchema.safeParse({ email: input.email });
  if (!parsed.success) throw validationFailed(fieldErrorsOf(parsed.error, input.locale));
  const { email } = parsed.data;
  const data = await addressPersonalData(deps.db, email, { locale: input.locale, now: deps.now() });
  const [account] = data.account
    ? await deps.db
        .select({ role: users.role, createdAt: users.createdAt })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1)
    : [];
  return {
    email,
    account: account ? { role: account.role, created_at: account.createdAt.toISOString() } : null,
    bookings: data.bookings.map((booking) => ({
      code: booking.code,
      event_title: booking.event.title,
      status: booking.status,
      invoice_kept: booking.invoices.length > 0,
    })),
    waitlist_entries: data.waitlist_entries.length,
    emails: data.account_emails.length + data.bookings.reduce((sum, booking) => sum + booking.emails.length, 0),
  };
}
