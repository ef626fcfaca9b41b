import type { StaffForm } from "../../../core/contracts/form-definitions";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { staffFormView } from "./staff-form-view";

/** `GET api/staff/forms/{uuid}`: the draft, the published versions and whether the draft differs (staff). */
export async function readStaffForm(deps: { db: Queryable }, actor: Actor, input: { formId: string }): Promise<StaffForm> {
  authorize(actor, "staff.forms.edit", null);
  return staffFormView(deps.db, input.formId);
}
