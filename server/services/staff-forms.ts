import type { Actor } from "../../core/domain/permissions";
import { publishForm } from "../staff/catalogue/publish-form";
import { createEventForm } from "../staff/catalogue/create-event-form";
import { readStaffForm } from "../staff/catalogue/read-staff-form";
import { saveFormDraft } from "../staff/catalogue/save-form-draft";
import { invalidatingReads } from "../deps/cached-read";
import type { Deps } from "../deps/deps";

/** The form builder's definition calls (decision 036): a publish drops the read cache. */
export function bindStaffForms(deps: Deps) {
  return {
    read: (actor: Actor, input: { formId: string }) => readStaffForm(deps, actor, input),
    /** A new event's booking form: the starter pages as a working copy, nothing published. */
    createForEvent: (actor: Actor, input: Parameters<typeof createEventForm>[2]) => createEventForm(deps, actor, input),
    saveDraft: (actor: Actor, input: Parameters<typeof saveFormDraft>[2]) => saveFormDraft(deps, actor, input),
    publish: (actor: Actor, input: Parameters<typeof publishForm>[2]) => invalidatingReads(deps, () => publishForm(deps, actor, input)),
  };
}
