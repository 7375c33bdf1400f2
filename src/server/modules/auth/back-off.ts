/**
 * Per-account sign-in back-off (issue 23 §7), on top of the per-IP limit of 10 a minute: credential stuffing
 * spread over many addresses is slowed by each address's own delay.
 *
 * - Keyed by an HMAC of the lower-cased e-mail, whether or not it has an account: an unknown address backs off
 *   exactly like a known one, so the back-off tells nothing about who is registered.
 * - The first FREE_FAILURES failures cost nothing; each one after blocks the address for 1 s, 2 s, 4 s … up to
 *   MAX_BLOCK_MS. While blocked, no password is checked (429 with Retry-After). Failures are forgotten an hour
 *   after the last one, and a successful sign-in clears them.
 * - An attempt is counted before its password is checked (claimAttempt), so parallel attempts cannot all slip
 *   through before the first failure is written (issue 34 §2, decision 0041).
 * - At NOTICE_AFTER failures in a row the owner (when the address has an account) gets one notice e-mail, at most
 *   once a day.
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInFailures } from '../../db/schema.ts';

export const FREE_FAILURES = 3;
export const MAX_BLOCK_MS = 15 * 60 * 1000;
export const FAILURE_MEMORY_MS = 60 * 60 * 1000;
export const NOTICE_AFTER = 10;
const NOTICE_INTERVAL_MS = 24 * 60 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 60 * 1000;

/** How long an address waits after its `failures`-th failure in a row (0 for the first few). */
export function blockAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_BLOCK_MS);
}

/** What the back-off says of one sign-in attempt: blocked (wait this long), or counted and allowed its check. */
export type SignInAttempt = { allowed: false; waitMs: number } | { allowed: true; failures: number };

export interface SignInBackOff {
  /** The e-mail's key (also what the audit log records instead of the address). */
  emailHash(email: string): string;
  /**
   * Decides an attempt before its password is checked, in one atomic statement (issue 34 §2, decision 0041): when
   * the address is not blocked, the attempt is counted as a failure at once, with the block that failure earns;
   * when it is, nothing changes. So parallel attempts — from one instance or many, the row is in the shared
   * database — check at most FREE_FAILURES passwords before the block holds. `failures` counts this attempt.
   */
  claimAttempt(emailHash: string, now: Date): Promise<SignInAttempt>;
  /** The password was wrong (the failure is already counted): true when this failure should tell the owner. */
  shouldNotify(emailHash: string, failures: number, now: Date): Promise<boolean>;
  /** A successful sign-in: the address starts afresh. */
  clear(emailHash: string): Promise<void>;
}

export function createSignInBackOff(db: Database, masterSecret: string): SignInBackOff {
  const secret = createHmac('sha256', masterSecret).update('sign-in-email').digest();
  let lastCleanup = 0;
  /** Rows whose failures are forgotten anyway are dropped now and then: a flood of made-up addresses does not pile up. */
  async function deleteForgotten(now: Date): Promise<void> {
    if (now.getTime() - lastCleanup < CLEANUP_INTERVAL_MS) return;
    lastCleanup = now.getTime();
    const before = new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString();
    await db.delete(signInFailures).where(sql`${signInFailures.lastFailedAt} < ${before}::timestamptz and (${signInFailures.notifiedAt} is null or ${signInFailures.notifiedAt} < ${before}::timestamptz - interval '23 hours')`);
  }
  return {
    emailHash: (email) => createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('base64url'),

    async claimAttempt(emailHash, now) {
      const blockedFor = async () => {
        const [row] = await db.select({ blockedUntil: signInFailures.blockedUntil }).from(signInFailures).where(eq(signInFailures.emailHash, emailHash));
        return row?.blockedUntil ? row.blockedUntil.getTime() - now.getTime() : 0;
      };
      // An address already blocked costs one read, as a hammered address mostly is; the statement below decides.
      const known = await blockedFor();
      if (known > 0) return { allowed: false, waitMs: known };
      await deleteForgotten(now);
      const at = now.toISOString();
      const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString();
      // The count this attempt makes (the old row's, as every reference in ON CONFLICT's SET is), and the block it
      // earns: blockAfter() in SQL, so count and block are written by the same statement.
      const failures = sql`(case when ${signInFailures.lastFailedAt} < ${forgetBefore}::timestamptz then 1 else ${signInFailures.failures} + 1 end)`;
      const blockedUntil = sql`(case when ${failures} < ${FREE_FAILURES} then null else ${at}::timestamptz + make_interval(secs => least(power(2, ${failures} - ${FREE_FAILURES}), ${MAX_BLOCK_MS / 1000})) end)`;
      const firstBlock = blockAfter(1);
      const [counted] = await db
        .insert(signInFailures)
        .values({ emailHash, failures: 1, lastFailedAt: now, blockedUntil: firstBlock > 0 ? new Date(now.getTime() + firstBlock) : null })
        .onConflictDoUpdate({
          target: signInFailures.emailHash,
          set: { failures, lastFailedAt: now, blockedUntil },
          // A blocked address: no row is updated, none returned. PostgreSQL (and PGlite) evaluate this on the row
          // locked for the update, so a parallel attempt sees the block the one before it wrote.
          setWhere: sql`${signInFailures.blockedUntil} is null or ${signInFailures.blockedUntil} <= ${at}::timestamptz`,
        })
        .returning({ failures: signInFailures.failures });
      if (counted) return { allowed: true, failures: counted.failures };
      // Blocked by a parallel attempt a moment ago. (Cleared since by a success: still refused; a second's wait.)
      return { allowed: false, waitMs: Math.max(1000, await blockedFor()) };
    },

    async shouldNotify(emailHash, failures, now) {
      if (failures < NOTICE_AFTER) return false;
      const since = new Date(now.getTime() - NOTICE_INTERVAL_MS).toISOString();
      // One statement: of parallel failures, only one wins the day's notice.
      const [row] = await db
        .update(signInFailures)
        .set({ notifiedAt: now })
        .where(sql`${signInFailures.emailHash} = ${emailHash} and (${signInFailures.notifiedAt} is null or ${signInFailures.notifiedAt} < ${since}::timestamptz)`)
        .returning({ emailHash: signInFailures.emailHash });
      return row !== undefined;
    },

    async clear(emailHash) {
      await db.delete(signInFailures).where(eq(signInFailures.emailHash, emailHash));
    },
  };
}
