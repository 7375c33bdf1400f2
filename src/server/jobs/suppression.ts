/**
 * The question the mail queue asks before every suppressible send (issue 24): has this address asked for no more
 * mail of this scope? 'all' stops every scope. The list itself is kept by modules/unsubscribe.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { SuppressionScope } from '../../shared/schemas/unsubscribe.ts';
import type { Database } from '../db/client.ts';
import { emailSuppressions } from '../db/schema.ts';

/** The scopes that stop a message of `scope`: its own, and 'all'. */
export const stoppingScopes = (scope: SuppressionScope): SuppressionScope[] => (scope === 'all' ? ['all'] : [scope, 'all']);

export async function isSuppressed(db: Database, email: string, scope: SuppressionScope): Promise<boolean> {
  const rows = await db
    .select({ id: emailSuppressions.id })
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.email, email.trim().toLowerCase()), inArray(emailSuppressions.scope, stoppingScopes(scope))))
    .limit(1);
  return rows.length > 0;
}
