import type { Actor } from "../../core/domain/permissions";
import { exportStaffAudit } from "../staff/audit/export-staff-audit";
import { listStaffAudit } from "../staff/audit/list-staff-audit";
import type { Deps } from "../deps/deps";

/** The staff audit log (admins only; issue 31, decision 078): the filtered list and its CSV, itself audited. */
export function bindStaffAudit(deps: Deps) {
  return {
    list: (actor: Actor, input: Parameters<typeof listStaffAudit>[2]) => listStaffAudit(deps, actor, input),
    export: (actor: Actor, input: Parameters<typeof exportStaffAudit>[2]) => exportStaffAudit(deps, actor, input),
  };
}
