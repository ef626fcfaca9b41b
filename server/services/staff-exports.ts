import type { Actor } from "../../core/domain/permissions";
import { exportParticipants } from "../staff/exports/export-participants";
import { exportSelectedBookings } from "../staff/exports/export-selected-bookings";
import { exportInvoices } from "../staff/exports/export-invoices";
import { listStaffInvoices } from "../invoices/list-staff-invoices";
import type { Deps } from "../deps/deps";

/** The back office's files (server/staff/exports; decisions 029, 033, 069). */
export function bindStaffExports(deps: Deps) {
  return {
  /** The back office's files (decision 029): an event's participant list as CSV, XLSX or PDF, streamed. */
  staffExports: {
    participants: (actor: Actor, input: Parameters<typeof exportParticipants>[2]) => exportParticipants(deps, actor, input),
    /** The people of chosen bookings across events as one CSV, audited (decision 033). */
    selectedBookings: (actor: Actor, input: Parameters<typeof exportSelectedBookings>[2]) => exportSelectedBookings(deps, actor, input),
  },
  /** The accountant's invoice list and its CSV and DATEV files (decision 069): every call asks `staff.invoices.read` first. */
  staffInvoices: {
    list: (actor: Actor, input: Parameters<typeof listStaffInvoices>[2]) => listStaffInvoices(deps, actor, input),
    export: (actor: Actor, input: Parameters<typeof exportInvoices>[2]) => exportInvoices(deps, actor, input),
    /** Whether the DATEV batch can be made (its settings are in the environment). */
    datevConfigured: deps.datev !== null,
  },
  };
}
