/**
 * Sign-in (docs/architecture.md §5; issue 23 §6–7): the same answer and the same argon2 time for an unknown address and a wrong
 * password; a per-address back-off (back-off.ts) on top of the per-IP limit; every outcome audited — a success as
 * the user's own entry, failures in the hour's anonymous roll-up (decision 0022).
 */
import {
  AWAITING_APPROVAL_MESSAGE,
  EMAIL_NOT_CONFIRMED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  SIGN_IN_BACKED_OFF_MESSAGE,
  type SignInResponse,
} from '../../../shared/schemas/accounts.ts';
import {
  SIGN_IN_CHALLENGE_EXPIRED_MESSAGE,
  SIGN_IN_CHALLENGE_TTL_SECONDS,
  type SignInSessionResponse,
} from '../../../shared/schemas/second-factor.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/http-errors.ts';
import { generateToken } from '../../lib/secrets.ts';
import type { Executor } from '../../lib/sql.ts';
import type { AppServices } from '../../services.ts';
import { addToAuditRollup, writeAudit } from '../audit/service.ts';
import { findUserByEmail } from '../users/service.ts';
import type { AuthenticationResponse } from '../../../shared/schemas/passkeys.ts';
import type { SignInAttempt, SignInBackOff } from './back-off.ts';
import { queueSignInNote } from './account-mail.ts';
import { deviceLabel } from '../../lib/device-label.ts';
import { failedSignInsEmail, sendSecurityNotice } from '../mail/account-emails.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hasPasskey, passkeyOf, type RelyingParty, requireRelyingParty, verifyAssertion } from './passkeys.ts';
import {
  challengeUser,
  hasSecondFactor,
  issueSignInChallenge,
  recoveryCodesLeft,
  spendChallenge,
  spendRecoveryCode,
  spendTotpCode,
  staffMustEnrol,
} from './second-factor.ts';
import type { AuthRequestContext } from './service.ts';

// A real argon2id hash of a random password: unknown e-mails are verified against it, so they take as long as known ones.
let dummyHash: Promise<string> | undefined;
const timingDummyHash = () => (dummyHash ??= hashPassword(generateToken()));

/** Starts a session and signs its token for a user (the auth plugin holds the key; decision 0051). */
export type SignUserToken = (
  user: Pick<typeof users.$inferSelect, 'id' | 'tokenVersion'>,
  origin: { userAgent: string | null; country: string | null },
) => Promise<string>;

export interface SignInDeps {
  signUserToken: SignUserToken;
  backOff: SignInBackOff;
  /** Told of every failed sign-in by address, so the captcha gets harder for it (captcha/service.ts). */
  onFailure?: (ipAddress: string | null) => void;
}

type SignInFailureReason =
  | 'unknown_email'
  | 'wrong_password'
  | 'email_not_confirmed'
  | 'awaiting_approval'
  | 'backed_off'
  | 'wrong_second_factor'
  | 'unknown_passkey'
  | 'wrong_passkey'
  | 'wrong_current_password';

type UserRow = typeof users.$inferSelect;
type SignInContext = AuthRequestContext & { input: { email: string; password: string } };

/** The hour's roll-up of failures, the captcha told, and at the tenth failure in a row the owner's notice. */
export function failureRecorder(services: AppServices, deps: Pick<SignInDeps, 'backOff' | 'onFailure'>, context: AuthRequestContext, emailHash: string | undefined, now: Date) {
  const { db } = services.database;
  return async (reason: SignInFailureReason, failures?: number, user?: UserRow) => {
    deps.onFailure?.(context.meta.ipAddress);
    await addToAuditRollup(db, now, { action: 'user.sign_in_failed', reason, country: context.country, emailHash });
    if (failures === undefined || emailHash === undefined) return;
    // Asked for a known and an unknown address alike, so a burst's tenth failure takes the same time for both.
    const notify = await deps.backOff.shouldNotify(emailHash, failures, now);
    if (notify && user) await services.mailer.enqueue(await failedSignInsEmail(user.email, services.mailBrand, failures));
  };
}

/**
 * Counts an attempt on the address before any proof is checked (decision 0041: parallel guesses cannot outrun the
 * block); while the address is backed off, the attempt is recorded as such and refused with its wait.
 */
export async function claimSignInAttempt(
  deps: Pick<SignInDeps, 'backOff'>,
  emailHash: string,
  now: Date,
  fail: ReturnType<typeof failureRecorder>,
): Promise<Extract<SignInAttempt, { allowed: true }>> {
  const attempt = await deps.backOff.claimAttempt(emailHash, now);
  if (!attempt.allowed) {
    await fail('backed_off');
    throw tooManyRequests(SIGN_IN_BACKED_OFF_MESSAGE, attempt.waitMs / 1000);
  }
  return attempt;
}

/**
 * Sign-in (docs/architecture.md §5) with a per-account back-off (issue 23 §7, back-off.ts) and an audit trail (issue 23 §6):
 * a success is one entry by the user (e-mail hash, country); failures, being anonymous, add to the hour's
 * roll-up with their reason, country and e-mail hash (decision 0022).
 *
 * An account with a second factor (decision 0053) gets a challenge instead of a session, and its back-off is not
 * cleared by the right password: only the second step's success clears it, so wrong codes keep adding to it.
 */
export async function signIn(services: AppServices, deps: SignInDeps, context: SignInContext): Promise<SignInResponse> {
  const { db } = services.database;
  const { input, country } = context;
  const now = services.now();
  const emailHash = deps.backOff.emailHash(input.email);
  const fail = failureRecorder(services, deps, context, emailHash, now);

  // Counted as a failure before any password is checked (decision 0041): parallel guesses cannot outrun the block.
  const attempt = await claimSignInAttempt(deps, emailHash, now, fail);
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await verifyPassword(await timingDummyHash(), input.password);
    await fail('unknown_email', attempt.failures);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await fail('wrong_password', attempt.failures, user);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  const methods = await secondFactorMethods(db, user.id);
  const withFactor = methods.length > 0;
  if (!withFactor) await deps.backOff.clear(emailHash);
  // Only now, with the right password, may the caller learn the account's state.
  await assertMaySignIn(db, user, { now, country, emailHash });
  if (withFactor) {
    const challenge = await issueSignInChallenge(services, user.id);
    return { secondFactorRequired: true, challenge, expiresInSeconds: SIGN_IN_CHALLENGE_TTL_SECONDS, methods };
  }
  return startSession(services, deps, context, user, { emailHash, country });
}

/** A confirmed authenticator app or a passkey: either makes sign-in two steps, and either satisfies REQUIRE_STAFF_MFA. */
async function secondFactorMethods(db: Executor, userId: number): Promise<Array<'totp' | 'passkey'>> {
  const [totp, passkey] = await Promise.all([hasSecondFactor(db, userId), hasPasskey(db, userId)]);
  return [...(totp ? (['totp'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
}

/** 403 with its own text for an unconfirmed address or an account awaiting approval, added to the hour's roll-up. */
async function assertMaySignIn(db: Executor, user: UserRow, event: { now: Date; country: string | null; emailHash: string }) {
  if (user.emailConfirmedAt && user.isApproved) return;
  const reason = user.emailConfirmedAt ? 'awaiting_approval' : 'email_not_confirmed';
  await addToAuditRollup(db, event.now, { action: 'user.sign_in_failed', reason, country: event.country, emailHash: event.emailHash });
  throw forbidden(user.emailConfirmedAt ? AWAITING_APPROVAL_MESSAGE : EMAIL_NOT_CONFIRMED_MESSAGE);
}

/** The session and the answer of a successful sign-in, audited as the user's own `user.sign_in`. */
async function startSession(
  services: AppServices,
  deps: SignInDeps,
  context: AuthRequestContext,
  user: UserRow,
  details: { emailHash: string; country: string | null; secondFactor?: 'totp' | 'recovery_code' | 'passkey'; passkey?: true },
): Promise<SignInSessionResponse> {
  const { meta, country } = context;
  const token = await deps.signUserToken(user, { userAgent: meta.userAgent, country });
  await writeAudit(
    services.database.db,
    { actor: { kind: 'user', userId: user.id, role: user.role, isAdmin: user.isAdmin }, meta },
    { action: 'user.sign_in', entityId: user.id, details },
  );
  // Issue 36 §7: the job mails the owner if this device or country is new (decision 0059).
  await queueSignInNote(services, { userId: user.id, device: deviceLabel(meta.userAgent), country, at: services.now().toISOString() });
  const answer: SignInSessionResponse = { token, user: { id: user.id, email: user.email, isAdmin: user.isAdmin, role: user.role } };
  // REQUIRE_STAFF_MFA: staff without a factor are sent to enrol (only then is the field there at all).
  if (staffMustEnrol(services, user.role) && !details.secondFactor && !details.passkey && (await secondFactorMethods(services.database.db, user.id)).length === 0) {
    answer.secondFactorSetupRequired = true;
  }
  return answer;
}

/**
 * The second step (decision 0053): a live challenge and a code of the account's authenticator app, or one of its
 * recovery codes. A wrong code answers exactly as a wrong password does and counts toward the same back-off; the
 * challenge survives it (a typo costs no new password), but is spent by the success, so it works once.
 */
export async function signInSecondFactor(
  services: AppServices,
  deps: SignInDeps,
  context: AuthRequestContext & {
    input: { challenge: string } & ({ code: string } | { recoveryCode: string } | { passkey: AuthenticationResponse });
    relyingParty: RelyingParty | null;
  },
): Promise<SignInSessionResponse> {
  const { db } = services.database;
  const { input, country } = context;
  const now = services.now();
  const userId = await challengeUser(db, input.challenge, now);
  const [user] = userId === null ? [] : await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized(SIGN_IN_CHALLENGE_EXPIRED_MESSAGE);
  const emailHash = deps.backOff.emailHash(user.email);
  const fail = failureRecorder(services, deps, context, emailHash, now);
  const attempt = await claimSignInAttempt(deps, emailHash, now, fail);
  const usesRecoveryCode = 'recoveryCode' in input;
  const proven = usesRecoveryCode
    ? await spendRecoveryCode(db, user.id, input.recoveryCode)
    : 'passkey' in input
      ? await provePasskey(services, requireRelyingParty(context.relyingParty), user.id, input.passkey)
      : await spendTotpCode(services, db, user.id, input.code);
  if (!proven) {
    await fail('wrong_second_factor', attempt.failures, user);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await spendChallenge(db, input.challenge, now))) throw unauthorized(SIGN_IN_CHALLENGE_EXPIRED_MESSAGE);
  await deps.backOff.clear(emailHash);
  // Approval may have been revoked in the minutes since the password step.
  await assertMaySignIn(db, user, { now, country, emailHash });
  const actor = { kind: 'user' as const, userId: user.id, role: user.role, isAdmin: user.isAdmin };
  if (usesRecoveryCode) {
    const codesLeft = await recoveryCodesLeft(db, user.id);
    await writeAudit(db, { actor, meta: context.meta }, {
      action: 'user.mfa_recovery_code_use',
      entityId: user.id,
      details: { userId: user.id, recoveryCodesLeft: codesLeft },
    });
    await sendSecurityNotice(services, user.email, { kind: 'recovery_code_used', codesLeft });
  }
  const secondFactor = usesRecoveryCode ? 'recovery_code' : 'passkey' in input ? 'passkey' : 'totp';
  return startSession(services, deps, context, user, { emailHash, country, secondFactor });
}

/** A passkey of this person (never another account's) whose assertion verifies against a second-factor challenge. */
async function provePasskey(services: AppServices, rp: RelyingParty, userId: number, response: AuthenticationResponse): Promise<boolean> {
  const passkey = await passkeyOf(services.database.db, response);
  if (!passkey || passkey.userId !== userId) return false;
  return verifyAssertion(services, rp, passkey, response, 'second_factor');
}

/**
 * Passwordless sign-in with a discoverable passkey (decision 0057): the credential names the person, and a verified
 * assertion with user verification stands for password and second factor together. Behind the same per-IP limit and
 * per-address back-off as the password (claimed before the signature is checked); every failure answers the
 * wrong password's 401 and joins the hour's roll-up (`unknown_passkey`, `wrong_passkey`).
 */
export async function signInWithPasskey(
  services: AppServices,
  deps: SignInDeps,
  context: AuthRequestContext & { input: { response: AuthenticationResponse }; relyingParty: RelyingParty | null },
): Promise<SignInSessionResponse> {
  const { db } = services.database;
  const { input, country } = context;
  const rp = requireRelyingParty(context.relyingParty);
  const now = services.now();
  const passkey = await passkeyOf(db, input.response);
  const [user] = passkey ? await db.select().from(users).where(eq(users.id, passkey.userId)) : [];
  if (!passkey || !user) {
    await failureRecorder(services, deps, context, undefined, now)('unknown_passkey');
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  const emailHash = deps.backOff.emailHash(user.email);
  const fail = failureRecorder(services, deps, context, emailHash, now);
  const attempt = await claimSignInAttempt(deps, emailHash, now, fail);
  if (!(await verifyAssertion(services, rp, passkey, input.response, 'sign_in'))) {
    await fail('wrong_passkey', attempt.failures, user);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  await deps.backOff.clear(emailHash);
  await assertMaySignIn(db, user, { now, country, emailHash });
  return startSession(services, deps, context, user, { emailHash, country, passkey: true });
}
