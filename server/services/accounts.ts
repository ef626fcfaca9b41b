import type { LoginRequest, RegisterRequest, UpdateSettings } from "../../core/contracts/auth";
import type { SecondFactorRequest } from "../../core/contracts/second-factor";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { actorOf } from "../auth/authorize";
import type { Queryable } from "../db/client";
import type { AccountsDeps } from "../deps/accounts-deps";
import type { FileStore } from "../deps/file-store";
import { authenticateSession, type LiveSession } from "../accounts/authenticate-session";
import { isPasswordResetLinkUsable } from "../accounts/check-password-reset-link";
import { activateAccount, activationLinkIsValid, activationPendingForBooking } from "../accounts/activate-account";
import { createAccountForBooking } from "../accounts/create-account-for-booking";
import { deleteAccount } from "../accounts/delete-account";
import { getAccount } from "../accounts/get-account";
import { listOwnBookings } from "../accounts/list-own-bookings";
import { beginSecondFactorEnrolment, confirmSecondFactorEnrolment, secondFactorStep } from "../accounts/enrol-second-factor";
import { acceptStaffInvitation, staffInvitationIsValid } from "../accounts/accept-staff-invitation";
import { logIn } from "../accounts/log-in";
import { verifySecondFactor } from "../accounts/verify-second-factor";
import { logOut } from "../accounts/log-out";
import { refreshSession, type ClientInfo } from "../accounts/refresh-session";
import { registerAccount } from "../accounts/register-account";
import { requestPasswordReset } from "../accounts/request-password-reset";
import { setNewPassword } from "../accounts/set-new-password";
import { startSession } from "../accounts/start-session";
import { updateSettings } from "../accounts/update-settings";
import { verifyEmail } from "../accounts/verify-email";

/** The account verbs' callers hold either an actor (the API middleware) or a web session's live session (the pages). */
export type ActorOrSession = Actor | LiveSession;
const toActor = (who: ActorOrSession): Actor => ("userId" in who ? actorOf(who) : who);

/**
 * The account verbs (server/accounts/*) with their deps bound, under the names the API handlers and
 * the route loaders and actions call. No logic here: each verb authorizes and owns its transaction.
 * Calls with a caller take `(actor, input)`; the entry points whose authority is what they are given (a
 * password, a link's token, a challenge) take `(input)` (decision 074).
 */
export function bindAccounts(deps: AccountsDeps & { uploads: { files: FileStore } }) {
  return {
    limits: deps.limits,
    register: (input: { request: RegisterRequest; locale: Locale; clientAddress: string }) => registerAccount(deps, input),
    verifyEmail: (token: string) => verifyEmail(deps, { token }),
    login: (input: { request: LoginRequest; locale: Locale; clientAddress: string; deviceCookie?: string | null | undefined }) => logIn(deps, input),
    /** The invitation link of a new staff member (decision 027). */
    staffInvitationIsValid: (token: string) => staffInvitationIsValid(deps, { token }),
    acceptStaffInvitation: (input: { token: string; password: string; locale: Locale }) => acceptStaffInvitation(deps, input),
    /** Staff's second step (decision 027). */
    verifySecondFactor: (input: { request: SecondFactorRequest; locale: Locale }) => verifySecondFactor(deps, input),
    secondFactorStep: (challenge: string) => secondFactorStep(deps, { challenge }),
    beginSecondFactorEnrolment: (challenge: string) => beginSecondFactorEnrolment(deps, { challenge }),
    confirmSecondFactorEnrolment: (input: { challenge: string; code: string; locale: Locale }) => confirmSecondFactorEnrolment(deps, input),
    refresh: (refreshToken: string, client: ClientInfo) => refreshSession(deps, { refreshToken, client }),
    logout: (presented: { refreshToken?: string | undefined; accessToken?: string | null | undefined }) => logOut(deps, presented),
    startSession: (userId: string) => startSession(deps, { userId }),
    authenticate: (accessToken: string | null | undefined) => authenticateSession(deps, { accessToken }),
    /** Resolves when the work started after earlier answers (reset mails) is done. */
    settled: () => deps.afterAnswer.settled(),
    createAccountForBooking: (tx: Queryable, input: Parameters<typeof createAccountForBooking>[2]) => createAccountForBooking(deps, tx, input),
    requestPasswordReset: (input: { email: string; locale: Locale; clientAddress: string }) => requestPasswordReset(deps, input),
    resetPassword: (input: { token: string; password: string; locale: Locale }) => setNewPassword(deps, input),
    /** Read only: whether a reset link can still set a password (the page offers a new link otherwise). */
    resetLinkUsable: (token: string) => isPasswordResetLinkUsable(deps, { token }),
    /** The "activate your account" link of an account made while booking (decision 022). */
    activationLinkIsValid: (token: string) => activationLinkIsValid(deps, { token }),
    activateAccount: (input: { token: string; password: string; locale: Locale }) => activateAccount(deps, input),
    /** The booking success page: did this booking's "create a customer account" send an activation mail that is still open? */
    activationPendingForBooking: (bookingId: string) => activationPendingForBooking(deps, { bookingId }),
    getUser: (who: ActorOrSession, input: { userId?: string | undefined } = {}) => getAccount(deps, toActor(who), input),
    updateUser: (who: ActorOrSession, input: { userId: string; settings: UpdateSettings; locale: Locale; clientAddress: string }) =>
      updateSettings(deps, toActor(who), input),
    deleteUser: (who: ActorOrSession, input: Parameters<typeof deleteAccount>[2]) => deleteAccount({ ...deps, files: deps.uploads.files }, toActor(who), input),
    listBookings: (who: ActorOrSession, input: { locale: Locale }) => listOwnBookings(deps, toActor(who), input),
  };
}

export type Accounts = ReturnType<typeof bindAccounts>;
