/**
 * Sign-up, sign-in, e-mail confirmation and password reset (DESIGN §5).
 *
 * - No account enumeration: sign-in says 'Invalid email or password' for an unknown address and a wrong
 *   password alike (and spends the same argon2 time on both); sign-up, forgot-password and the confirmation
 *   re-send answer the same whether or not the address has an account. Only a caller who knows the password
 *   learns that the account is unconfirmed or awaiting approval.
 * - Confirmation and reset tokens: 32 random bytes, only their SHA-256 stored, single use (consumed by one atomic
 *   UPDATE … WHERE used_at IS NULL), expiring after 24 h and 1 h.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  AWAITING_APPROVAL_MESSAGE,
  type ConfirmEmailResponse,
  EMAIL_NOT_CONFIRMED_MESSAGE,
  INVALID_CONFIRMATION_LINK_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  SIGN_IN_BACKED_OFF_MESSAGE,
  type SignInResponse,
} from '../../../shared/schemas/accounts.ts';
import type { Database } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/http-errors.ts';
import { generateToken, hashSecret } from '../../lib/secrets.ts';
import { type Executor, uniqueViolation } from '../../lib/sql.ts';
import type { AppServices, RequestContext } from '../../services.ts';
import { addToAuditRollup, writeAudit } from '../audit/service.ts';
import { findUserByEmail, uniqueUsernameFor } from '../users/service.ts';
import type { MailMessage } from '../../jobs/mail.ts';
import type { SignInBackOff } from './back-off.ts';
import { alreadyRegisteredEmail, confirmationEmail, failedSignInsEmail, passwordResetEmail } from './emails.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export type AuthTokenKind = (typeof authTokens.$inferSelect)['kind'];

export const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** At most one confirmation (or reset) e-mail per address per minute: no mail bombing through these forms. */
export const EMAIL_RESEND_INTERVAL_MS = 60 * 1000;

export const SIGN_UP_MESSAGE = 'Account created. Check your email for the confirmation link.';
export const CONFIRMATION_SENT_MESSAGE =
  'If an account with this email is waiting for confirmation, a new confirmation link is on its way.';
export const RESET_REQUESTED_MESSAGE = 'If an account exists for this email, a password reset link is on its way.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset successfully.';

// A real argon2id hash of a random password: unknown e-mails are verified against it, so they take as long as known ones.
let dummyHash: Promise<string> | undefined;
const timingDummyHash = () => (dummyHash ??= hashPassword(generateToken()));

/** Stores a new token of this kind for the user (older unused ones stop working) and returns the raw token. */
async function issueToken(db: Database, userId: number, kind: AuthTokenKind, ttlMs: number): Promise<string> {
  return db.transaction((tx) => issueTokenIn(tx, userId, kind, ttlMs));
}

/** `issueToken` inside the caller's transaction. */
async function issueTokenIn(tx: Executor, userId: number, kind: AuthTokenKind, ttlMs: number): Promise<string> {
  const token = generateToken();
  await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
  await tx.insert(authTokens).values({ userId, kind, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** True when a token of this kind was issued for the user within the last minute. */
async function issuedRecently(db: Executor, userId: number, kind: AuthTokenKind): Promise<boolean> {
  const [latest] = await db
    .select({ createdAt: authTokens.createdAt })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind)))
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return latest !== undefined && Date.now() - latest.createdAt.getTime() < EMAIL_RESEND_INTERVAL_MS;
}

/** Marks the token used if it is valid and unused; one atomic statement, so two requests cannot both use it. */
async function consumeToken(db: Database, token: string, kind: AuthTokenKind): Promise<number | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, hashSecret(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

async function sendConfirmation(services: AppServices, user: { id: number; email: string }): Promise<void> {
  const token = await issueToken(services.database.db, user.id, 'confirm_email', CONFIRM_TOKEN_TTL_MS);
  await services.mailer.enqueue(confirmationEmail(user.email, services.config.publicUrl, token));
}

/** Resolves once `ms` have passed since `started` (a `performance.now()` reading). */
function waitUntil(started: number, ms: number): Promise<void> {
  const remaining = started + ms - performance.now();
  return remaining > 0 ? new Promise((resolve) => setTimeout(resolve, remaining)) : Promise.resolve();
}

/** Where a sign-up or sign-in came from, beyond the request meta: the country for the audit log, if known. */
export interface AuthRequestContext extends RequestContext {
  country: string | null;
}

/**
 * Sign-up answers the same for a new and a registered address, and must take the same time too, or the timing
 * tells whether an address has an account (issue 8 §9, issue 23 §5). Two layers:
 *
 * 1. Both paths do the same work: the password is hashed (argon2id, by far the largest cost) before the address
 *    is looked up; both look up the address and a free username, add to the hour's sign-up roll-up in the audit
 *    log, run one transaction of the same four round trips (a new account and its token; or the known account
 *    locked and its last token checked), and queue one e-mail job — the confirmation for a new account; for a
 *    known address a new confirmation link, or the "you already have an account" note to its owner. (An
 *    unconfirmed account that got a link less than a minute ago gets nothing more: no mail bombing.)
 * 2. What little still differs (an insert, a token) is hidden by answering no sooner than SIGN_UP_MIN_MS after
 *    the request began, whichever path ran — and also when it failed.
 */
export async function signUp(services: AppServices, context: AuthRequestContext & { input: { email: string; password: string } }) {
  const started = performance.now();
  try {
    await signUpWork(services, context);
  } finally {
    await waitUntil(started, services.config.signUpMinMs);
  }
}

async function signUpWork(services: AppServices, { country, input }: AuthRequestContext & { input: { email: string; password: string } }) {
  const { db } = services.database;
  const passwordHash = await hashPassword(input.password);
  const [existing, username] = await Promise.all([findUserByEmail(db, input.email), uniqueUsernameFor(db, input.email)]);
  // Anonymous, so one roll-up row per hour rather than a row per request (decision 0022); the user row is the record.
  await addToAuditRollup(db, services.now(), { action: 'user.signup', country });
  const mail = existing ? await remindExistingAccount(services, existing) : await createAccount(services, input, username, passwordHash);
  if (mail) await services.mailer.enqueue(mail);
}

/**
 * A new account and its confirmation token in one transaction (four round trips: the same as for a known address
 * in remindExistingAccount); the confirmation e-mail to queue.
 */
async function createAccount(
  services: AppServices,
  input: { email: string },
  firstUsername: string,
  passwordHash: string,
): Promise<MailMessage | null> {
  const { db } = services.database;
  // Two sign-ups may race for the derived username; the unique index decides and the loser tries the next name.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            username: attempt === 0 ? firstUsername : await uniqueUsernameFor(tx, input.email),
            email: input.email,
            passwordHash,
            isApproved: services.config.autoApprove,
          })
          .returning({ id: users.id, email: users.email });
        const token = generateToken();
        await tx
          .insert(authTokens)
          .values({ userId: created!.id, kind: 'confirm_email', tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + CONFIRM_TOKEN_TTL_MS) });
        return confirmationEmail(created!.email, services.config.publicUrl, token);
      });
    } catch (error) {
      const violation = uniqueViolation(error);
      if (!violation) throw error;
      if (!violation.constraint.includes('username')) {
        // The same address signed up a moment ago: answer as for any existing account.
        const raced = await findUserByEmail(db, input.email);
        return raced ? remindExistingAccount(services, raced) : null;
      }
    }
  }
  throw new Error('Could not find a free username');
}

/**
 * Sign-up with a known address — never a tell: a new confirmation link if unconfirmed (none if one went out less
 * than a minute ago: no mail bombing), else a note to the owner. Decided in one transaction with the user row
 * locked, so two sign-ups at once issue one link, and costing the same round trips as createAccount.
 */
async function remindExistingAccount(services: AppServices, user: typeof users.$inferSelect): Promise<MailMessage | null> {
  const { publicUrl } = services.config;
  return services.database.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const recent = await issuedRecently(tx, user.id, 'confirm_email');
    if (user.emailConfirmedAt) return alreadyRegisteredEmail(user.email, publicUrl);
    if (recent) return null;
    return confirmationEmail(user.email, publicUrl, await issueTokenIn(tx, user.id, 'confirm_email', CONFIRM_TOKEN_TTL_MS));
  });
}

/** Signs a session token for a user (the auth plugin holds the key). */
export type SignUserToken = (user: Pick<typeof users.$inferSelect, 'id' | 'tokenVersion'>) => Promise<string>;

export interface SignInDeps {
  signUserToken: SignUserToken;
  backOff: SignInBackOff;
  /** Told of every failed sign-in by address, so the captcha gets harder for it (captcha/service.ts). */
  onFailure?: (ipAddress: string | null) => void;
}

type SignInFailureReason = 'unknown_email' | 'wrong_password' | 'email_not_confirmed' | 'awaiting_approval' | 'backed_off';

/**
 * Sign-in (DESIGN §5) with a per-account back-off (issue 23 §7, back-off.ts) and an audit trail (issue 23 §6):
 * a success is one entry by the user (e-mail hash, country); failures, being anonymous, add to the hour's
 * roll-up with their reason, country and e-mail hash (decision 0022).
 */
export async function signIn(
  services: AppServices,
  deps: SignInDeps,
  context: AuthRequestContext & { input: { email: string; password: string } },
): Promise<SignInResponse> {
  const { db } = services.database;
  const { input, meta, country } = context;
  const now = services.now();
  const emailHash = deps.backOff.emailHash(input.email);
  const fail = async (reason: SignInFailureReason, user?: typeof users.$inferSelect) => {
    deps.onFailure?.(meta.ipAddress);
    await addToAuditRollup(db, now, { action: 'user.sign_in_failed', reason, country, emailHash });
    if (reason === 'backed_off') return;
    const { failures, notify } = await deps.backOff.recordFailure(emailHash, now);
    if (notify && user) await services.mailer.enqueue(failedSignInsEmail(user.email, services.config.publicUrl, failures));
  };

  const wait = await deps.backOff.waitFor(emailHash, now);
  if (wait > 0) {
    await fail('backed_off');
    throw tooManyRequests(SIGN_IN_BACKED_OFF_MESSAGE, wait / 1000);
  }
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await verifyPassword(await timingDummyHash(), input.password);
    await fail('unknown_email');
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await fail('wrong_password', user);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  await deps.backOff.clear(emailHash);
  // Only now, with the right password, may the caller learn the account's state.
  if (!user.emailConfirmedAt) {
    await addToAuditRollup(db, now, { action: 'user.sign_in_failed', reason: 'email_not_confirmed', country, emailHash });
    throw forbidden(EMAIL_NOT_CONFIRMED_MESSAGE);
  }
  if (!user.isApproved) {
    await addToAuditRollup(db, now, { action: 'user.sign_in_failed', reason: 'awaiting_approval', country, emailHash });
    throw forbidden(AWAITING_APPROVAL_MESSAGE);
  }
  const token = await deps.signUserToken(user);
  await writeAudit(
    db,
    { actor: { kind: 'user', userId: user.id, isAdmin: user.isAdmin }, meta },
    { action: 'user.sign_in', entityId: user.id, details: { emailHash, country } },
  );
  return { token, user: { id: user.id, email: user.email, isAdmin: user.isAdmin } };
}

export async function resendConfirmation(services: AppServices, email: string): Promise<void> {
  const user = await findUserByEmail(services.database.db, email);
  if (!user || user.emailConfirmedAt) return;
  if (await issuedRecently(services.database.db, user.id, 'confirm_email')) return;
  await sendConfirmation(services, user);
}

export async function confirmEmail(
  services: AppServices,
  { actor, meta, input }: RequestContext & { input: { token: string } },
): Promise<ConfirmEmailResponse> {
  const { db } = services.database;
  const userId = await consumeToken(db, input.token, 'confirm_email');
  if (userId === null) throw badRequest(INVALID_CONFIRMATION_LINK_MESSAGE);
  const [user] = await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ isApproved: users.isApproved });
  if (!user) throw badRequest(INVALID_CONFIRMATION_LINK_MESSAGE);
  await writeAudit(db, { actor, meta }, { action: 'user.confirm_email', entityId: userId });
  return user.isApproved
    ? { message: 'Your email address is confirmed. You can sign in now.', needsApproval: false }
    : {
        message: 'Your email address is confirmed. An administrator will approve your account; we will email you when you can sign in.',
        needsApproval: true,
      };
}

export async function requestPasswordReset(services: AppServices, email: string): Promise<void> {
  const { db } = services.database;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  if (await issuedRecently(db, user.id, 'reset_password')) return;
  const token = await issueToken(db, user.id, 'reset_password', RESET_TOKEN_TTL_MS);
  await services.mailer.enqueue(passwordResetEmail(user.email, services.config.publicUrl, token));
}

export async function resetPassword(
  services: AppServices,
  { actor, meta, input }: RequestContext & { input: { token: string; password: string } },
): Promise<void> {
  const { db } = services.database;
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const consumed = await consumeToken(tx as unknown as Database, input.token, 'reset_password');
    if (consumed === null) return null;
    await tx
      .update(users)
      .set({
        passwordHash,
        // Every session signed with the old password ends now (DESIGN §5).
        tokenVersion: sql`${users.tokenVersion} + 1`,
        // The reset link reached the inbox, which proves the address as well as a confirmation link would.
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, consumed));
    return consumed;
  });
  if (userId === null) throw badRequest(INVALID_RESET_LINK_MESSAGE);
  await writeAudit(db, { actor, meta }, { action: 'user.password_reset', entityId: userId });
}
