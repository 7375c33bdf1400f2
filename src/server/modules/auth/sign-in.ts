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
import type { users } from '../../db/schema.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/http-errors.ts';
import { generateToken } from '../../lib/secrets.ts';
import type { AppServices } from '../../services.ts';
import { addToAuditRollup, writeAudit } from '../audit/service.ts';
import { findUserByEmail } from '../users/service.ts';
import type { SignInBackOff } from './back-off.ts';
import { failedSignInsEmail } from './emails.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
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

type SignInFailureReason = 'unknown_email' | 'wrong_password' | 'email_not_confirmed' | 'awaiting_approval' | 'backed_off';

/**
 * Sign-in (docs/architecture.md §5) with a per-account back-off (issue 23 §7, back-off.ts) and an audit trail (issue 23 §6):
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
  const fail = async (reason: SignInFailureReason, failures?: number, user?: typeof users.$inferSelect) => {
    deps.onFailure?.(meta.ipAddress);
    await addToAuditRollup(db, now, { action: 'user.sign_in_failed', reason, country, emailHash });
    if (failures === undefined) return;
    // Asked for a known and an unknown address alike, so a burst's tenth failure takes the same time for both.
    const notify = await deps.backOff.shouldNotify(emailHash, failures, now);
    if (notify && user) await services.mailer.enqueue(await failedSignInsEmail(user.email, services.mailBrand, failures));
  };

  // Counted as a failure before any password is checked (decision 0041): parallel guesses cannot outrun the block.
  const attempt = await deps.backOff.claimAttempt(emailHash, now);
  if (!attempt.allowed) {
    await fail('backed_off');
    throw tooManyRequests(SIGN_IN_BACKED_OFF_MESSAGE, attempt.waitMs / 1000);
  }
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
  const token = await deps.signUserToken(user, { userAgent: meta.userAgent, country });
  await writeAudit(
    db,
    { actor: { kind: 'user', userId: user.id, role: user.role, isAdmin: user.isAdmin }, meta },
    { action: 'user.sign_in', entityId: user.id, details: { emailHash, country } },
  );
  return { token, user: { id: user.id, email: user.email, isAdmin: user.isAdmin, role: user.role } };
}
