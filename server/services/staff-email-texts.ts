import type { Actor } from "../../core/domain/permissions";
import { listEmailTexts } from "../staff/content/list-email-texts";
import { readEmailText } from "../staff/content/read-email-text";
import { saveEmailText } from "../staff/content/save-email-text";
import { resetEmailText } from "../staff/content/reset-email-text";
import { previewEmailText } from "../staff/content/preview-email-text";
import { invalidatingReads } from "../deps/cached-read";
import type { Deps } from "../deps/deps";

/** Staff's wording of the e-mail texts per template and language (decision 037; staff only). */
export function bindStaffEmailTexts(deps: Deps) {
  return {
    list: (actor: Actor) => listEmailTexts(deps, actor),
    read: (actor: Actor, input: Parameters<typeof readEmailText>[2]) => readEmailText(deps, actor, input),
    // The mail worker reads staff's wording through the read cache (below): a change drops it.
    save: (actor: Actor, input: Parameters<typeof saveEmailText>[2]) => invalidatingReads(deps, () => saveEmailText(deps, actor, input)),
    reset: (actor: Actor, input: Parameters<typeof resetEmailText>[2]) => invalidatingReads(deps, () => resetEmailText(deps, actor, input)),
    preview: (actor: Actor, input: Parameters<typeof previewEmailText>[2]) => previewEmailText(deps, actor, input),
  };
}
