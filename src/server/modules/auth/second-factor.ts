/**
 * A second factor (issue 36 §5; decision 0053): a TOTP authenticator app (RFC 6238: SHA-1, 30 s, 6 digits) and ten
 * single-use recovery codes, enrolled, confirmed, used and turned off here; the two-step sign-in that asks for them
 * is in sign-in.ts.
 *
 * - The secret is sealed at rest (lib/sealed.ts) and leaves the server once, in the enrolment answer; after the first
 *   code confirms it, no route returns it.
 * - A code is accepted once: the factor row keeps the last time step used, and the step of a new code must be later,
 *   checked and written by one UPDATE … WHERE last_used_step < step, so two requests cannot both spend it.
 * - Recovery codes are stored as SHA-256 (lib/secrets.ts; 50 random bits each, tried only behind the sign-in back-off)
 *   and spent by one UPDATE … WHERE used_at IS NULL.
 * - The sign-in challenge is an `auth_tokens` row of kind `sign_in_challenge`: 32 random bytes, only its hash stored,
 *   5 minutes, single use. It is not a JWT, so no route's bearer check can take it for a session.
 */
import { randomInt } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import { SIGN_IN_BACKED_OFF_MESSAGE } from '../../../shared/schemas/accounts.ts';
import {
  ENROLMENT_CODE_WRONG_MESSAGE,
  ENROLMENT_NOT_STARTED_MESSAGE,
  type EnrolmentResponse,
  PROOF_WRONG_MESSAGE,
  RECOVERY_CODE_COUNT,
  type RecoveryCodesResponse,
  SECOND_FACTOR_ALREADY_ON_MESSAGE,
  SECOND_FACTOR_NOT_ON_MESSAGE,
  type SecondFactorStatus,
  SIGN_IN_CHALLENGE_TTL_SECONDS,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type ResetSecondFactorResponse,
} from '../../../shared/schemas/second-factor.ts';
import { STAFF_ROLES } from '../../../shared/permissions.ts';
import type { Database } from '../../db/client.ts';
import { authTokens, passkeys, recoveryCodes, secondFactors, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/http-errors.ts';
import { createSealer, type Sealer } from '../../lib/sealed.ts';
import { generateToken, hashSecret } from '../../lib/secrets.ts';
import type { Executor } from '../../lib/sql.ts';
import { actorCan, type AppServices, type RequestContext, type UserContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { OWNER_ONLY_MESSAGE } from '../users/service.ts';
import type { SignInBackOff } from './back-off.ts';
import { sendSecurityNotice } from '../mail/account-emails.ts';
import { verifyPassword } from '../../lib/passwords.ts';


const sealers = new WeakMap<object, Sealer>();
function sealerOf(services: AppServices): Sealer {
  let sealer = sealers.get(services.config);
  if (!sealer) {
    sealer = createSealer(services.config.jwtSecret, 'totp-secret');
    sealers.set(services.config, sealer);
  }
  return sealer;
}

const totpFor = (base32: string, label = 'account') =>
  new TOTP({ issuer: PRODUCT_NAME, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(base32) });

/** The time step a code belongs to, when it is one of the secret's codes for now, the step before or the one after. */
export function totpStep(base32: string, code: string, now: Date): number | null {
  const delta = totpFor(base32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

// Recovery codes: a–z and 2–9 without the look-alikes 0, 1 (no o, l, i clash then), 10 characters ≈ 50 bits.
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz23456789';
const newRecoveryCode = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
/** How a code is shown: `abcde-23456`. Typed back in any case, with or without the dash (RecoveryCodeSchema). */
const displayRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Replaces the user's recovery codes inside the caller's transaction; the new ones, to show once. */
async function replaceRecoveryCodes(tx: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashSecret(code) })));
  return codes.map(displayRecoveryCode);
}

export async function recoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** True when the user has a confirmed factor: sign-in asks for it. */
export async function hasSecondFactor(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: secondFactors.userId })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.enabledAt)));
  return row !== undefined;
}

/** REQUIRE_STAFF_MFA applies to this role. */
export const staffMustEnrol = (services: AppServices, role: string) =>
  services.config.requireStaffMfa && (STAFF_ROLES as readonly string[]).includes(role);


async function userRow(db: Executor, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  return user;
}

export async function secondFactorStatus(services: AppServices, userId: number): Promise<SecondFactorStatus> {
  const { db } = services.database;
  const [factor] = await db.select({ enabledAt: secondFactors.enabledAt }).from(secondFactors).where(eq(secondFactors.userId, userId));
  const user = await userRow(db, userId);
  const enabledAt = factor?.enabledAt ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? await recoveryCodesLeft(db, userId) : 0,
    required: staffMustEnrol(services, user.role),
  };
}

/**
 * Starts (or starts over) an enrolment: a new secret, kept sealed and inactive until a code confirms it. The answer
 * is the only time the secret leaves the server. 409 when a factor is already on: turn it off first.
 */
export async function startEnrolment(services: AppServices, context: UserContext): Promise<EnrolmentResponse> {
  const { db } = services.database;
  const user = await userRow(db, context.userId);
  const secret = new Secret({ size: 20 }).base32;
  const [row] = await db
    .insert(secondFactors)
    .values({ userId: user.id, secretSealed: sealerOf(services).seal(secret) })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secretSealed: sealerOf(services).seal(secret), lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(secondFactors.enabledAt),
    })
    .returning({ userId: secondFactors.userId });
  if (!row) throw conflict(SECOND_FACTOR_ALREADY_ON_MESSAGE);
  const otpauthUrl = totpFor(secret, user.email).toString();
  // Loaded on first use: most processes never enrol anyone (decision 0037).
  const { default: qrcode } = await import('qrcode');
  const svg = await qrcode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The first code confirms the enrolment: the factor is on, and the ten recovery codes are shown, once. */
export async function confirmEnrolment(services: AppServices, context: UserContext & { input: { code: string } }): Promise<RecoveryCodesResponse> {
  const { db } = services.database;
  const { actor, meta, userId, input } = context;
  const [pending] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
  if (!pending) throw badRequest(ENROLMENT_NOT_STARTED_MESSAGE);
  if (pending.enabledAt) throw conflict(SECOND_FACTOR_ALREADY_ON_MESSAGE);
  const secret = sealerOf(services).open(pending.secretSealed);
  const step = secret === null ? null : totpStep(secret, input.code, services.now());
  if (step === null) throw badRequest(ENROLMENT_CODE_WRONG_MESSAGE, [{ field: 'code', message: ENROLMENT_CODE_WRONG_MESSAGE }]);
  const confirmed = await db.transaction(async (tx) => {
    // The code that confirms is spent too; the row must still be this pending enrolment (not restarted meanwhile).
    const [enabled] = await tx
      .update(secondFactors)
      .set({ enabledAt: sql`now()`, lastUsedStep: step })
      .where(and(eq(secondFactors.userId, userId), eq(secondFactors.secretSealed, pending.secretSealed), isNull(secondFactors.enabledAt)))
      .returning({ userId: secondFactors.userId });
    if (!enabled) throw badRequest(ENROLMENT_NOT_STARTED_MESSAGE);
    const codes = await replaceRecoveryCodes(tx, userId);
    await writeAudit(tx, { actor, meta }, { action: 'user.mfa_enable', entityId: userId, details: { userId, recoveryCodes: codes.length } });
    return { recoveryCodes: codes };
  });
  await sendSecurityNotice(services, (await userRow(db, userId)).email, { kind: 'second_factor_added' });
  return confirmed;
}

/**
 * Spends a TOTP code of the user's active factor: true once per time step, whatever the parallel requests. Codes of
 * the step before and after count (clock drift), but never one of a step at or before the last one used.
 */
export async function spendTotpCode(services: AppServices, db: Executor, userId: number, code: string): Promise<boolean> {
  const [factor] = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.enabledAt)));
  if (!factor) return false;
  const secret = sealerOf(services).open(factor.secretSealed);
  const step = secret === null ? null : totpStep(secret, code, services.now());
  if (step === null) return false;
  const [spent] = await db
    .update(secondFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(secondFactors.userId, userId),
        isNotNull(secondFactors.enabledAt),
        or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return spent !== undefined;
}

/** Spends one recovery code (already normalised by RecoveryCodeSchema): true once, then never again. */
export async function spendRecoveryCode(db: Executor, userId: number, code: string): Promise<boolean> {
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashSecret(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent !== undefined;
}

/**
 * The account's password or a current code, for turning the factor off or replacing the recovery codes: a session
 * left open on a shared computer is not enough. Guesses count toward the account's sign-in back-off.
 */
async function assertProof(
  services: AppServices,
  backOff: SignInBackOff,
  userId: number,
  proof: { password: string } | { code: string },
): Promise<void> {
  const { db } = services.database;
  const user = await userRow(db, userId);
  const emailHash = backOff.emailHash(user.email);
  const attempt = await backOff.claimAttempt(emailHash, services.now());
  if (!attempt.allowed) throw tooManyRequests(SIGN_IN_BACKED_OFF_MESSAGE, attempt.waitMs / 1000);
  const proven = 'password' in proof ? await verifyPassword(user.passwordHash, proof.password) : await spendTotpCode(services, db, userId, proof.code);
  if (!proven) throw badRequest(PROOF_WRONG_MESSAGE);
  await backOff.clear(emailHash);
}

/** Turns the factor off (and drops its recovery codes): sign-in asks for the password alone again. */
export async function disableSecondFactor(
  services: AppServices,
  backOff: SignInBackOff,
  context: UserContext & { input: { password: string } | { code: string } },
): Promise<void> {
  const { db } = services.database;
  const { actor, meta, userId, input } = context;
  if (!(await hasSecondFactor(db, userId))) throw conflict(SECOND_FACTOR_NOT_ON_MESSAGE);
  await assertProof(services, backOff, userId, input);
  await db.transaction(async (tx) => {
    await tx.delete(secondFactors).where(eq(secondFactors.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await writeAudit(tx, { actor, meta }, { action: 'user.mfa_disable', entityId: userId, details: { userId, proof: 'password' in input ? 'password' : 'code' } });
  });
  await sendSecurityNotice(services, (await userRow(db, userId)).email, { kind: 'second_factor_removed', byAdmin: false });
}

/** Ten new recovery codes; every earlier one stops working. */
export async function regenerateRecoveryCodes(
  services: AppServices,
  backOff: SignInBackOff,
  context: UserContext & { input: { password: string } | { code: string } },
): Promise<RecoveryCodesResponse> {
  const { db } = services.database;
  const { actor, meta, userId, input } = context;
  if (!(await hasSecondFactor(db, userId))) throw conflict(SECOND_FACTOR_NOT_ON_MESSAGE);
  await assertProof(services, backOff, userId, input);
  return db.transaction(async (tx) => {
    const left = await recoveryCodesLeft(tx, userId);
    const codes = await replaceRecoveryCodes(tx, userId);
    await writeAudit(tx, { actor, meta }, {
      action: 'user.mfa_recovery_codes_regenerate',
      entityId: userId,
      details: { userId, unusedReplaced: left },
    });
    return { recoveryCodes: codes };
  });
}

/**
 * An owner or admin takes another person's factors away (a lost phone and lost codes: the app, the recovery codes
 * and the passkeys): that person signs in with the
 * password alone and may enrol again. Owners' factors only by owners. Audited as `user.mfa_reset`, without secrets.
 */
export async function resetSecondFactor(services: AppServices, context: RequestContext & { input: { id: number } }): Promise<ResetSecondFactorResponse> {
  const { db } = services.database;
  const { actor, meta, input } = context;
  const { reset, email } = await db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id, role: users.role, email: users.email }).from(users).where(eq(users.id, input.id)).for('update');
    if (!target) throw notFound('User not found');
    if (target.role === 'owner' && !actorCan(actor, 'owners.manage')) throw forbidden(OWNER_ONLY_MESSAGE);
    const removed = await tx.delete(secondFactors).where(eq(secondFactors.userId, target.id)).returning({ enabledAt: secondFactors.enabledAt });
    const codes = await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, target.id)).returning({ id: recoveryCodes.id });
    // A lost phone takes its passkeys with it: they go too, or a passkey-only account could never sign in again.
    const keys = await tx.delete(passkeys).where(eq(passkeys.userId, target.id)).returning({ id: passkeys.id });
    const hadFactor = removed.some((row) => row.enabledAt !== null) || keys.length > 0;
    await writeAudit(tx, { actor, meta }, {
      action: 'user.mfa_reset',
      entityId: target.id,
      details: { userId: target.id, hadFactor, recoveryCodesRemoved: codes.length, passkeysRemoved: keys.length },
    });
    return { reset: hadFactor, email: target.email };
  });
  if (reset) await sendSecurityNotice(services, email, { kind: 'second_factor_removed', byAdmin: true });
  return { reset };
}

// ---- sign-in challenges ---------------------------------------------------------------------------------------

/** A new challenge for a user who gave the right password; earlier unused ones of the user stop working. */
export async function issueSignInChallenge(services: AppServices, userId: number): Promise<string> {
  const { db } = services.database;
  const now = services.now();
  const token = generateToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(authTokens)
      .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, 'sign_in_challenge')));
    await tx.insert(authTokens).values({
      userId,
      kind: 'sign_in_challenge',
      tokenHash: hashSecret(token),
      expiresAt: new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_SECONDS * 1000),
    });
  });
  return token;
}

const liveChallenge = (token: string, now: Date) =>
  and(
    eq(authTokens.tokenHash, hashSecret(token)),
    eq(authTokens.kind, 'sign_in_challenge'),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, now),
  );

/** The user a live challenge belongs to, without spending it (a mistyped code may be typed again). */
export async function challengeUser(db: Database, token: string, now: Date): Promise<number | null> {
  const [row] = await db.select({ userId: authTokens.userId }).from(authTokens).where(liveChallenge(token, now));
  return row?.userId ?? null;
}

/** Spends the challenge: true for exactly one caller, while it is live. */
export async function spendChallenge(db: Database, token: string, now: Date): Promise<boolean> {
  const [row] = await db.update(authTokens).set({ usedAt: now }).where(liveChallenge(token, now)).returning({ userId: authTokens.userId });
  return row !== undefined;
}
