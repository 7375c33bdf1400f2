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
  type SignInResponse,
} from '../../../shared/schemas/accounts.ts';
import type { Database } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/http-errors.ts';
import { generateToken, hashSecret } from '../../lib/secrets.ts';
import { uniqueViolation } from '../../lib/sql.ts';
import type { AppServices, RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { findUserByEmail, uniqueUsernameFor } from '../users/service.ts';
import { alreadyRegisteredEmail, confirmationEmail, passwordResetEmail } from './emails.ts';
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
  const token = generateToken();
  await db.transaction(async (tx) => {
    await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({ userId, kind, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + ttlMs) });
  });
  return token;
}

/** True when a token of this kind was issued for the user within the last minute. */
async function issuedRecently(db: Database, userId: number, kind: AuthTokenKind): Promise<boolean> {
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
  await services.mailer.enqueue(await confirmationEmail(user.email, services.mailBrand, token));
}

/**
 * Sign-up answers the same for a new and a registered address, and must take the same time too, or the timing
 * tells whether an address has an account (issue 8 §9). So both paths do the expensive work: the password is
 * hashed (argon2id, tens of milliseconds, by far the largest cost) before the address is even looked up, and both
 * queue one e-mail job — the confirmation for a new account; for a known address a new confirmation link, or the
 * "you already have an account" note to its owner. The one exception is an unconfirmed account that got a link
 * less than a minute ago: nothing more is queued (no mail bombing), a difference of one job insert, far below
 * the spread of the hash.
 */
export async function signUp(services: AppServices, { actor, meta, input }: RequestContext & { input: { email: string; password: string } }) {
  const { db } = services.database;
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    await remindExistingAccount(services, existing);
    return;
  }
  let created: { id: number; email: string } | undefined;
  // Two sign-ups may race for the derived username; the unique index decides and the loser tries the next name.
  for (let attempt = 0; attempt < 3 && !created; attempt += 1) {
    try {
      [created] = await db
        .insert(users)
        .values({
          username: await uniqueUsernameFor(db, input.email),
          email: input.email,
          passwordHash,
          isApproved: services.config.autoApprove,
        })
        .returning({ id: users.id, email: users.email });
    } catch (error) {
      const violation = uniqueViolation(error);
      if (!violation) throw error;
      if (!violation.constraint.includes('username')) {
        // The same address signed up a moment ago: answer as for any existing account.
        const raced = await findUserByEmail(db, input.email);
        if (raced) await remindExistingAccount(services, raced);
        return;
      }
    }
  }
  if (!created) throw new Error('Could not find a free username');
  await writeAudit(db, { actor, meta }, { action: 'user.signup', entityId: created.id, details: { email: created.email } });
  await sendConfirmation(services, created);
}

/** Sign-up with a known address: a new confirmation link if unconfirmed, else a note to the owner — never a tell. */
async function remindExistingAccount(services: AppServices, user: typeof users.$inferSelect): Promise<void> {
  if (!user.emailConfirmedAt) {
    if (!(await issuedRecently(services.database.db, user.id, 'confirm_email'))) await sendConfirmation(services, user);
    return;
  }
  await services.mailer.enqueue(await alreadyRegisteredEmail(user.email, services.mailBrand));
}

/** Signs a session token for a user (the auth plugin holds the key). */
export type SignUserToken = (user: Pick<typeof users.$inferSelect, 'id' | 'tokenVersion'>) => Promise<string>;

export async function signIn(
  services: AppServices,
  signUserToken: SignUserToken,
  input: { email: string; password: string },
): Promise<SignInResponse> {
  const user = await findUserByEmail(services.database.db, input.email);
  if (!user) {
    await verifyPassword(await timingDummyHash(), input.password);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  // Only now, with the right password, may the caller learn the account's state.
  if (!user.emailConfirmedAt) throw forbidden(EMAIL_NOT_CONFIRMED_MESSAGE);
  if (!user.isApproved) throw forbidden(AWAITING_APPROVAL_MESSAGE);
  const token = await signUserToken(user);
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
  await services.mailer.enqueue(await passwordResetEmail(user.email, services.mailBrand, token));
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
