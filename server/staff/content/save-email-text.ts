import { and, eq } from "drizzle-orm";
import type { EmailTextDetail, EmailTextUpdateInput } from "../../../core/contracts/staff-email-texts";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { emailTextOverrides } from "../../db/schema";
import { auditEmailTextChange, checkedFieldTexts, emailTextTarget } from "./email-text-records";
import { emailTextDetail } from "./read-email-text";

type Input = { template: string; locale: string; body: EmailTextUpdateInput; staffEmail: string; requestLocale: Locale };

/**
 * Saves staff's texts of a template in a language (decision 037): a text replaces the field's
 * override, an empty one deletes it (the default again). All fields are checked first; in one
 * transaction with its audit row.
 */
export async function saveEmailText(deps: { db: Database; now: () => Date }, actor: Actor, input: Input): Promise<EmailTextDetail> {
  authorize(actor, "staff.email-texts.manage", null);
  const { entry, locale } = emailTextTarget(input.template, input.locale);
  const texts = checkedFieldTexts(entry, input.body.fields, input.requestLocale);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    for (const [field, text] of texts) {
      const target = and(eq(emailTextOverrides.template, entry.template), eq(emailTextOverrides.locale, locale), eq(emailTextOverrides.field, field));
      if (text === null) {
        await tx.delete(emailTextOverrides).where(target);
        continue;
      }
      await tx
        .insert(emailTextOverrides)
        .values({ template: entry.template, locale, field, text, updatedBy: actor.user?.userId ?? null, updatedAt: now })
        .onConflictDoUpdate({
          target: [emailTextOverrides.template, emailTextOverrides.locale, emailTextOverrides.field],
          set: { text, updatedBy: actor.user?.userId ?? null, updatedAt: now },
        });
    }
    await auditEmailTextChange(tx, actor, input.staffEmail, "email_text_saved", { template: entry.template, locale, fields: Object.fromEntries(texts) }, now);
    return emailTextDetail(tx, entry, locale);
  });
}
