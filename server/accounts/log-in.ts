import type { LoginRequest, TokenResponse } from "../../core/contracts/auth";
import type { SecondFactorRequired } from "../../core/contracts/second-factor";
import { deviceFor, signDevice, verifyDevice } from "../auth/device-cookies";
import { verifyAgainstNothing, verifyPassword } from "../auth/passwords";
import { rateLimitKeyOf } from "../auth/rate-limit-key";
import { AppError } from "../errors";
import type { Locale } from "../../core/i18n/locales";
import type { AccountsDeps } from "../deps/accounts-deps";
import { enforce, findUserByEmail, issueSession, sendVerification, tooManyAttempts } from "./account-records";
import { challengeSeconds, createSecondFactorChallenge, needsSecondFactor } from "./second-factor-challenge";

/**
 * A login's session, or for staff the second step's challenge (decision 027); and the signed device
 * cookie value the browser keeps for a year (docs/decisions/011).
 */
export type LoginResult =
  | { tokens: TokenResponse; secondFactor?: undefined; deviceCookie: string }
  | { tokens?: undefined; secondFactor: SecondFactorRequired["second_factor"]; deviceCookie: string };

/**
 * Anyone may try, slowed down per address and account. `deviceCookie`: the value of the device
 * cookie the client sent, if any. Valid and made for this account, it puts the attempt under that
 * device's own back-off only; otherwise the attempt counts per account and address, and per account
 * away from the owner's last address.
 */
export async function logIn(
  deps: AccountsDeps,
  input: { request: LoginRequest; locale: Locale; clientAddress: string; deviceCookie?: string | null | undefined },
): Promise<LoginResult> {
  const { db, limits, homeAddresses } = deps;
  await enforce(limits.loginPerIp, input.clientAddress);
  // The back-off keys and the home address count an IPv6 client by its /64 network too: it could pick a fresh address for every attempt.
  const ip = rateLimitKeyOf(input.clientAddress);
  const account = input.request.email.trim().toLowerCase();
  const user = await findUserByEmail(db, input.request.email);
  const knownDevice = verifyDevice(deps.deviceSecret, input.deviceCookie);
  const ownDevice = user && knownDevice?.userId === user.id ? `${user.id}\n${knownDevice.deviceId}` : null;
  const fromHere = `${account}\n${ip}`;
  const atHome = homeAddresses.is(account, ip);
  const waitMs = ownDevice
    ? await limits.loginFailuresPerDevice.waitMs(ownDevice)
    : Math.max(await limits.loginFailuresPerAddress.waitMs(fromHere), atHome ? 0 : await limits.loginFailuresAwayFromHome.waitMs(account));
  if (waitMs > 0) throw tooManyAttempts(Math.ceil(waitMs / 1000));
  const valid = user?.passwordHash ? await verifyPassword(user.passwordHash, input.request.password) : await verifyAgainstNothing(input.request.password);
  if (!user || !valid) {
    if (ownDevice) await limits.loginFailuresPerDevice.fail(ownDevice);
    else {
      await limits.loginFailuresPerAddress.fail(fromHere);
      if (!atHome) await limits.loginFailuresAwayFromHome.fail(account);
    }
    throw new AppError("UNAUTHORIZED", "invalidCredentials");
  }
  if (!user.emailVerifiedAt) {
    await db.transaction((tx) => sendVerification(deps, tx, user, user.locale));
    throw new AppError("FORBIDDEN", "emailNotVerified");
  }
  // Told only to whoever knows the password: a disabled staff account says so instead of a vague refusal.
  if (user.disabledAt) throw new AppError("FORBIDDEN", "accountDisabled");
  if (ownDevice) await limits.loginFailuresPerDevice.reset(ownDevice);
  else await limits.loginFailuresPerAddress.reset(fromHere);
  homeAddresses.remember(account, ip);
  const device = signDevice(deps.deviceSecret, deviceFor(user.id, knownDevice));
  if (needsSecondFactor(user.role)) {
    const challenge = await db.transaction((tx) => createSecondFactorChallenge(deps, tx, user.id));
    return { secondFactor: { challenge, enrolled: user.totpEnabledAt !== null, expires_in: challengeSeconds }, deviceCookie: device };
  }
  const tokens = await db.transaction((tx) => issueSession(deps, tx, user));
  return { tokens, deviceCookie: device };
}
