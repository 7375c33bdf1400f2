/**
 * A signed-in person changes their own password on the Security page (issue 36 item 6).
 *
 * - The current password is the proof (a session left open on a shared computer is not enough), checked like a
 *   sign-in: the attempt is claimed from the address's back-off before the password is checked (back-off.ts), a wrong
 *   one answers one fixed text, joins the hour's roll-up of failed sign-ins (`wrong_current_password`) and tells the
 *   captcha and, at the tenth in a row, the owner.
 * - The token version goes up, so every token signed with the old password stops working on every instance at the
 *   next request — also a sign-in with the old password racing this change. The session that asked keeps going: its
 *   row takes the new version and the answer carries its token signed again (same session, same expiry).
 *   Every other session row is deleted, and unused reset links stop working.
 * - Audited as `user.password_change` (`by: 'self'`, never a password); the owner gets the security notice.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  type ChangePasswordResponse,
} from '../../../shared/schemas/accounts.ts';
import { authTokens, sessions, users } from '../../db/schema.ts';
import { badRequest, unauthorized } from '../../lib/http-errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AppServices, UserContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { sendSecurityNotice } from '../mail/account-emails.ts';
import type { SignInBackOff } from './back-off.ts';
import { claimSignInAttempt, failureRecorder } from './sign-in.ts';

export interface PasswordChangeDeps {
  backOff: SignInBackOff;
  /** The asking session's token signed for the new token version (the auth plugin holds the key). */
  renewToken(tokenVersion: number): Promise<string>;
  onFailure?: (ipAddress: string | null) => void;
}

export async function changePassword(
  services: AppServices,
  deps: PasswordChangeDeps,
  context: UserContext & { country: string | null; currentSessionId: string; input: { currentPassword: string; password: string } },
): Promise<ChangePasswordResponse> {
  const { db } = services.database;
  const { actor, meta, userId, currentSessionId, input } = context;
  const now = services.now();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized('Your session has expired. Please sign in again.');
  const emailHash = deps.backOff.emailHash(user.email);
  const fail = failureRecorder(services, deps, context, emailHash, now);
  const attempt = await claimSignInAttempt(deps, emailHash, now, fail);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await fail('wrong_current_password', attempt.failures, user);
    throw badRequest(CURRENT_PASSWORD_WRONG_MESSAGE, [{ field: 'currentPassword', message: CURRENT_PASSWORD_WRONG_MESSAGE }]);
  }
  await deps.backOff.clear(emailHash);
  const passwordHash = await hashPassword(input.password);
  const { tokenVersion, ended } = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ tokenVersion: users.tokenVersion });
    if (!changed) throw unauthorized('Your session has expired. Please sign in again.');
    const [kept] = await tx
      .update(sessions)
      .set({ tokenVersion: changed.tokenVersion })
      .where(and(eq(sessions.id, currentSessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    // Ended a moment ago from another device: nothing is left to keep, and the change is not made.
    if (!kept) throw unauthorized('Your session has expired. Please sign in again.');
    const endedRows = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.kind, 'reset_password'), isNull(authTokens.usedAt)));
    await writeAudit(tx, { actor, meta }, {
      action: 'user.password_change',
      entityId: userId,
      details: { userId, by: 'self', otherSessionsEnded: endedRows.length },
    });
    return { tokenVersion: changed.tokenVersion, ended: endedRows.length };
  });
  const token = await deps.renewToken(tokenVersion);
  await sendSecurityNotice(services, user.email, { kind: 'password_changed' });
  return { token, message: PASSWORD_CHANGED_MESSAGE, endedSessions: ended };
}
