import type { User } from "../../core/contracts/auth";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { toUser, userById } from "./account-records";

/** One's own account (`userId` defaults to the actor's). */
export async function getAccount(deps: Pick<AccountsDeps, "db">, actor: Actor, input: { userId?: string | undefined } = {}): Promise<User> {
  const userId = input.userId ?? actor.user?.userId ?? "";
  authorize(actor, "account.read", { id: userId });
  const row = await userById(deps.db, userId);
  if (!row) throw new AppError("UNAUTHORIZED", "sessionInvalid");
  return toUser(row);
}
