import { eq } from "drizzle-orm";
import type { StaffForm } from "../../../core/contracts/form-definitions";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { publishDraftAsVersion, readDraftDefinition } from "../../db/form-versions";
import { forms, staffAuditLog } from "../../db/schema";
import { AppError } from "../../errors";
import { assertValidDefinition, staffFormView } from "./staff-form-view";

/**
 * `POST api/staff/forms/{uuid}/publish`: checks the draft with the same rules as a save, then makes it
 * the next immutable version (decision 036) unless it equals the latest. New drafts and submissions use
 * it from then on; bookings made before keep theirs. Audited; the caller drops the read cache.
 */
export async function publishForm(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { formId: string; staffEmail: string; locale: Locale },
): Promise<StaffForm & { published: { uuid: string; number: number; created: boolean } }> {
  authorize(actor, "staff.forms.edit", null);
  return deps.db.transaction(async (tx) => {
    const [form] = await tx.select().from(forms).where(eq(forms.id, input.formId)).for("update").limit(1);
    if (!form) throw new AppError("NOT_FOUND", "formNotFound");
    await assertValidDefinition(tx, form.eventId, await readDraftDefinition(tx, form.id), input.locale);
    const userId = actor.user?.userId;
    const { version, created } = await publishDraftAsVersion(tx, form.id, userId ? { userId, email: input.staffEmail } : null, deps.now());
    if (created) {
      await tx.insert(staffAuditLog).values({
        actorId: userId ?? null,
        actorEmail: input.staffEmail,
        action: "form_published",
        details: { form: form.id, version: version.id, number: version.number },
        at: deps.now(),
      });
    }
    return { ...(await staffFormView(tx, form.id)), published: { uuid: version.id, number: version.number, created } };
  });
}
