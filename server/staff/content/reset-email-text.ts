import { and, eq } from "drizzle-orm";
import type { EmailTextDetail } from "../../../core/contracts/staff-email-texts";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { emailTextOverrides } from "../../db/schema";
import { auditEmailTextChange, emailTextTarget } from "./email-text-records";
import { emailTextDetail } from "./read-email-text";

/** Reset to default (decision 037): deletes every override of the template in the language, audited. */
export async function resetEmailText(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { template: string; locale: string; staffEmail: string },
): Promise<EmailTextDetail> {
  authorize(actor, "staff.email-texts.manage", null);
  const { entry, locale } = emailTextTarget(input.template, input.locale);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(emailTextOverrides)
      .where(and(eq(emailTextOverrides.template, entry.template), eq(emailTextOverrides.locale, locale)))
      .returning({ field: emailTextOverrides.field, text: emailTextOverrides.text });
    await auditEmailTextChange(tx, actor, input.staffEmail, "email_text_reset", { template: entry.template, locale, removed }, now);
    return emailTextDetail(tx, entry, locale);
  });
}
