/**
 * Sign-up, e-mail confirmation and password reset (docs/architecture.md §5); sign-in is in sign-in.ts, the reset
 * request and the confirmation re-send in account-mail.ts.
 *
 * - No account enumeration: sign-up, forgot-password and the confirmation re-send answer the same, and in the same
 *   time, whether or not the address has an account (decision 0041). Sign-in holds the same rule.
 * - Confirmation and reset tokens: 32 random bytes, only their SHA-256 stored, single use (consumed by one atomic
 *   UPDATE … WHERE used_at IS NULL), expiring after 24 h and 1 h.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  type ConfirmEmailResponse,
  INVALID_CONFIRMATION_LINK_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
} from '../../../shared/schemas/accounts.ts';
import type { AuthUser } from '../../../shared/schemas/auth.ts';
import type { Database } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';
import type { MailMessage } from '../../jobs/mail.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { generateToken, hashSecret } from '../../lib/secrets.ts';
import { type Executor, uniqueViolation } from '../../lib/sql.ts';
import type { AppServices, RequestContext } from '../../services.ts';
import { addToAuditRollup, writeAudit } from '../audit/service.ts';
import { findUserByEmail, uniqueUsernameFor, webhookUser } from '../users/service.ts';
import { WEBHOOK_EVENT } from '../../../shared/schemas/webhooks.ts';
import { recordWebhookEvent } from '../webhooks/outbox.ts';
import { alreadyRegisteredEmail, confirmationEmail } from '../mail/account-emails.ts';
import { hashPassword } from '../../lib/passwords.ts';

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


/** Stores a new token of this kind for the user, inside the caller's transaction (older unused ones stop working), and returns the raw token. */
export async function issueTokenIn(tx: Executor, userId: number, kind: AuthTokenKind, ttlMs: number): Promise<string> {
  const token = generateToken();
  await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
  await tx.insert(authTokens).values({ userId, kind, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** True when a token of this kind was issued for the user within the last minute. */
export async function issuedRecently(db: Executor, userId: number, kind: AuthTokenKind): Promise<boolean> {
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

/** A mail decided inside a transaction and rendered after it, so no row stays locked while a template renders. */
type PendingMail = () => Promise<MailMessage>;

/** Resolves once `ms` have passed since `started` (a `performance.now()` reading). */
export async function waitUntil(started: number, ms: number): Promise<void> {
  // A timer counts from the event loop's cached clock, which may lag the real one: it can fire a millisecond early,
  // so the remainder is measured again after it (seen: an answer 1.1 ms under the floor).
  for (let remaining = started + ms - performance.now(); remaining > 0; remaining = started + ms - performance.now()) {
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(remaining)));
  }
}

/** Where a sign-up or sign-in came from, beyond the request meta: the country for the audit log, if known. */
/**
 * The signed-in user as `GET /api/auth/validate` answers it. The actor holds ids only (decision 0038), so the route
 * reads the row here; undefined when the account went away since the auth hook read it.
 */
export async function signedInUser(db: Database, userId: number): Promise<AuthUser | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, isAdmin: users.isAdmin, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

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
  if (mail) await services.mailer.enqueue(await mail());
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
): Promise<PendingMail | null> {
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
          .returning();
        // Issue 41: committed with the new account (decision 0063).
        await recordWebhookEvent(tx, WEBHOOK_EVENT.userSignedUp, webhookUser(created!));
        const token = generateToken();
        await tx
          .insert(authTokens)
          .values({ userId: created!.id, kind: 'confirm_email', tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + CONFIRM_TOKEN_TTL_MS) });
        return () => confirmationEmail(created!.email, services.mailBrand, token);
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
async function remindExistingAccount(services: AppServices, user: typeof users.$inferSelect): Promise<PendingMail | null> {
  const { mailBrand } = services;
  return services.database.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const recent = await issuedRecently(tx, user.id, 'confirm_email');
    if (user.emailConfirmedAt) return () => alreadyRegisteredEmail(user.email, mailBrand);
    if (recent) return null;
    const token = await issueTokenIn(tx, user.id, 'confirm_email', CONFIRM_TOKEN_TTL_MS);
    return () => confirmationEmail(user.email, mailBrand, token);
  });
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
        // Every session signed with the old password ends now (docs/architecture.md §5).
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
