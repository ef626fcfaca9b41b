import { eq } from "drizzle-orm";
import { personalDataExportSchema, personalDataRequestSchema, type PersonalDataExport } from "../../core/contracts/personal-data";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { authorize, bookingSubject } from "../auth/authorize";
import { openManageLink } from "../bookings/manage-access";
import type { Queryable } from "../db/client";
import { users } from "../db/schema";
import { AppError, notFound } from "../errors";
import { accountPersonalData, bookingPersonalData } from "./personal-data-records";
import { renderPersonalDataPdf } from "./personal-data-pdf";

export type PersonalDataFile = { filename: string; contentType: string; body: Uint8Array; data: PersonalDataExport };

/** Whose data: the logged-in account's, or one booking's through its manage link (a guest has no account). */
export type PersonalDataSubject = { account: string } | { manageToken: string };

/**
 * Art. 15 and 20 GDPR (issue 30, decision 076): everything the site holds about the account (or the one
 * booking), as JSON or as a readable PDF of the same object. Read only; "account.export" or
 * "booking.export" is asked before anything is read.
 */
export async function exportPersonalData(
  deps: { db: Queryable; now: () => Date; manageLinkSecret: string },
  actor: Actor,
  input: { subject: PersonalDataSubject; format: string; locale: Locale },
): Promise<PersonalDataFile> {
  // The format is part of the download's address: another one is no such download.
  const request = personalDataRequestSchema.safeParse({ format: input.format });
  if (!request.success) throw notFound();
  const { format } = request.data;
  const now = deps.now();
  let data: PersonalDataExport;
  if ("account" in input.subject) {
    authorize(actor, "account.export", { id: input.subject.account });
    const [user] = await deps.db.select().from(users).where(eq(users.id, input.subject.account)).limit(1);
    if (!user) throw new AppError("UNAUTHORIZED", "sessionInvalid");
    data = await accountPersonalData(deps.db, user, { locale: input.locale, now });
  } else {
    const managed = await openManageLink(deps, actor, { token: input.subject.manageToken });
    authorize(managed.actor, "booking.export", bookingSubject(managed.booking));
    data = await bookingPersonalData(deps.db, managed.booking.id, { locale: input.locale, now });
  }
  const checked = personalDataExportSchema.parse(data);
  const stamp = now.toISOString().slice(0, 10);
  const name = `personal-data-${checked.bookings.length === 1 && checked.scope === "booking" ? (checked.bookings[0]?.code ?? "booking") : "account"}-${stamp}`;
  if (format === "json") {
    return {
      filename: `${name}.json`,
      contentType: "application/json; charset=utf-8",
      body: new TextEncoder().encode(JSON.stringify(checked, null, 2)),
      data: checked,
    };
  }
  return { filename: `${name}.pdf`, contentType: "application/pdf", body: await renderPersonalDataPdf(checked, input.locale), data: checked };
}
