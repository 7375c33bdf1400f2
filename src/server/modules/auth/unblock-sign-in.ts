/**
 * An admin lifts an account's sign-in back-off (issue 34 §8, decision 0041). One wrong attempt every 15 minutes
 * keeps an address blocked for as long as someone keeps at it (each failure past the third blocks again, up to
 * 15 minutes, and failures are forgotten only an hour after the last): the owner cannot wait it out, so an admin
 * can clear the count. The next wrong attempts count from zero again.
 */
import { eq } from 'drizzle-orm';
import type { UnblockSignInResponse } from '../../../shared/schemas/accounts.ts';
import { signInFailures, users } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { AppServices, RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';
import { USER_NOT_FOUND_MESSAGE } from '../users/service.ts';
import type { SignInBackOff } from './back-off.ts';

export async function unblockSignIn(
  services: AppServices,
  backOff: Pick<SignInBackOff, 'emailHash'>,
  { actor, meta, input }: RequestContext & { input: { id: number } },
): Promise<UnblockSignInResponse> {
  return services.database.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, input.id)).for('update');
    if (!user) throw notFound(USER_NOT_FOUND_MESSAGE);
    const [cleared] = await tx
      .delete(signInFailures)
      .where(eq(signInFailures.emailHash, backOff.emailHash(user.email)))
      .returning({ failures: signInFailures.failures, blockedUntil: signInFailures.blockedUntil });
    if (!cleared) return { unblocked: false, message: 'This account had no failed sign-ins on record.' };
    await writeAudit(tx, { actor, meta }, {
      action: 'user.sign_in_unblock',
      entityId: user.id,
      change: { before: { failures: cleared.failures, blockedUntil: cleared.blockedUntil }, after: { failures: 0, blockedUntil: null } },
    });
    return { unblocked: true, message: 'Sign-in unblocked: the failed attempts on record are cleared.' };
  });
}
