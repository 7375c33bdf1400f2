/**
 * Per-account sign-in back-off (issue 23 §7), on top of the per-IP limit of 10 a minute: credential stuffing
 * spread over many addresses is slowed by each address's own delay.
 *
 * - Keyed by an HMAC of the lower-cased e-mail, whether or not it has an account: an unknown address backs off
 *   exactly like a known one, so the back-off tells nothing about who is registered.
 * - The first FREE_FAILURES failures cost nothing; each one after blocks the address for 1 s, 2 s, 4 s … up to
 *   MAX_BLOCK_MS. While blocked, no password is checked (429 with Retry-After). Failures are forgotten an hour
 *   after the last one, and a successful sign-in clears them.
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

export interface SignInBackOff {
  /** The e-mail's key (also what the audit log records instead of the address). */
  emailHash(email: string): string;
  /** Milliseconds the address must still wait, 0 when it may try now. */
  waitFor(emailHash: string, now: Date): Promise<number>;
  /** Counts a failure; `notify` is true when this failure should tell the owner (once per burst, once a day). */
  recordFailure(emailHash: string, now: Date): Promise<{ failures: number; notify: boolean }>;
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

    async waitFor(emailHash, now) {
      const [row] = await db.select({ blockedUntil: signInFailures.blockedUntil }).from(signInFailures).where(eq(signInFailures.emailHash, emailHash));
      return row?.blockedUntil ? Math.max(0, row.blockedUntil.getTime() - now.getTime()) : 0;
    },

    async recordFailure(emailHash, now) {
      const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString();
      // One atomic upsert: concurrent failures on several instances each count.
      const [row] = await db
        .insert(signInFailures)
        .values({ emailHash, failures: 1, lastFailedAt: now })
        .onConflictDoUpdate({
          target: signInFailures.emailHash,
          set: {
            failures: sql`case when ${signInFailures.lastFailedAt} < ${forgetBefore}::timestamptz then 1 else ${signInFailures.failures} + 1 end`,
            lastFailedAt: now,
          },
        })
        .returning({ failures: signInFailures.failures, notifiedAt: signInFailures.notifiedAt });
      const failures = row!.failures;
      const block = blockAfter(failures);
      const notify =
        failures >= NOTICE_AFTER && (!row!.notifiedAt || now.getTime() - row!.notifiedAt.getTime() > NOTICE_INTERVAL_MS);
      await db
        .update(signInFailures)
        .set({ blockedUntil: block > 0 ? new Date(now.getTime() + block) : null, ...(notify ? { notifiedAt: now } : {}) })
        .where(eq(signInFailures.emailHash, emailHash));
      await deleteForgotten(now);
      return { failures, notify };
    },

    async clear(emailHash) {
      await db.delete(signInFailures).where(eq(signInFailures.emailHash, emailHash));
    },
  };
}
