import { expect } from "vitest";
import { demoAccounts } from "../../server/db/seed";
import type { createTestApi } from "./api-client";

/**
 * The authorization matrix of every staff call (issue 13), in one place: who calls, and what they are
 * answered. A new role (admin) is one more row here; every staff API test runs each of its calls
 * through all rows.
 */
export const staffCallers = [
  { caller: "anonymous", account: null, expected: 401 },
  { caller: "customer", account: demoAccounts.customer, expected: 403 },
  { caller: "staff", account: demoAccounts.staff, expected: "allowed" },
  { caller: "admin", account: demoAccounts.admin, expected: "allowed" },
] as const;

export type StaffCaller = (typeof staffCallers)[number]["caller"];

/** Logs every caller of the matrix in once: the Authorization headers to send (none for anonymous). */
export async function staffCallerHeaders(api: ReturnType<typeof createTestApi>): Promise<Record<StaffCaller, Record<string, string>>> {
  const headers = {} as Record<StaffCaller, Record<string, string>>;
  for (const { caller, account } of staffCallers) {
    headers[caller] = account ? { authorization: `Bearer ${(await api.logIn(account.email, account.password)).access_token}` } : {};
  }
  return headers;
}

/** Asserts an answer against a row of the matrix: its refusal status, or `allowedStatus` for a caller who may. */
export function expectMatrixStatus(response: Response, expected: (typeof staffCallers)[number]["expected"], allowedStatus: number): void {
  expect(response.status).toBe(expected === "allowed" ? allowedStatus : expected);
}
