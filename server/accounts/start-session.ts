import type { TokenResponse } from "../../core/contracts/auth";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { issueSession, userById } from "./account-records";

/**
 * A new session for a user who just proved who they are: the settings page calls it right after a
 * password change (which ended every session, the caller's too) succeeded. No API route reaches it.
 */
export async function startSession(deps: AccountsDeps, input: { userId: string }): Promise<TokenResponse> {
  return deps.db.transaction(async (tx) => {
    const user = await userById(tx, input.userId);
    if (!user) throw new AppError("UNAUTHORIZED", "sessionInvalid");
    return issueSession(deps, tx, user);
  });
}
